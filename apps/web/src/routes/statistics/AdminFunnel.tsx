import type { InsightInterval } from "@market/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { Button, Skeleton } from "../../components/ui/index.ts";
import { SeriesTable, SourceBars, TotalsCards } from "../earnings/insight/InsightPanels.tsx";
import { useInsightTexts } from "../earnings/insight/insight-texts.ts";

/** The funnel's figures the whole site has: a site's favorites and follows are in the statistics above. */
const FUNNEL = ["views", "uniqueVisitors", "downloads", "purchases", "conversion", "revenueCents"] as const;

/**
 * The creators' funnel for the whole site (issue 23), on the admins' statistics for the screen's own
 * period and interval: resource page views, visitors, downloads, purchases, conversion and revenue,
 * where the visits came from, and every period as a table.
 */
export function AdminFunnel({ from, to, interval }: { from: string; to: string; interval: InsightInterval }) {
  const e = useInsightTexts();
  const funnel = useQuery({
    queryKey: ["admin", "insight", from, to, interval],
    queryFn: ({ signal }) => api.call("GET /admin/insight", { query: { from, to, interval }, signal }),
    placeholderData: keepPreviousData,
  });
  const data = funnel.data;
  return (
    <section aria-labelledby="statistics-funnel" className="flex flex-col gap-3">
      <div>
        <h2 id="statistics-funnel" className="text-xl font-semibold">
          {e("insight.funnel.title")}
        </h2>
        <p className="text-sm text-muted">{e("insight.funnel.intro")}</p>
      </div>
      {!data ? (
        funnel.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p>{e("insight.funnel.loadFailed")}</p>
            <Button variant="secondary" onClick={() => void funnel.refetch()}>
              {e("insight.retry")}
            </Button>
          </div>
        ) : (
          <div role="status" aria-label={e("insight.loading")}>
            <Skeleton className="h-24" />
          </div>
        )
      ) : (
        <>
          <TotalsCards totals={data.totals} only={FUNNEL} />
          <div className="flex max-w-3xl flex-col gap-4">
            <SourceBars sources={data.sources} />
            <details className="text-sm">
              <summary className="cursor-pointer font-medium underline-offset-4 hover:underline">
                {e("insight.allTable")}
              </summary>
              <SeriesTable
                caption={e("insight.funnel.title")}
                points={data.series}
                interval={data.interval}
                totals={data.totals}
              />
            </details>
          </div>
        </>
      )}
    </section>
  );
}
