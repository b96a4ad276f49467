import type { InsightFigures, InsightResponse } from "@market/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeCard } from "../../../test/factories.ts";
import { renderScreen, stubFetch } from "../../../test/render.tsx";
import EarningsPage from "../EarningsPage.tsx";
import { InsightOverview } from "./InsightOverview.tsx";
import { insightCsv, lastDays } from "./insight-figures.ts";
import { INSIGHT_TEXTS, type InsightTextKey } from "./insight-texts.ts";

afterEach(() => vi.unstubAllGlobals());
// Chartist reads media queries as it draws (a timer after mounting); jsdom has none.
beforeEach(() => {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});

const figures = (over: Partial<InsightFigures> = {}): InsightFigures => ({
  views: 0,
  uniqueVisitors: 0,
  downloads: 0,
  purchases: 0,
  revenueCents: 0,
  favorites: 0,
  follows: 0,
  ...over,
});

/** Three days of a creator's insight; visitors over the period are fewer than the days' sum. */
const INSIGHT: InsightResponse = {
  from: "2026-11-01",
  to: "2026-11-03",
  interval: "day",
  series: [
    { period: "2026-11-01", ...figures({ views: 40, uniqueVisitors: 30, downloads: 3, revenueCents: 0 }) },
    {
      period: "2026-11-02",
      ...figures({ views: 1200, uniqueVisitors: 900, purchases: 2, revenueCents: 998 }),
    },
    { period: "2026-11-03", ...figures({ views: 10, uniqueVisitors: 10, favorites: 1, follows: 2 }) },
  ],
  totals: {
    ...figures({
      views: 1250,
      uniqueVisitors: 800,
      downloads: 3,
      purchases: 2,
      revenueCents: 998,
      favorites: 1,
      follows: 2,
    }),
    conversionPercent: 0.6,
  },
  sources: [
    { source: "search", host: null, views: 900 },
    { source: "external", host: "pinterest.com", views: 250 },
    { source: "direct", host: null, views: 100 },
  ],
};

const EMPTY: InsightResponse = {
  ...INSIGHT,
  series: INSIGHT.series.map((p) => ({ period: p.period, ...figures() })),
  totals: { ...figures(), conversionPercent: null },
  sources: [],
};

function stubInsight(answer: InsightResponse = INSIGHT) {
  return stubFetch({
    "GET /api/earnings/self/balance": [
      200,
      { balance: 0, estimatedBalance: 0, eligibleBalance: 0, pendingPayout: 0 },
    ],
    "GET /api/earnings/self/activity": [
      200,
      { lines: [], other: [], earlierTotal: 0, balance: 0, months: [] },
    ],
    "GET /api/users/self/resources": [
      200,
      {
        initResources: [makeCard({ id: "0b7e2f1c-1111-4a4a-8a8a-000000000001", title: "Fractions Fun" })],
        extraResources: [],
        total: 1,
      },
    ],
    "GET /api/insight/self": [200, answer],
  });
}

const insightCalls = (calls: { url: string }[]) =>
  calls
    .filter((c) => c.url.startsWith("/api/insight/self"))
    .map((c) => new URL(c.url, "http://x").searchParams);

const texts = (key: InsightTextKey, values?: Record<string, string>) =>
  Object.entries(values ?? {}).reduce((t, [k, v]) => t.replace(`{${k}}`, v), INSIGHT_TEXTS[key] as string);

describe("the creator's insight", () => {
  it("shows the period's totals, the conversion, and where visits came from in words", async () => {
    stubInsight();
    renderScreen(EarningsPage, "/earnings/insight");
    expect((await screen.findByTestId("insight-views")).textContent).toBe("1,250");
    expect(screen.getByTestId("insight-uniqueVisitors").textContent).toBe("800");
    expect(screen.getByTestId("insight-purchases").textContent).toBe("2");
    expect(screen.getByTestId("insight-conversion").textContent).toBe("0.6%");
    expect(screen.getByTestId("insight-revenueCents").textContent).toBe("$9.98");
    expect(screen.getByTestId("insight-follows").textContent).toBe("2");

    const sources = screen.getByRole("region", { name: "Where visits came from" });
    expect(
      within(sources)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Search on this site900 views, 72%",
      "pinterest.com250 views, 20%",
      "Direct or unknown100 views, 8%",
    ]);
    // The tab is open, and the overview strip (which links here) is not repeated on its own page.
    expect(screen.getByRole("link", { name: "Insight" }).getAttribute("aria-current")).toBe("page");
    expect(screen.queryByRole("region", { name: "Last 30 days" })).toBeNull();
  });

  it("draws each chart with a spoken summary and gives its numbers as a table", async () => {
    stubInsight();
    renderScreen(EarningsPage, "/earnings/insight");
    const chart = await screen.findByRole("img", {
      name: /^Page views, Nov 1, 2026 to Nov 3, 2026: 1,250 in all/,
    });
    expect(chart.getAttribute("aria-label")).toContain("the most, 1,200, on Nov 2, 2026");
    const table = screen.getByRole("table", { name: "Views and visitors" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Period", "Page views", "Visitors"]);
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(rows[2]!.textContent).toBe("Nov 2, 20261,200900");
    const revenue = screen.getByRole("table", { name: "Revenue" });
    expect(within(revenue).getAllByRole("row")[2]!.textContent).toBe("Nov 2, 2026$9.98");
    // Every figure by period, with the period's totals (distinct visitors, not the column's sum).
    const all = screen.getByRole("table", { name: "Every figure, period by period" });
    expect(within(all).getAllByRole("row").at(-1)!.textContent).toBe("Total1,25080032$9.98120.6%");
  });

  it("asks again when the period, the resource or the interval changes", async () => {
    const { calls } = stubInsight();
    renderScreen(EarningsPage, "/earnings/insight");
    await screen.findByTestId("insight-views");
    const first = insightCalls(calls)[0]!;
    expect(Object.fromEntries(first)).toEqual({ ...lastDays(30), interval: "day" });

    fireEvent.change(screen.getByLabelText("Period"), { target: { value: "90" } });
    await waitFor(() => expect(insightCalls(calls)).toHaveLength(2));
    // A longer period reads by week unless another interval is chosen.
    expect(Object.fromEntries(insightCalls(calls)[1]!)).toEqual({ ...lastDays(90), interval: "week" });

    fireEvent.change(await screen.findByLabelText("Resource"), {
      target: { value: "0b7e2f1c-1111-4a4a-8a8a-000000000001" },
    });
    await waitFor(() => expect(insightCalls(calls)).toHaveLength(3));
    expect(insightCalls(calls)[2]!.get("resourceId")).toBe("0b7e2f1c-1111-4a4a-8a8a-000000000001");

    fireEvent.change(screen.getByLabelText("Show by"), { target: { value: "month" } });
    await waitFor(() => expect(insightCalls(calls)).toHaveLength(4));
    expect(insightCalls(calls)[3]!.get("interval")).toBe("month");
  });

  it("takes chosen dates and refuses a period that ends before it starts, asking nothing", async () => {
    const { calls } = stubInsight();
    renderScreen(EarningsPage, "/earnings/insight?days=custom&from=2026-10-01&to=2026-10-14");
    await screen.findByTestId("insight-views");
    expect(Object.fromEntries(insightCalls(calls)[0]!)).toEqual({
      from: "2026-10-01",
      to: "2026-10-14",
      interval: "day",
    });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-09-01" } });
    const problem = await screen.findByText("The last day must be on or after the first.");
    expect(problem.getAttribute("role")).toBe("alert");
    expect(insightCalls(calls)).toHaveLength(1);
  });

  it("says what will come, for a creator with nothing counted yet", async () => {
    stubInsight(EMPTY);
    renderScreen(EarningsPage, "/earnings/insight");
    expect(await screen.findByText("No visits yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Your resources" }).getAttribute("href")).toBe(
      "/profile/resources",
    );
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.queryByRole("button", { name: "Download CSV" })).toBeNull();
  });

  it("writes the series as CSV: a row per period, the totals, and no formula from an edited heading", async () => {
    const csv = insightCsv(texts, INSIGHT).split("\n");
    expect(csv[0]).toBe(
      '"Period start","Page views","Visitors","Free downloads","Purchases","Revenue ($)","Favorites","New followers","Conversion (%)"',
    );
    expect(csv[1]).toBe("2026-11-01,40,30,3,0,0.00,0,0,10");
    expect(csv[2]).toBe("2026-11-02,1200,900,0,2,9.98,0,0,0.2");
    expect(csv[3]).toBe("2026-11-03,10,10,0,0,0.00,1,2,0");
    expect(csv[4]).toBe('"Total",1250,800,3,2,9.98,1,2,0.6');
    expect(csv).toHaveLength(6);
    const edited = (key: InsightTextKey) => (key === "insight.figure.views" ? "=SUM(A1)" : texts(key));
    expect(insightCsv(edited, INSIGHT).split("\n")[0]).toContain(`"'=SUM(A1)"`);
    expect(insightCsv(texts, EMPTY).split("\n")[4]).toBe('"Total",0,0,0,0,0.00,0,0,');
  });
});

describe("the last 30 days on /earnings", () => {
  it("shows views, visitors and conversion with the way to the whole insight", async () => {
    const { calls } = stubInsight();
    renderScreen(InsightOverview, "/earnings");
    await waitFor(() => expect(screen.getByTestId("overview-views").textContent).toBe("1,250"));
    expect(screen.getByTestId("overview-visitors").textContent).toBe("800");
    expect(screen.getByTestId("overview-conversion").textContent).toBe("0.6%");
    expect(screen.getByRole("link", { name: "See insight" }).getAttribute("href")).toBe("/earnings/insight");
    expect(insightCalls(calls)).toHaveLength(1);
  });

  it("stays out of the way when the figures cannot be read", async () => {
    // A 4xx is not tried again (a 5xx is, once, a second later).
    stubFetch({ "GET /api/insight/self": [403, { error: "forbidden", message: "No" }] });
    const view = renderScreen(InsightOverview, "/earnings");
    await waitFor(() => expect(view.container.textContent).toBe(""));
  });
});
