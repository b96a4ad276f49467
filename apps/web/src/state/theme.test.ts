import { describe, expect, it } from "vitest";
import { applyColorVariables, applyCssOverride } from "./theme.ts";

describe("colour variables", () => {
  it("sets the variables on the root element", () => {
    applyColorVariables(document.documentElement, [{ cssVarName: "--tile-3", css: "#047857" }]);
    expect(document.documentElement.style.getPropertyValue("--tile-3")).toBe("#047857");
  });
});

describe("applyCssOverride", () => {
  it("injects the override once and replaces it on change", () => {
    applyCssOverride("body { color: red; }");
    applyCssOverride("body { color: blue; }");
    const sheets = document.adoptedStyleSheets ?? [];
    const styles = document.querySelectorAll("style#css-override");
    if (sheets.length > 0) {
      expect(sheets).toHaveLength(1);
    } else {
      expect(styles).toHaveLength(1);
      expect(styles[0]?.textContent).toBe("body { color: blue; }");
    }
    expect(document.querySelectorAll("script")).toHaveLength(0);
  });
});
