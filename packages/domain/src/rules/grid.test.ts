import { describe, expect, it } from "vitest";
import { cellsPerRow, hasAdCell, rowFillCells } from "./grid.ts";
import { GRID } from "./limits.ts";

describe("grid math (spec 2)", () => {
  it.each([
    [320, 0],
    [499, 0],
    [500, 4],
    [1179, 4],
    [1180, 3],
    [1280, 3],
    [1380, 3],
    [1381, 4],
    [1920, 4],
  ])("%i px wide -> %i cells per row", (width, cells) => expect(cellsPerRow(width)).toBe(cells));

  it("fills the last row, except when rows are not filled", () => {
    expect(rowFillCells(10, 1280)).toBe(2);
    expect(rowFillCells(12, 1280)).toBe(0);
    expect(rowFillCells(10, 1600)).toBe(2);
    expect(rowFillCells(13, 1600)).toBe(3);
    expect(rowFillCells(10, 400)).toBe(0);
    expect(rowFillCells(0, 1600)).toBe(0);
  });

  it("pages by 12 and adds an ad cell only past 20 results", () => {
    expect(GRID.pageCells).toBe(12);
    expect(hasAdCell(20)).toBe(false);
    expect(hasAdCell(21)).toBe(true);
  });
});
