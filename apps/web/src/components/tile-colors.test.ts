import { DEFAULT_COLORS } from "@market/domain";
import { describe, expect, it } from "vitest";
import { chooseTileColor, tilePalette } from "./tile-colors.ts";

const palette = tilePalette(DEFAULT_COLORS);
const plain = { backgroundColor: null, excluded_colors: [] };

describe("tile colours", () => {
  it("uses the 12 tile colours in order, not the message colour", () => {
    expect(palette.map((c) => c.name)).toEqual(Array.from({ length: 12 }, (_, i) => `tile-${i + 1}`));
    expect(tilePalette(undefined)).toHaveLength(12);
  });

  it("cycles through the tile colours by position", () => {
    expect(chooseTileColor(0, plain, palette)).toEqual({
      name: "tile-1",
      background: "var(--tile-1)",
      color: "var(--tile-1-text)",
    });
    expect(chooseTileColor(11, plain, palette).name).toBe("tile-12");
    expect(chooseTileColor(12, plain, palette).name).toBe("tile-1");
  });

  it("skips colours the resource excludes, by name, variable or hex", () => {
    expect(chooseTileColor(0, { backgroundColor: null, excluded_colors: ["tile-1"] }, palette).name).toBe(
      "tile-2",
    );
    expect(
      chooseTileColor(0, { backgroundColor: null, excluded_colors: ["--tile-1", "#FDE68A"] }, palette).name,
    ).toBe("tile-3");
    expect(chooseTileColor(11, { backgroundColor: null, excluded_colors: ["tile-12"] }, palette).name).toBe(
      "tile-1",
    );
  });

  it("keeps a colour when every colour is excluded", () => {
    const all = palette.map((c) => c.name);
    expect(chooseTileColor(3, { backgroundColor: null, excluded_colors: all }, palette).name).toBe("tile-4");
  });

  it("prefers the resource's own background colour with a readable text colour", () => {
    expect(chooseTileColor(0, { backgroundColor: "#000000", excluded_colors: [] }, palette)).toEqual({
      name: null,
      background: "#000000",
      color: "#ffffff",
    });
    expect(chooseTileColor(0, { backgroundColor: "#fefefe", excluded_colors: [] }, palette).color).toBe(
      "#111827",
    );
    expect(chooseTileColor(5, { backgroundColor: "tile-7", excluded_colors: [] }, palette).name).toBe(
      "tile-7",
    );
    expect(chooseTileColor(5, { backgroundColor: "not a colour", excluded_colors: [] }, palette).name).toBe(
      "tile-6",
    );
  });
});
