import { abbreviateNumber, type EarningsMonth, monthEarned } from "@market/domain";
import type { EarningsTextKey } from "./earnings-texts.ts";

/**
 * The chart's series, in drawing order: one definition of each series' colour and name, used for its bars,
 * its legend entry and its column in the table beside the chart, so the three always match. Colours are
 * dark members of the admin-editable pool (3:1 or more against the page, WCAG 1.4.11).
 */
export const EARNINGS_SERIES = [
  { key: "sales", label: "earnings.series.sales", color: "var(--tile-1)" },
  { key: "tips", label: "earnings.series.tips", color: "var(--tile-3)" },
  { key: "fees", label: "earnings.series.fees", color: "var(--tile-9)" },
] as const satisfies readonly { key: keyof EarningsMonth; label: EarningsTextKey; color: string }[];

/** Whether any month has something to draw. */
export const hasEarnings = (months: readonly EarningsMonth[]) =>
  months.some((m) => m.sales !== 0 || m.tips !== 0 || m.fees !== 0);

/** A whole number of dollars on the value axis: "$40", "-$5", "$1.2k". */
export const axisDollars = (dollars: number) =>
  dollars < 0 ? `-$${abbreviateNumber(-dollars)}` : `$${abbreviateNumber(dollars)}`;

/** The figures the chart's spoken summary names: the total earned after fees, and the best month. */
export function chartSummary(months: readonly EarningsMonth[]) {
  let best = months[0]!;
  for (const m of months) if (monthEarned(m) > monthEarned(best)) best = m;
  return {
    first: months[0]!.month,
    last: months.at(-1)!.month,
    total: months.reduce((sum, m) => sum + monthEarned(m), 0),
    best: best.month,
    bestAmount: monthEarned(best),
  };
}
