import {
  abbreviateNumber,
  addDays,
  checkStatisticsPeriod,
  formatAmount,
  formatRating,
  REVIEW_LIMITS,
  STATISTICS_BUCKETS,
  type StatisticsBucket,
  type StatisticsFigures,
  type StatisticsResponse,
} from "@market/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "../../api/client.ts";
import { Button, SelectField, TextField } from "../../components/ui/index.ts";
import { AdminFunnel } from "./AdminFunnel.tsx";
import { type StatisticsTextKey, useStatisticsTexts } from "./statistics-texts.ts";

type Metric = keyof StatisticsFigures;

const METRICS: Metric[] = [
  "signUps",
  "activeUsers",
  "resourcesPublished",
  "downloads",
  "sales",
  "salesAmount",
  "tips",
  "tipsAmount",
  "donations",
  "donationsAmount",
  "adImpressions",
  "adClicks",
  "adIncome",
  "reviews",
  "reviewsAverage",
];
const MONEY = new Set<Metric>(["salesAmount", "tipsAmount", "donationsAmount", "adIncome"]);

/** A figure as the totals and the chart say it; the average rating of no reviews is `none`. */
const show = (metric: Metric, value: number | null, none: string) =>
  value === null
    ? none
    : metric === "reviewsAverage"
      ? formatRating(value)
      : MONEY.has(metric)
        ? formatAmount(value)
        : abbreviateNumber(value);

/** The same in the table, where counts are written out in full. */
const showInTable = (metric: Metric, value: number | null, none: string) =>
  value === null || metric === "reviewsAverage" || MONEY.has(metric)
    ? show(metric, value, none)
    : value.toLocaleString("en-US");
const today = () => new Date().toISOString().slice(0, 10);

/**
 * /admin/statistics: the marketplace's figures over a chosen period (GET /api/admin/statistics), as totals,
 * a bar chart of one chosen figure, and every figure by period in a table beside it (DESIGN: charts are
 * simple bars with the numbers available as a table).
 */
export default function StatisticsPage() {
  const t = useStatisticsTexts();
  const id = useId();
  const [from, setFrom] = useState(() => addDays(today(), -29));
  const [to, setTo] = useState(today);
  const [bucket, setBucket] = useState<StatisticsBucket>("day");
  const [metric, setMetric] = useState<Metric>("signUps");
  const problem = from && to ? checkStatisticsPeriod(from, to, bucket) : "to_before_from";
  const report = useQuery({
    queryKey: ["admin", "statistics", from, to, bucket],
    queryFn: ({ signal }) => api.call("GET /admin/statistics", { query: { from, to, bucket }, signal }),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });
  const label = (m: Metric) => t(`statistics.metric.${m}` as StatisticsTextKey);
  const bucketName = t(`statistics.bucket.${bucket}`).toLowerCase();

  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("statistics.title")}</h1>
        <p className="text-muted">{t("statistics.intro")}</p>
      </header>
      <div className="flex flex-wrap items-end gap-4">
        {(
          [
            ["from", t("statistics.from"), from, setFrom],
            ["to", t("statistics.to"), to, setTo],
          ] as const
        ).map(([name, text, value, set]) => (
          <TextField
            key={name}
            id={`${id}-${name}`}
            label={text}
            type="date"
            value={value}
            max={name === "to" ? undefined : to}
            onChange={(e) => set(e.target.value)}
          />
        ))}
        <SelectField
          id={`${id}-bucket`}
          label={t("statistics.bucket")}
          value={bucket}
          onChange={(e) => setBucket(e.target.value as StatisticsBucket)}
        >
          {STATISTICS_BUCKETS.map((b) => (
            <option key={b} value={b}>
              {t(`statistics.bucket.${b}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {problem ? (
        <p role="alert" className="text-danger">
          {t(`statistics.problem.${problem}`)}
        </p>
      ) : !report.data ? (
        report.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p>{t("statistics.error")}</p>
            <Button variant="secondary" onClick={() => void report.refetch()}>
              {t("statistics.retry")}
            </Button>
          </div>
        ) : (
          <p role="status">{t("statistics.loading")}</p>
        )
      ) : (
        <Report
          data={report.data}
          metric={metric}
          onMetric={setMetric}
          label={label}
          bucketName={bucketName}
          chartLabel={t("statistics.chart")}
          totalsLabel={t("statistics.totals")}
          tableLabel={t("statistics.table", { bucket: bucketName })}
          periodLabel={t("statistics.period")}
          none={t("statistics.none")}
          highest={(value) => t("statistics.highest", { value })}
          caption={t("statistics.chartCaption", {
            metric: label(metric),
            bucket: bucketName,
            from: report.data.from,
            to: report.data.to,
            timeZone: report.data.timeZone,
          })}
        />
      )}
      {problem ? null : <AdminFunnel from={from} to={to} interval={bucket} />}
    </section>
  );
}

function Report(props: {
  data: StatisticsResponse;
  metric: Metric;
  onMetric: (m: Metric) => void;
  label: (m: Metric) => string;
  bucketName: string;
  chartLabel: string;
  totalsLabel: string;
  tableLabel: string;
  periodLabel: string;
  none: string;
  caption: string;
  highest: (value: string) => string;
}) {
  const { data, metric, label, none } = props;
  // The average of buckets without reviews is null: none of them is the highest.
  const values = data.series.flatMap((row) => (row[metric] === null ? [] : [row[metric]]));
  const highest = values.length > 0 ? Math.max(0, ...values) : null;
  return (
    <>
      <section aria-labelledby="statistics-totals">
        <h2 id="statistics-totals" className="text-xl font-semibold">
          {props.totalsLabel}
        </h2>
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {METRICS.map((m) => (
            <li key={m}>
              <button
                type="button"
                aria-pressed={m === metric}
                onClick={() => props.onMetric(m)}
                className={`flex w-full flex-col rounded-ui border px-3 py-2 text-left ${
                  m === metric ? "border-accent bg-wash" : "border-line"
                }`}
              >
                <span className="text-sm text-muted">{label(m)}</span>
                <span className="text-xl font-semibold" data-testid={`total-${m}`}>
                  {show(m, data.totals[m], none)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <BarChart
        data={data}
        metric={metric}
        label={`${props.chartLabel}: ${label(metric)}`}
        caption={props.caption}
        none={none}
        highest={props.highest(show(metric, highest, none))}
      />
      {/* Wider than the screen: it scrolls sideways, and takes focus so a keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="overflow-x-auto" tabIndex={0} aria-label={props.tableLabel}>
        <table className="w-full text-left text-sm">
          <caption className="text-left text-xl font-semibold">{props.tableLabel}</caption>
          <thead>
            <tr className="border-b border-line">
              <th className="py-2 pr-3">{props.periodLabel}</th>
              {METRICS.map((m) => (
                <th key={m} className="py-2 pr-3 text-right">
                  {label(m)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.series.map((row) => (
              <tr key={row.period} className="border-b border-line">
                <td className="py-1 pr-3 whitespace-nowrap">{row.period}</td>
                {METRICS.map((m) => (
                  <td key={m} className="py-1 pr-3 text-right">
                    {showInTable(m, row[m], none)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** One figure by period as bars, like the earnings graph; the table above carries every number. */
function BarChart({
  data,
  metric,
  label,
  caption,
  highest,
  none,
}: {
  data: StatisticsResponse;
  metric: Metric;
  label: string;
  caption: string;
  highest: string;
  none: string;
}) {
  // A bucket without reviews has no average: no bar. Averages are drawn against the whole scale (5 stars).
  const values = data.series.map((row) => row[metric] ?? 0);
  const max = metric === "reviewsAverage" ? REVIEW_LIMITS.ratingMax : Math.max(1, ...values);
  const width = Math.max(1, values.length) * 12;
  const every = Math.max(1, Math.ceil(values.length / 12));
  return (
    <figure className="flex flex-col gap-2">
      {/* The bars stretch to the width; the dates are laid out as text beside them, so they never stretch. */}
      <svg
        viewBox={`0 0 ${width} 190`}
        className="h-48 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        {data.series.map((row, i) => {
          const h = ((row[metric] ?? 0) / max) * 180;
          return (
            <rect key={row.period} x={i * 12 + 2} y={190 - h} width={8} height={h} className="fill-accent">
              <title>{`${row.period}: ${show(metric, row[metric], none)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div aria-hidden="true" className="relative h-5 text-xs text-muted">
        {data.series.map((row, i) =>
          i % every === 0 ? (
            <span
              key={row.period}
              className="absolute -translate-x-1/2 whitespace-nowrap"
              style={{ left: `${((i + 0.5) / data.series.length) * 100}%` }}
            >
              {row.period.slice(5)}
            </span>
          ) : null,
        )}
      </div>
      <figcaption className="text-sm text-muted">
        {caption} {highest}
      </figcaption>
    </figure>
  );
}
