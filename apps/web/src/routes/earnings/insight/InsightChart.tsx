import { abbreviateNumber, type InsightInterval } from "@market/domain";
import { BarChart, LineChart } from "chartist";
import "chartist/dist/index.css";
import { useEffect, useRef } from "react";
import { axisDollars } from "../earnings-series.ts";
import type { ChartSpec } from "./insight-charts.ts";
import { axisLabel, type InsightPoint, periodLabel, showFigure } from "./insight-figures.ts";
import { useInsightTexts } from "./insight-texts.ts";

/** At most this many labels under a chart: a phone's axis stays readable, whatever the period. */
const MAX_LABELS = { narrow: 5, wide: 10 } as const;

/**
 * One insight chart (loaded on its own, with Chartist, only once there is something to draw): lines or
 * stacked bars over the period, few labels, no dots on long lines. The drawing is one image to assistive
 * technology, named by a summary of each series (its total and its best period); the table beside it
 * carries every number.
 */
export default function InsightChart({
  spec,
  points,
  interval,
}: {
  spec: ChartSpec;
  points: readonly InsightPoint[];
  interval: InsightInterval;
}) {
  const e = useInsightTexts();
  const box = useRef<HTMLDivElement>(null);
  const money = spec.series.some((s) => s.key === "revenueCents");

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const value = (p: InsightPoint, key: ChartSpec["series"][number]["key"]) =>
      key === "revenueCents" ? p[key] / 100 : p[key];
    const labels = points.map((p) => axisLabel(interval, p.period));
    const series = spec.series.map((s) => points.map((p) => value(p, s.key)));
    const highest = Math.max(
      0,
      ...points.map((p) =>
        spec.kind === "bar"
          ? spec.series.reduce((sum, s) => sum + value(p, s.key), 0)
          : Math.max(...spec.series.map((s) => value(p, s.key))),
      ),
    );
    const every = () => {
      const most = element.clientWidth < 480 ? MAX_LABELS.narrow : MAX_LABELS.wide;
      return Math.max(1, Math.ceil(points.length / most));
    };
    const options = {
      high: highest === 0 ? 1 : highest,
      low: 0,
      height: "14rem",
      // A line's last label starts at its last point: room on the right for it.
      chartPadding: { top: 12, right: spec.kind === "line" ? 28 : 12, bottom: 4, left: 4 },
      axisX: {
        showGrid: false,
        // The last period's label always shows; the others at an even step back from it.
        labelInterpolationFnc: (label: unknown, index: number) =>
          (points.length - 1 - index) % every() === 0 ? String(label) : null,
      },
      axisY: {
        onlyInteger: true,
        offset: money ? 48 : 36,
        labelInterpolationFnc: (v: unknown) => (money ? axisDollars(Number(v)) : abbreviateNumber(Number(v))),
      },
    };
    const chart =
      spec.kind === "line"
        ? new LineChart(
            element,
            { labels, series },
            { ...options, showPoint: points.length <= 31, lineSmooth: false, fullWidth: true },
          )
        : new BarChart(element, { labels, series }, { ...options, stackBars: true });
    chart.on("draw", (event) => {
      const color = spec.series[event.seriesIndex ?? 0]?.color ?? "currentColor";
      if (event.type === "bar") {
        const step = event.chartRect.width() / Math.max(1, points.length);
        const width = Math.max(3, Math.min(32, step * 0.7));
        event.element.attr({ style: `stroke: ${color}; stroke-width: ${width}px` });
      } else if (event.type === "line") {
        event.element.attr({ style: `stroke: ${color}; stroke-width: 2.5px` });
      } else if (event.type === "point") {
        event.element.attr({ style: `stroke: ${color}; stroke-width: 7px` });
      }
    });
    return () => {
      chart.detach();
      element.replaceChildren();
    };
  }, [points, interval, spec, money]);

  const summary = spec.series
    .map((s) => {
      let best = points[0];
      for (const p of points) if (best && p[s.key] > best[s.key]) best = p;
      const total = points.reduce((sum, p) => sum + p[s.key], 0);
      return e("insight.chart.summary", {
        title: e(s.label),
        first: periodLabel(e, interval, points[0]?.period ?? ""),
        last: periodLabel(e, interval, points.at(-1)?.period ?? ""),
        total: showFigure(s.key, total),
        most: showFigure(s.key, best?.[s.key] ?? 0),
        best: periodLabel(e, interval, best?.period ?? ""),
      });
    })
    .join(" ");

  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <div
        ref={box}
        role="img"
        aria-label={summary}
        className="min-h-56 w-full text-ink [&_.ct-label]:text-xs [&_.ct-label]:text-muted [&_.ct-grid]:stroke-line"
      />
      {spec.series.length > 1 ? (
        <figcaption>
          <ul aria-label={e("insight.chart.legend")} className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {spec.series.map((s) => (
              <li key={s.key} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="inline-block h-3 w-5 rounded-sm"
                  style={{ background: s.color }}
                />
                {e(s.label)}
              </li>
            ))}
          </ul>
        </figcaption>
      ) : null}
    </figure>
  );
}
