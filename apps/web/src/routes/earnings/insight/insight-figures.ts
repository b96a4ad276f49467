import {
  addDays,
  conversionPercent,
  dayInZone,
  formatAmount,
  INSIGHT_MAX_DAYS,
  type InsightFigures,
  type InsightInterval,
  type InsightResponse,
} from "@market/domain";
import { formatIsoDate, formatMonth, formatMonthDay } from "../../../components/format.ts";
import { csvText } from "../earnings-csv.ts";
import type { InsightTextKey, InsightTexts } from "./insight-texts.ts";

/** One point of the series, with the day its interval starts. */
export type InsightPoint = InsightResponse["series"][number];
export type InsightTotals = InsightResponse["totals"];

/** The figures in the order the cards, the tables and the CSV give them. */
export const FIGURES = [
  { key: "views", label: "insight.figure.views" },
  { key: "uniqueVisitors", label: "insight.figure.uniqueVisitors" },
  { key: "downloads", label: "insight.figure.downloads" },
  { key: "purchases", label: "insight.figure.purchases" },
  { key: "revenueCents", label: "insight.figure.revenue" },
  { key: "favorites", label: "insight.figure.favorites" },
  { key: "follows", label: "insight.figure.follows" },
] as const satisfies readonly { key: keyof InsightFigures; label: InsightTextKey }[];

/** A figure as a card or a table says it: counts in full ("1,204"), revenue in dollars. */
export const showFigure = (key: keyof InsightFigures, value: number) =>
  key === "revenueCents" ? formatAmount(value) : value.toLocaleString("en-US");

/** A conversion as a percentage ("3.4%"), or the dash of no visitors (0 of 0 is not 0%). */
export const showConversion = (e: InsightTexts, percent: number | null) =>
  percent === null ? e("insight.noConversion") : `${percent.toLocaleString("en-US")}%`;

/** A point's conversion: the same rule the server's totals follow. */
export const pointConversion = (p: InsightFigures) =>
  conversionPercent(p.purchases + p.downloads, p.uniqueVisitors);

/** Whether the period holds anything at all (else the empty state says what will come). */
export const hasInsight = (data: InsightResponse) =>
  data.sources.length > 0 || FIGURES.some((f) => data.totals[f.key] !== 0);

/** Where a period starts, as a row and a tooltip say it: "Nov 5, 2026", "Week of Nov 2, 2026", "Nov 2026". */
export function periodLabel(e: InsightTexts, interval: InsightInterval, period: string): string {
  if (interval === "month") return formatMonth(period.slice(0, 7));
  if (interval === "week") return e("insight.weekOf", { day: formatIsoDate(period) });
  return formatIsoDate(period);
}

/** The same, short, under a chart's bars: "Nov 5", or "Nov" for months. */
export function axisLabel(interval: InsightInterval, period: string): string {
  return interval === "month" ? formatMonth(period.slice(0, 7), { short: true }) : formatMonthDay(period);
}

/** Today in the site's time zone: the days the server counts in. */
export const siteToday = () => dayInZone(new Date());

/** The last `days` days, today included. */
export const lastDays = (days: number, today = siteToday()) => ({
  from: addDays(today, -(days - 1)),
  to: today,
});

/** Days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The interval a period is best read by: days up to a month (at most 31 bars), weeks up to about four
 * months (at most 18), months beyond (a year is 12).
 */
export function defaultInterval(from: string, to: string): InsightInterval {
  const days = daysIn(from, to);
  return days <= 31 ? "day" : days <= 120 ? "week" : "month";
}

/** What is wrong with chosen dates, or null: both given, in order, not past today, not too long. */
export function periodProblem(from: string, to: string, today = siteToday()): InsightTextKey | null {
  if (!from || !to) return "insight.problem.missing";
  if (to < from) return "insight.problem.order";
  if (to > today) return "insight.problem.future";
  if (daysIn(from, to) > INSIGHT_MAX_DAYS) return "insight.problem.long";
  return null;
}

/**
 * The series as CSV, built from the answer in the browser: one row per period (its first day, as
 * spreadsheets read dates), every figure and the conversion, and a total row (visitors there are the
 * period's distinct visitors, not the column's sum).
 */
export function insightCsv(e: InsightTexts, data: InsightResponse): string {
  const header = [
    e("insight.csv.period"),
    ...FIGURES.map((f) => (f.key === "revenueCents" ? e("insight.csv.revenue") : e(f.label))),
    e("insight.csv.conversion"),
  ].map(csvText);
  const cells = (p: InsightFigures, conversion: number | null) => [
    ...FIGURES.map((f) => (f.key === "revenueCents" ? (p[f.key] / 100).toFixed(2) : String(p[f.key]))),
    conversion === null ? "" : String(conversion),
  ];
  const rows = [
    header,
    ...data.series.map((p) => [p.period, ...cells(p, pointConversion(p))]),
    [csvText(e("insight.total")), ...cells(data.totals, data.totals.conversionPercent)],
  ];
  return `${rows.map((r) => r.join(",")).join("\n")}\n`;
}

/** Saves text as a file the browser downloads. */
export function downloadText(text: string, fileName: string, type = "text/csv"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
