import { GRID } from "./limits.ts";

/**
 * The grid of resources (spec section 2): cells per row is 0 under 500 px wide (no row fill),
 * 3 from 1180 to 1380, and 4 otherwise; a page is 12 cells; an extra ad cell when there are more
 * than 20 results.
 */
export function cellsPerRow(width: number): 0 | 3 | 4 {
  if (width < GRID.narrowWidth) return 0;
  if (width >= GRID.threeColumnMinWidth && width <= GRID.threeColumnMaxWidth) return 3;
  return 4;
}

/** Empty cells that complete the last row; none when rows are not filled (narrow screens). */
export function rowFillCells(cellCount: number, width: number): number {
  const perRow = cellsPerRow(width);
  if (perRow === 0 || cellCount === 0) return 0;
  const remainder = cellCount % perRow;
  return remainder === 0 ? 0 : perRow - remainder;
}

export function hasAdCell(resultCount: number): boolean {
  return resultCount > GRID.adCellMinResults;
}
