import { abbreviateNumber, type StatisticsFigures, type StatisticsResponse } from "@market/domain";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import StatisticsPage from "./StatisticsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const figures = (over: Partial<StatisticsFigures> = {}): StatisticsFigures => ({
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
  ...over,
});

/** Three months: reviews in January and March, none in February (no average). */
const REPORT: StatisticsResponse = {
  from: "2026-01-01",
  to: "2026-03-31",
  bucket: "month",
  timeZone: "America/New_York",
  series: [
    { period: "2026-01-01", ...figures({ signUps: 4, reviews: 2, reviewsAverage: 4.5 }) },
    { period: "2026-02-01", ...figures({ signUps: 1 }) },
    { period: "2026-03-01", ...figures({ reviews: 1_250, reviewsAverage: 3.8 }) },
  ],
  totals: figures({ signUps: 5, reviews: 1_252, reviewsAverage: 3.8 }),
};

describe("the admin statistics screen", () => {
  it("shows the reviews written and their average rating beside the other figures, by period", async () => {
    stubFetch({ "GET /api/admin/statistics": [200, REPORT] });
    renderScreen(StatisticsPage, "/admin/statistics");
    expect((await screen.findByTestId("total-reviews")).textContent).toBe(abbreviateNumber(1_252));
    expect(screen.getByTestId("total-reviewsAverage").textContent).toBe("3.8");

    const table = screen.getByRole("table", { name: "Figures by day" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers.slice(-2)).toEqual(["Reviews written", "Average rating"]);
    const lastCells = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(-2)
          .map((c) => c.textContent),
      );
    // A month without reviews has no average, said in words rather than as zero stars.
    expect(lastCells).toEqual([
      ["2", "4.5"],
      ["0", "None"],
      ["1,250", "3.8"],
    ]);

    // The average can be charted like any figure, against the whole scale.
    fireEvent.click(screen.getByRole("button", { name: /^Average rating/ }));
    const chart = screen.getByRole("img", { name: "Chart: Average rating" });
    expect(chart.querySelectorAll("rect")).toHaveLength(3);
    expect([...chart.querySelectorAll("title")].map((t) => t.textContent)).toEqual([
      "2026-01-01: 4.5",
      "2026-02-01: None",
      "2026-03-01: 3.8",
    ]);
    expect(screen.getByText(/Highest: 4\.5\./)).toBeTruthy();
  });

  it("says a period without any review has no average", async () => {
    stubFetch({
      "GET /api/admin/statistics": [
        200,
        { ...REPORT, series: [{ period: "2026-01-01", ...figures() }], totals: figures() },
      ],
    });
    renderScreen(StatisticsPage, "/admin/statistics");
    expect((await screen.findByTestId("total-reviewsAverage")).textContent).toBe("None");
    fireEvent.click(screen.getByRole("button", { name: /^Average rating/ }));
    expect(screen.getByText(/Highest: None\./)).toBeTruthy();
  });
});
