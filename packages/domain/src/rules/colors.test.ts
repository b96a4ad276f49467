import { describe, expect, it } from "vitest";
import { contrastRatio, DEFAULT_COLORS, textColorFor } from "./colors.ts";
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
