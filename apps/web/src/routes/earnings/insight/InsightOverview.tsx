import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Skeleton } from "../../../components/ui/index.ts";
import { insightQuery } from "./InsightSection.tsx";
import { lastDays, showConversion } from "./insight-figures.ts";
import { useInsightTexts } from "./insight-texts.ts";

/**
 * The last 30 days at a glance on /earnings: views, visitors and conversion, and the way to the whole
 * insight. One request, the same the insight page makes first (its default period), so opening it is
 * instant.
 */
export function InsightOverview() {
  const e = useInsightTexts();
  const overview = useQuery(insightQuery({ ...lastDays(30), interval: "day" }));
  // A failure here is no reason to trouble the earnings page: the insight page says it in full.
  if (overview.isError) return null;
  const totals = overview.data?.totals;
  const figures = [
    ["views", e("insight.figure.views"), totals?.views.toLocaleString("en-US")],
    ["visitors", e("insight.figure.uniqueVisitors"), totals?.uniqueVisitors.toLocaleString("en-US")],
    [
      "conversion",
      e("insight.figure.conversion"),
      totals ? showConversion(e, totals.conversionPercent) : undefined,
    ],
  ] as const;
  return (
    <section
      aria-labelledby="insight-overview"
      className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-ui bg-wash px-4 py-3"
    >
      <h2 id="insight-overview" className="text-sm font-semibold">
        {e("insight.overview.title")}
      </h2>
      <dl className="flex flex-wrap gap-x-6 gap-y-1">
        {figures.map(([key, label, value]) => (
          <div key={key} className="flex items-baseline gap-1.5">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-bold tabular-nums" data-testid={`overview-${key}`}>
              {value ?? <Skeleton className="inline-block h-4 w-8 align-middle" />}
            </dd>
          </div>
        ))}
      </dl>
      <Link to="/earnings/insight" className="ml-auto text-sm font-semibold underline underline-offset-4">
        {e("insight.overview.link")}
      </Link>
    </section>
  );
}
