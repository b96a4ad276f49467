import { describe, expect, it } from "vitest";
import { GRID_SHOWS_ADS, planGrid } from "./grid-plan.ts";

describe("planGrid", () => {
  it.each([
    [320, 12, 0, 0],
    [499, 5, 0, 0],
    [500, 5, 4, 3],
    [900, 12, 4, 0],
    [1180, 10, 3, 2],
    [1380, 12, 3, 0],
    [1381, 9, 4, 3],
  ])("at %d px, %d cells: %d per row and %d fill cells", (width, cellCount, columns, fillCells) => {
    expect(planGrid({ width, cellCount, total: cellCount })).toEqual({ columns, adCell: false, fillCells });
  });

  it("shows the ad cell in the grids by default, and none when a grid turns ads off", () => {
    expect(GRID_SHOWS_ADS).toBe(true);
    expect(planGrid({ width: 900, cellCount: 12, total: 500 }).adCell).toBe(true);
    expect(planGrid({ width: 900, cellCount: 12, total: 500, showAds: false }).adCell).toBe(false);
  });

  it("adds the ad cell for more than 20 results when ads are shown, and fills the row around it", () => {
    expect(planGrid({ width: 900, cellCount: 12, total: 20, showAds: true })).toEqual({
      columns: 4,
      adCell: false,
      fillCells: 0,
    });
    expect(planGrid({ width: 900, cellCount: 12, total: 21, showAds: true })).toEqual({
      columns: 4,
      adCell: true,
      fillCells: 3,
    });
    expect(planGrid({ width: 900, cellCount: 0, total: 21, showAds: true }).adCell).toBe(false);
  });
});
