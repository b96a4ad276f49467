import type { InsightFigures } from "@market/domain";
import type { InsightTextKey } from "./insight-texts.ts";

/** One line or bar series of a chart: the figure it draws, its name and its colour (legend and table too). */
export interface ChartSeries {
  key: keyof InsightFigures;
  label: InsightTextKey;
  color: string;
}

export interface ChartSpec {
  id: string;
  title: InsightTextKey;
  kind: "line" | "bar";
  series: readonly ChartSeries[];
}

/**
 * The three charts of the insight page, each with at most two series: the visits as lines, what visitors
 * did as stacked bars, the money as bars. Colours are dark members of the admin-editable pool (3:1 or more
 * against the page), two per chart at most, so a phone's small chart stays legible.
 */
export const INSIGHT_CHARTS = [
  {
    id: "visits",
    title: "insight.chart.visits",
    kind: "line",
    series: [
      { key: "views", label: "insight.figure.views", color: "var(--tile-1)" },
      { key: "uniqueVisitors", label: "insight.figure.uniqueVisitors", color: "var(--tile-11)" },
    ],
  },
  {
    id: "actions",
    title: "insight.chart.actions",
    kind: "bar",
    series: [
      { key: "downloads", label: "insight.figure.downloads", color: "var(--tile-3)" },
      { key: "purchases", label: "insight.figure.purchases", color: "var(--tile-7)" },
    ],
  },
  {
    id: "revenue",
    title: "insight.chart.revenue",
    kind: "bar",
    series: [{ key: "revenueCents", label: "insight.figure.revenue", color: "var(--tile-1)" }],
  },
] as const satisfies readonly ChartSpec[];
