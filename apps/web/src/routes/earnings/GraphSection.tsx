import { type EarningsMonth, formatAmount, monthEarned } from "@market/domain";
import { lazy, Suspense } from "react";
import { formatMonth } from "../../components/format.ts";
import { EmptyState, Skeleton, TableHead } from "../../components/ui/index.ts";
import { EARNINGS_SERIES, hasEarnings } from "./earnings-series.ts";
import { useEarningsTexts } from "./earnings-texts.ts";

/** The chart and its library load only when the graph is shown (never with the first screen). */
const EarningsChart = lazy(() => import("./EarningsChart.tsx"));

/** The chart and, beside it, the same months as a table: the chart's accessible equivalent. */
export function GraphSection({ months }: { months: readonly EarningsMonth[] }) {
  const e = useEarningsTexts();
  if (!hasEarnings(months)) return <EmptyState title={e("earnings.graph")} body={e("earnings.graphEmpty")} />;
  const total = (pick: (m: EarningsMonth) => number) => months.reduce((sum, m) => sum + pick(m), 0);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <section aria-labelledby="earnings-graph" className="flex min-w-0 flex-col gap-2">
        <h2 id="earnings-graph" className="text-lg font-semibold">
          {e("earnings.graph")}
        </h2>
        <Suspense
          fallback={
            <div role="status" aria-label={e("earnings.graphLoading")}>
              <Skeleton className="h-72" />
            </div>
          }
        >
          <EarningsChart months={months} />
        </Suspense>
      </section>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="pb-2 text-left text-lg font-semibold">{e("earnings.graphTable")}</caption>
          <TableHead
            gap="pr-2"
            className="border-b border-line"
            columns={[
              { key: "month", label: e("earnings.column.month"), className: "py-2" },
              ...EARNINGS_SERIES.map((s) => ({
                key: s.key,
                numeric: true,
                label: (
                  <>
                    <span
                      aria-hidden="true"
                      className="mr-1.5 inline-block h-2.5 w-2.5 rounded-sm"
                      style={{ background: s.color }}
                    />
                    {e(s.label)}
                  </>
                ),
              })),
              { key: "earned", label: e("earnings.column.earned"), numeric: true },
            ]}
          />
          <tbody>
            {months.map((m) => (
              <tr key={m.month} className="border-b border-line">
                <th scope="row" className="whitespace-nowrap py-1.5 pr-2 font-normal">
                  {formatMonth(m.month)}
                </th>
                {EARNINGS_SERIES.map((s) => (
                  <td key={s.key} className="whitespace-nowrap pr-2 text-right tabular-nums">
                    {formatAmount(m[s.key])}
                  </td>
                ))}
                <td className="whitespace-nowrap text-right font-semibold tabular-nums">
                  {formatAmount(monthEarned(m))}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 pr-2 text-left">
                {e("earnings.total")}
              </th>
              {EARNINGS_SERIES.map((s) => (
                <td key={s.key} className="whitespace-nowrap pr-2 text-right tabular-nums">
                  {formatAmount(total((m) => m[s.key]))}
                </td>
              ))}
              <td className="whitespace-nowrap text-right tabular-nums">
                {formatAmount(total(monthEarned))}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
