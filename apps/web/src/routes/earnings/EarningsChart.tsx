import { type EarningsMonth, formatAmount } from "@market/domain";
import { BarChart } from "chartist";
import "chartist/dist/index.css";
import { useEffect, useRef } from "react";
import { formatMonth } from "../../components/format.ts";
import { axisDollars, chartSummary, EARNINGS_SERIES } from "./earnings-series.ts";
import { useEarningsTexts } from "./earnings-texts.ts";

/**
 * The earnings graph (loaded on its own, with Chartist, only when the graph is shown): stacked monthly bars,
 * sales and tips above the zero line and platform fees below it, with labelled axes and a legend whose
 * swatches are the bars' own colours. The drawing is one image to assistive technology, named by a
 * summary; the table beside it carries every number.
 */
export default function EarningsChart({ months }: { months: readonly EarningsMonth[] }) {
  const e = useEarningsTexts();
  const box = useRef<HTMLDivElement>(null);
  const summary = chartSummary(months);
  const xTitle = e("earnings.axis.month");
  const yTitle = e("earnings.axis.amount");

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const dollars = (cents: number) => cents / 100;
    const high = Math.max(0, ...months.map((m) => dollars(m.sales + m.tips)));
    const low = Math.min(0, ...months.map((m) => dollars(m.fees)));
    const chart = new BarChart(
      element,
      {
        labels: months.map((m) => formatMonth(m.month, { short: true })),
        series: EARNINGS_SERIES.map((s) => months.map((m) => dollars(m[s.key]))),
      },
      {
        stackBars: true,
        // Positive and negative values stack apart: fees hang below the line, under their month's sales.
        stackMode: "accumulate-relative",
        high: high === 0 && low === 0 ? 1 : high,
        low,
        height: "18rem",
        chartPadding: { top: 16, right: 8, bottom: 28, left: 28 },
        axisX: {
          showGrid: false,
          // On a phone twelve month names do not fit: every other one, ending with this month's.
          labelInterpolationFnc: (label, index) =>
            element.clientWidth < 480 && index % 2 !== (months.length - 1) % 2 ? null : label,
        },
        axisY: { onlyInteger: true, offset: 44, labelInterpolationFnc: (v) => axisDollars(Number(v)) },
      },
    );
    chart.on("draw", (event) => {
      if (event.type !== "bar") return;
      const step = event.chartRect.width() / Math.max(1, months.length);
      const width = Math.max(6, Math.min(40, step * 0.6));
      const color = EARNINGS_SERIES[event.seriesIndex]?.color ?? "currentColor";
      event.element.attr({ style: `stroke: ${color}; stroke-width: ${width}px` });
    });
    chart.on("created", ({ svg, chartRect }) => {
      const title = {
        fill: "currentColor",
        "font-size": "12",
        "font-weight": "600",
        "text-anchor": "middle",
      };
      svg
        .elem("text", { ...title, x: chartRect.x1 + chartRect.width() / 2, y: chartRect.y1 + 44 })
        .text(xTitle);
      svg
        .elem("text", {
          ...title,
          x: 0,
          y: 0,
          transform: `translate(12 ${chartRect.y2 + chartRect.height() / 2}) rotate(-90)`,
        })
        .text(yTitle);
    });
    return () => {
      chart.detach();
      element.replaceChildren();
    };
  }, [months, xTitle, yTitle]);

  return (
    <figure className="flex min-w-0 flex-col gap-3">
      <div
        ref={box}
        role="img"
        aria-label={e("earnings.graphSummary", {
          first: formatMonth(summary.first),
          last: formatMonth(summary.last),
          total: formatAmount(summary.total),
          best: formatMonth(summary.best),
          bestAmount: formatAmount(summary.bestAmount),
        })}
        className="min-h-72 w-full text-ink [&_.ct-label]:text-xs [&_.ct-label]:text-muted [&_.ct-grid]:stroke-line"
      />
      <figcaption>
        <ul aria-label={e("earnings.legend")} className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {EARNINGS_SERIES.map((s) => (
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
    </figure>
  );
}
