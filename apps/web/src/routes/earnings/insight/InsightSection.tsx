import {
  INSIGHT_INTERVALS,
  INSIGHT_MAX_DAYS,
  INSIGHT_PERIOD_DAYS,
  type InsightInterval,
  type InsightQuery,
} from "@market/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { api } from "../../../api/client.ts";
import {
  Button,
  EmptyState,
  LinkButton,
  SelectField,
  Skeleton,
  TextField,
} from "../../../components/ui/index.ts";
import { ChartCard, SeriesTable, SourceBars, TotalsCards } from "./InsightPanels.tsx";
import { INSIGHT_CHARTS } from "./insight-charts.ts";
import {
  defaultInterval,
  downloadText,
  hasInsight,
  insightCsv,
  lastDays,
  periodProblem,
  siteToday,
} from "./insight-figures.ts";
import { useInsightTexts } from "./insight-texts.ts";

/** The creator's insight for a period, one resource or all: shared with the overview on /earnings. */
export function insightQuery(query: InsightQuery) {
  return {
    queryKey: ["insight", "self", query.from, query.to, query.resourceId ?? "all", query.interval],
    queryFn: ({ signal }: { signal: AbortSignal }) => api.call("GET /insight/self", { query, signal }),
  };
}

/** The creator's own resources, for the resource picker (the list the promotions' scope reads too). */
function useOwnResources() {
  return useQuery({
    queryKey: ["users", "self", "resources"],
    queryFn: ({ signal }) => api.call("GET /users/self/resources", { signal }),
    select: (data) => [...data.initResources, ...data.extraResources],
  });
}

const PRESETS = INSIGHT_PERIOD_DAYS.map(String);
const isInterval = (value: string | null): value is InsightInterval =>
  (INSIGHT_INTERVALS as readonly string[]).includes(value ?? "");

/**
 * What the address asks for (so a reload or a shared link shows the same): ?days=7|30|90|365 or
 * ?days=custom&from=&to=, ?resource= one of the creator's, ?interval= (else the period's default).
 */
function usePeriodChoice() {
  const [params, setParams] = useSearchParams();
  const today = siteToday();
  const days =
    params.get("days") === "custom"
      ? "custom"
      : PRESETS.includes(params.get("days") ?? "")
        ? params.get("days")!
        : "30";
  const range =
    days === "custom"
      ? { from: params.get("from") ?? lastDays(30, today).from, to: params.get("to") ?? today }
      : lastDays(Number(days), today);
  const resourceId = params.get("resource") || undefined;
  const asked = params.get("interval");
  const interval = isInterval(asked) ? asked : defaultInterval(range.from, range.to);
  const change = (next: Record<string, string | null>) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === null || value === "") merged.delete(key);
          else merged.set(key, value);
        }
        return merged;
      },
      { replace: true },
    );
  return { days, range, resourceId, interval, problem: periodProblem(range.from, range.to, today), change };
}

/**
 * /earnings/insight (issue 23): for a period and one resource or all, the funnel's totals (views,
 * visitors, downloads, purchases, conversion, revenue, favorites, followers), charts over time each with
 * its table a click away, where visits came from in words, and the series as CSV. One request per choice,
 * kept in the query cache; the chart library loads only when there is something to chart.
 */
export function InsightSection() {
  const e = useInsightTexts();
  const id = useId();
  const { days, range, resourceId, interval, problem, change } = usePeriodChoice();
  const resources = useOwnResources();
  const query: InsightQuery = { ...range, interval, ...(resourceId ? { resourceId } : {}) };
  const insight = useQuery({
    ...insightQuery(query),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });
  const data = insight.data;

  return (
    <section aria-labelledby="insight-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 id="insight-title" className="text-lg font-semibold">
          {e("insight.title")}
        </h2>
        <p className="max-w-prose text-sm text-muted">{e("insight.intro")}</p>
      </div>
      {/* On a phone two controls a row (the resource's titles take a whole row); one row on a wide screen. */}
      <fieldset className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <legend className="sr-only">{e("insight.controls")}</legend>
        <SelectField
          id={`${id}-period`}
          label={e("insight.period")}
          value={days}
          onChange={(event) => {
            const value = event.target.value;
            // A new period reads best by its own interval: a chosen one is dropped with the old period.
            change(
              value === "custom"
                ? { days: value, from: range.from, to: range.to, interval: null }
                : { days: value, from: null, to: null, interval: null },
            );
          }}
        >
          {PRESETS.map((d) => (
            <option key={d} value={d}>
              {e("insight.period.days", { days: d })}
            </option>
          ))}
          <option value="custom">{e("insight.period.custom")}</option>
        </SelectField>
        <SelectField
          id={`${id}-interval`}
          label={e("insight.interval")}
          value={interval}
          onChange={(event) => change({ interval: event.target.value })}
        >
          {INSIGHT_INTERVALS.map((i) => (
            <option key={i} value={i}>
              {e(`insight.interval.${i}`)}
            </option>
          ))}
        </SelectField>
        {days === "custom" ? (
          <>
            <TextField
              id={`${id}-from`}
              label={e("insight.from")}
              type="date"
              value={range.from}
              max={range.to}
              onChange={(event) => change({ from: event.target.value })}
            />
            <TextField
              id={`${id}-to`}
              label={e("insight.to")}
              type="date"
              value={range.to}
              min={range.from}
              max={siteToday()}
              onChange={(event) => change({ to: event.target.value })}
            />
          </>
        ) : null}
        <SelectField
          id={`${id}-resource`}
          label={e("insight.resource")}
          value={resourceId ?? ""}
          className="col-span-2 min-w-0 sm:max-w-xs"
          onChange={(event) => change({ resource: event.target.value })}
        >
          <option value="">{e("insight.resource.all")}</option>
          {(resources.data ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.title}
            </option>
          ))}
        </SelectField>
        {data && hasInsight(data) ? (
          <Button
            variant="secondary"
            className="col-span-2 justify-self-start"
            onClick={() =>
              downloadText(insightCsv(e, data), `${e("insight.csvFile")}-${data.from}-${data.to}.csv`)
            }
          >
            {e("insight.downloadCsv")}
          </Button>
        ) : null}
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {e(problem, { days: String(INSIGHT_MAX_DAYS) })}
        </p>
      ) : insight.isError && !data ? (
        <EmptyState
          tone="error"
          title={e("insight.loadFailed")}
          action={
            <Button variant="secondary" onClick={() => void insight.refetch()}>
              {e("insight.retry")}
            </Button>
          }
        />
      ) : !data ? (
        <div className="flex flex-col gap-3" role="status" aria-label={e("insight.loading")}>
          <Skeleton className="h-24" />
          <Skeleton className="h-56" />
        </div>
      ) : !hasInsight(data) ? (
        <EmptyState
          title={e("insight.emptyTitle")}
          body={e("insight.empty")}
          action={<LinkButton to="/profile/resources">{e("insight.emptyAction")}</LinkButton>}
        />
      ) : (
        <div
          className={`flex flex-col gap-5 ${insight.isPlaceholderData ? "opacity-60" : ""}`}
          aria-busy={insight.isFetching}
        >
          <section aria-labelledby="insight-totals" className="flex flex-col gap-2">
            <h3 id="insight-totals" className="sr-only">
              {e("insight.totals")}
            </h3>
            <TotalsCards totals={data.totals} />
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            {INSIGHT_CHARTS.map((spec) => (
              <ChartCard key={spec.id} spec={spec} points={data.series} interval={data.interval} />
            ))}
            <SourceBars sources={data.sources} />
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium underline-offset-4 hover:underline">
              {e("insight.allTable")}
            </summary>
            <SeriesTable
              caption={e("insight.allTable")}
              points={data.series}
              interval={data.interval}
              totals={data.totals}
            />
          </details>
        </div>
      )}
    </section>
  );
}
