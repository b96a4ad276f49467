import { DEFAULT_COLORS } from "@market/domain";
import { describe, expect, it } from "vitest";
import { applyColorVariables, applyCssOverride, colorVariables } from "./theme.ts";

describe("colour variables", () => {
  it("maps every pool colour to its variable and a readable text colour", () => {
    const vars = colorVariables(DEFAULT_COLORS);
    expect(Object.keys(vars)).toHaveLength(26);
    expect(vars["--tile-1"]).toBe("#1d4ed8");
    expect(vars["--tile-1-text"]).toBe("#ffffff");
    expect(vars["--tile-2-text"]).toBe("#111827");
  });

  it("skips entries that are not a safe variable name and hex colour", () => {
    expect(
      colorVariables([
        { cssVarName: "--x;}body{", css: "#000000" },
        { cssVarName: "--ok", css: "red" },
      ]),
    ).toEqual({});
  });

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
