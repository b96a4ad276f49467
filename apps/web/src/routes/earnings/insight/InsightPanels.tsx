import type { InsightInterval, InsightResponse } from "@market/domain";
import { lazy, Suspense } from "react";
import { Skeleton, TableHead } from "../../../components/ui/index.ts";
import type { ChartSpec } from "./insight-charts.ts";
import {
  FIGURES,
  type InsightPoint,
  type InsightTotals,
  periodLabel,
  pointConversion,
  showConversion,
  showFigure,
} from "./insight-figures.ts";
import { type InsightTextKey, type InsightTexts, useInsightTexts } from "./insight-texts.ts";

/** The charts and their library load only when there is something to chart (never with the first screen). */
const InsightChart = lazy(() => import("./InsightChart.tsx"));

/** The period's totals, one card each, conversion after purchases (where a creator reads the funnel). */
export function TotalsCards({ totals, only }: { totals: InsightTotals; only?: readonly string[] }) {
  const e = useInsightTexts();
  const cards: [string, InsightTextKey, string][] = FIGURES.map((f) => [
    f.key,
    f.label,
    showFigure(f.key, totals[f.key]),
  ]);
  cards.splice(4, 0, [
    "conversion",
    "insight.figure.conversion",
    showConversion(e, totals.conversionPercent),
  ]);
  const shown = cards.filter(([key]) => !only || only.includes(key));
  // Eight cards are two rows of four; six (the site's funnel) one row on a wide screen, two of three below.
  const columns = shown.length === 6 ? "sm:grid-cols-3 lg:grid-cols-6" : "sm:grid-cols-4";
  return (
    <dl className={`grid grid-cols-2 gap-3 ${columns}`}>
      {shown.map(([key, label, value]) => (
        <div key={key} className="rounded-ui border border-line p-3">
          <dt className="text-sm text-muted">
            {e(label)}
            {key === "conversion" ? <span className="sr-only">: {e("insight.conversionHint")}</span> : null}
          </dt>
          <dd className="text-xl font-bold tabular-nums sm:text-2xl" data-testid={`insight-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One chart under its heading, and the same numbers as a table a click away ("Show as table"). */
export function ChartCard({
  spec,
  points,
  interval,
}: {
  spec: ChartSpec;
  points: readonly InsightPoint[];
  interval: InsightInterval;
}) {
  const e = useInsightTexts();
  const headingId = `insight-chart-${spec.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-card border border-line p-3 sm:p-4"
    >
      <h3 id={headingId} className="font-semibold">
        {e(spec.title)}
      </h3>
      <Suspense
        fallback={
          <div role="status" aria-label={e("insight.chart.loading")}>
            <Skeleton className="h-56" />
          </div>
        }
      >
        <InsightChart spec={spec} points={points} interval={interval} />
      </Suspense>
      <details className="text-sm">
        <summary className="cursor-pointer self-start font-medium underline-offset-4 hover:underline">
          {e("insight.showTable")}
        </summary>
        <SeriesTable
          caption={e(spec.title)}
          keys={spec.series.map((s) => s.key)}
          points={points}
          interval={interval}
        />
      </details>
    </section>
  );
}

/** Every period's figures (the chosen ones, or all with the conversion) as a table. */
export function SeriesTable({
  caption,
  keys,
  points,
  interval,
  totals,
}: {
  caption: string;
  keys?: readonly (typeof FIGURES)[number]["key"][];
  points: readonly InsightPoint[];
  interval: InsightInterval;
  totals?: InsightTotals;
}) {
  const e = useInsightTexts();
  const figures = keys ? FIGURES.filter((f) => keys.includes(f.key)) : FIGURES;
  const withConversion = !keys;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="mt-2 overflow-x-auto" tabIndex={0} aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead
          gap="pr-3"
          className="border-b border-line"
          columns={[
            { key: "period", label: e("insight.column.period"), className: "py-2" },
            ...figures.map((f) => ({ key: f.key, label: e(f.label), numeric: true })),
            ...(withConversion
              ? [{ key: "conversion", label: e("insight.column.conversion"), numeric: true }]
              : []),
          ]}
        />
        <tbody>
          {points.map((p) => (
            <tr key={p.period} className="border-b border-line">
              <th scope="row" className="whitespace-nowrap py-1.5 pr-3 font-normal">
                {periodLabel(e, interval, p.period)}
              </th>
              {figures.map((f) => (
                <td key={f.key} className="whitespace-nowrap pr-3 text-right tabular-nums">
                  {showFigure(f.key, p[f.key])}
                </td>
              ))}
              {withConversion ? (
                <td className="whitespace-nowrap text-right tabular-nums">
                  {showConversion(e, pointConversion(p))}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        {totals ? (
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 pr-3 text-left">
                {e("insight.total")}
              </th>
              {figures.map((f) => (
                <td key={f.key} className="whitespace-nowrap pr-3 text-right tabular-nums">
                  {showFigure(f.key, totals[f.key])}
                </td>
              ))}
              {withConversion ? (
                <td className="whitespace-nowrap text-right tabular-nums">
                  {showConversion(e, totals.conversionPercent)}
                </td>
              ) : null}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}

/** A source in words: "Search on this site", or the other site's host name. */
export const sourceName = (e: InsightTexts, source: InsightResponse["sources"][number]) =>
  source.source === "external" && source.host ? source.host : e(`insight.source.${source.source}`);

/**
 * "Where visits came from": one row per source, most first, each with its bar (its share of the views),
 * its count and its percentage in words; a list, so it reads the same without the bars.
 */
export function SourceBars({ sources }: { sources: InsightResponse["sources"] }) {
  const e = useInsightTexts();
  const total = sources.reduce((sum, s) => sum + s.views, 0);
  const most = Math.max(1, ...sources.map((s) => s.views));
  return (
    <section
      aria-labelledby="insight-sources"
      className="flex flex-col gap-3 rounded-card border border-line p-3 sm:p-4"
    >
      <h3 id="insight-sources" className="font-semibold">
        {e("insight.sources")}
      </h3>
      {total === 0 ? (
        <p className="text-sm text-muted">{e("insight.sourcesNone")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {sources.map((s) => {
            const percent = Math.round((s.views / total) * 1000) / 10;
            return (
              <li key={`${s.source}-${s.host ?? ""}`} className="flex flex-col gap-1">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate font-medium">{sourceName(e, s)}</span>
                  <span className="shrink-0 tabular-nums text-muted">
                    {e("insight.sourceShare", {
                      views: s.views.toLocaleString("en-US"),
                      percent: percent.toLocaleString("en-US"),
                    })}
                  </span>
                </div>
                <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-wash">
                  <div
                    className="h-full rounded-full bg-accent"
                    style={{ width: `${(s.views / most) * 100}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
