import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { api } from "../../api/client.ts";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { Button, EmptyState, LinkButton, Skeleton } from "../../components/ui/index.ts";
import { ActivitySection } from "./ActivitySection.tsx";
import { BalanceCards } from "./BalanceCards.tsx";
import { DataSection } from "./DataSection.tsx";
import { type EarningsTextKey, useEarningsTexts } from "./earnings-texts.ts";
import { GraphSection } from "./GraphSection.tsx";
import { InsightOverview } from "./insight/InsightOverview.tsx";
import { InsightSection } from "./insight/InsightSection.tsx";
import { PayoutSection } from "./PayoutSection.tsx";
import { PromotionsSection } from "./PromotionsSection.tsx";
import { RatingsSection } from "./RatingsSection.tsx";
import { RefundRequestsPanel } from "./RefundRequestsPanel.tsx";

export { earningsCsv } from "./earnings-csv.ts";

const SECTIONS = [
  ["activity", "earnings.section.activity"],
  ["insight", "earnings.section.insight"],
  ["data", "earnings.section.data"],
  ["graph", "earnings.section.graph"],
  ["payout", "earnings.section.payout"],
  ["ratings", "earnings.section.ratings"],
  ["promotions", "earnings.section.promotions"],
] as const satisfies readonly (readonly [string, EarningsTextKey])[];
type Section = (typeof SECTIONS)[number][0];

/**
 * /earnings with activity, data, graph and payout (spec 2): the balances, then the balance told line by
 * line (sales, tips, the platform's fees and payouts, adding up to it), as a table to download, as a chart
 * with its table, and the payout request; and how teachers rate each resource (issue 21).
 */
export default function EarningsPage() {
  const e = useEarningsTexts();
  const location = useLocation();
  const section = (location.pathname.split("/")[2] as Section | undefined) ?? "activity";
  const balance = useQuery({
    queryKey: ["earnings", "balance"],
    queryFn: ({ signal }) => api.call("GET /earnings/self/balance", { signal }),
  });
  const activity = useQuery({
    queryKey: ["earnings", "activity"],
    queryFn: ({ signal }) => api.call("GET /earnings/self/activity", { signal }),
  });

  // On a phone the tabs scroll sideways: keep the open one in sight (the later ones start off-screen).
  // The row is scrolled, not the page, so a tab below the first screen does not move the page.
  const tabRow = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = tabRow.current;
    const open = row?.querySelector<HTMLElement>(`a[href="/earnings/${section}"]`);
    if (!row || !open) return;
    // The row is positioned, so a tab's offsetLeft is its place along the row, however far it is scrolled.
    const left = open.offsetLeft;
    if (left + open.offsetWidth > row.scrollLeft + row.clientWidth || left < row.scrollLeft) {
      row.scrollLeft = left;
    }
  }, [section]);

  return (
    <section className="flex flex-col gap-6">
      <SiteBanner imageKey="earnings" />
      <h1 className="text-2xl font-bold sm:text-3xl">{e("earnings.title")}</h1>
      <BalanceCards balance={balance.data} />
      {balance.data && balance.data.balance < 0 ? (
        <p className="rounded-ui bg-wash p-3 text-sm font-medium">{e("earnings.negativeBalance")}</p>
      ) : null}
      <RefundRequestsPanel />
      {section === "insight" ? null : <InsightOverview />}
      <nav aria-label={e("earnings.sections")} className="border-b border-line">
        <ul ref={tabRow} className="relative flex gap-1 overflow-x-auto">
          {SECTIONS.map(([path, label]) => (
            <li key={path}>
              <NavLink
                to={`/earnings/${path}`}
                aria-current={section === path ? "page" : undefined}
                className={`inline-block whitespace-nowrap border-b-2 px-2 py-2 font-medium sm:px-3 ${section === path ? "border-ink" : "border-transparent text-muted"}`}
              >
                {e(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {section === "insight" ? (
        <InsightSection />
      ) : section === "payout" ? (
        <PayoutSection balance={balance.data} />
      ) : section === "ratings" ? (
        <RatingsSection />
      ) : section === "promotions" ? (
        <PromotionsSection />
      ) : activity.isError ? (
        <EmptyState
          tone="error"
          title={e("earnings.loadFailed")}
          action={
            <Button variant="secondary" onClick={() => void activity.refetch()}>
              {e("earnings.retry")}
            </Button>
          }
        />
      ) : !activity.data ? (
        <div className="flex flex-col gap-2" role="status" aria-label={e("earnings.loading")}>
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : activity.data.lines.length === 0 && activity.data.other.length === 0 ? (
        <EmptyState
          title={e("earnings.emptyTitle")}
          body={e("earnings.empty")}
          action={<LinkButton to="/publishing">{e("earnings.emptyAction")}</LinkButton>}
        />
      ) : section === "data" ? (
        <DataSection data={activity.data} />
      ) : section === "graph" ? (
        <GraphSection months={activity.data.months} />
      ) : (
        <ActivitySection data={activity.data} />
      )}
    </section>
  );
}
