import { describe, expect, it } from "vitest";
import { colorVariables, colorVariablesCss, contrastRatio, DEFAULT_COLORS, textColorFor } from "./colors.ts";
import { COUNTS } from "./limits.ts";

describe("the colour pool (spec 3: 13 colours, 12 for tiles, the 13th for the message tile)", () => {
  it("has 13 entries with unique names and CSS variables", () => {
    expect(DEFAULT_COLORS).toHaveLength(COUNTS.colorPool);
    expect(new Set(DEFAULT_COLORS.map((c) => c.name)).size).toBe(13);
    expect(new Set(DEFAULT_COLORS.map((c) => c.cssVarName)).size).toBe(13);
    expect(DEFAULT_COLORS.filter((c) => c.name.startsWith("tile-"))).toHaveLength(COUNTS.tileColors);
  });

  it("gives every colour a text colour meeting WCAG AA (4.5:1) (UX.md)", () => {
    for (const color of DEFAULT_COLORS) {
      expect(contrastRatio(color.css, textColorFor(color.css)), color.name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("computes the WCAG contrast of black on white as 21", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});

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

  it("writes them as one :root rule for the served page", () => {
    expect(colorVariablesCss([{ cssVarName: "--tile-1", css: "#1d4ed8" }])).toBe(
      ":root{--tile-1:#1d4ed8;--tile-1-text:#ffffff}",
    );
    expect(colorVariablesCss([{ cssVarName: "--x", css: "#000000</style><script>" }])).toBe(":root{}");
  });
});
