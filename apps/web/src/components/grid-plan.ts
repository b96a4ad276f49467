import { cellsPerRow, hasAdCell, rowFillCells } from "@market/domain";

/**
 * The grids carry an extra ad cell when there are more than 20 results (spec 2); a grid of lists that
 * are not the catalogue (favorites, following) may turn it off.
 */
export const GRID_SHOWS_ADS = true;

export interface GridPlan {
  /** Cells per row at this width; 0 means a narrow screen, where the browser flows the cells and rows are not filled. */
  columns: 0 | 3 | 4;
  /** Whether the grid carries the extra ad cell. */
  adCell: boolean;
  /** Empty cells that complete the last row. */
  fillCells: number;
}

/** The grid of spec section 2 at a container width, for the cells on this page and the results in all. */
export function planGrid(input: {
  width: number;
  cellCount: number;
  total: number;
  showAds?: boolean;
}): GridPlan {
  const adCell = (input.showAds ?? GRID_SHOWS_ADS) && input.cellCount > 0 && hasAdCell(input.total);
  const cells = input.cellCount + (adCell ? 1 : 0);
  return { columns: cellsPerRow(input.width), adCell, fillCells: rowFillCells(cells, input.width) };
}
