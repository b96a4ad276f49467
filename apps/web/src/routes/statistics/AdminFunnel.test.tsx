import type { InsightFigures, InsightResponse, StatisticsResponse } from "@market/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import StatisticsPage from "./StatisticsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

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

const FUNNEL: InsightResponse = {
  from: "2026-11-01",
  to: "2026-11-02",
  interval: "day",
  series: [
    { period: "2026-11-01", ...figures({ views: 5000, uniqueVisitors: 3000, downloads: 90 }) },
    {
      period: "2026-11-02",
      ...figures({ views: 4000, uniqueVisitors: 2500, purchases: 30, revenueCents: 15000 }),
    },
  ],
  totals: {
    ...figures({ views: 9000, uniqueVisitors: 5000, downloads: 90, purchases: 30, revenueCents: 15000 }),
    conversionPercent: 2.4,
  },
  sources: [
    { source: "grid", host: null, views: 6000 },
    { source: "featured", host: null, views: 3000 },
  ],
};

const STATISTICS: StatisticsResponse = {
  from: "2026-11-01",
  to: "2026-11-02",
  bucket: "day",
  timeZone: "America/New_York",
  series: [],
  totals: {
    signUps: 0,
    activeUsers: 0,
    resourcesPublished: 0,
    downloads: 0,
    sales: 0,
    salesAmount: 0,
    tips: 0,
    tipsAmount: 0,
    donations: 0,
    donationsAmount: 0,
    adImpressions: 0,
    adClicks: 0,
    adIncome: 0,
    reviews: 0,
    reviewsAverage: null,
  },
};

describe("the site-wide funnel on the admins' statistics", () => {
  it("shows the funnel and the sources for the screen's own period, and follows its interval", async () => {
    const { calls } = stubFetch({
      "GET /api/admin/statistics": [200, STATISTICS],
      "GET /api/admin/insight": [200, FUNNEL],
    });
    renderScreen(StatisticsPage, "/admin/statistics");
    const funnel = await screen.findByRole("region", { name: "Funnel" });
    await waitFor(() => expect(within(funnel).getByTestId("insight-views").textContent).toBe("9,000"));
    expect(within(funnel).getByTestId("insight-conversion").textContent).toBe("2.4%");
    expect(within(funnel).getByTestId("insight-revenueCents").textContent).toBe("$150.00");
    // A site's favorites and follows are the statistics' own figures: not repeated here.
    expect(within(funnel).queryByTestId("insight-favorites")).toBeNull();
    const sources = within(funnel).getByRole("region", { name: "Where visits came from" });
    expect(
      within(sources)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Browsing the catalogue6,000 views, 66.7%", "Featured resources3,000 views, 33.3%"]);

    const asked = () =>
      calls
        .filter((c) => c.url.startsWith("/api/admin/insight"))
        .map((c) => new URL(c.url, "http://x").searchParams);
    const statistics = calls.find((c) => c.url.startsWith("/api/admin/statistics"))!;
    const period = new URL(statistics.url, "http://x").searchParams;
    expect(asked()[0]!.get("from")).toBe(period.get("from"));
    expect(asked()[0]!.get("to")).toBe(period.get("to"));
    expect(asked()[0]!.get("interval")).toBe("day");

    fireEvent.change(screen.getByLabelText("Group by"), { target: { value: "week" } });
    await waitFor(() => expect(asked().at(-1)!.get("interval")).toBe("week"));
  });
});
