import type { ReportedReview } from "@market/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import ExceptionsPage from "./ExceptionsPage.tsx";
import ReviewQueuePage from "./ReviewQueuePage.tsx";

afterEach(() => vi.unstubAllGlobals());

const reported = (over: Partial<ReportedReview> = {}): ReportedReview => ({
  id: "11111111-1111-4111-8111-111111111111",
  resourceId: "r1",
  rating: 1,
  text: "Buy my worksheets instead at cheap-sheets.example!",
  gradeTaught: "3",
  usedFor: "homework",
  author: { id: "u1", username: "spammy", first_name: "Sam", avatar_locator: null },
  createdAt: "2026-11-02T15:00:00.000Z",
  updatedAt: "2026-11-02T15:00:00.000Z",
  editableUntil: "2026-12-02T15:00:00.000Z",
  helpfulCount: 0,
  helpfulByMe: false,
  reportedByMe: false,
  isHidden: false,
  reply: null,
  resource: { id: "r1", name: "fractions-fun", title: "Fractions Fun" },
  reports: [
    {
      reason: "spam",
      details: "Links to another shop.",
      reporter: "grace",
      createdAt: "2026-11-03T15:00:00.000Z",
    },
    { reason: "off-topic", details: null, reporter: "ada", createdAt: "2026-11-04T15:00:00.000Z" },
  ],
  ...over,
});

const SECOND = reported({
  id: "22222222-2222-4222-8222-222222222222",
  rating: 4,
  text: "",
  author: { id: "u2", username: "robin", first_name: "Robin", avatar_locator: null },
  isHidden: true,
  reply: {
    text: "Thanks!",
    createdAt: "2026-11-05T15:00:00.000Z",
    updatedAt: "2026-11-05T15:00:00.000Z",
  },
  resource: { id: "r2", name: "tides", title: "Tides" },
  reports: [{ reason: "other", details: null, reporter: "grace", createdAt: "2026-11-06T15:00:00.000Z" }],
});

describe("the reported reviews queue", () => {
  it("shows each reported review with its stars, words, author, resource and reports", async () => {
    stubFetch({ "GET /api/admin/reviews/reported": [200, { reviews: [reported(), SECOND], total: 2 }] });
    renderScreen(ReviewQueuePage, "/admin/exceptions/reviews");
    expect(screen.getByRole("heading", { level: 1, name: "Reported reviews" })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Reported reviews" });
    const first = within(list).getByRole("article", { name: "Review of Fractions Fun by @spammy" });
    expect(within(first).getByRole("link", { name: "Fractions Fun" }).getAttribute("href")).toBe(
      "/resources/fractions-fun#reviews",
    );
    expect(within(first).getByRole("img", { name: "1.0 out of 5 stars" })).toBeTruthy();
    expect(first.textContent).toContain("By Sam (@spammy), written Nov 2, 2026");
    expect(first.textContent).toContain("Buy my worksheets instead");
    const reports = within(first).getByRole("region", {
      name: "Reports of the review of Fractions Fun by @spammy",
    });
    expect(reports.textContent).toContain("Reports (2)");
    expect(
      within(reports)
        .getAllByRole("listitem")
        .map((i) => i.textContent),
    ).toEqual([
      "Spam or advertising · reported by @grace on Nov 3, 2026Links to another shop.",
      "Not about this resource · reported by @ada on Nov 4, 2026",
    ]);
    // A review with only stars, already hidden, with the creator's reply.
    const second = within(list).getByRole("article", { name: "Review of Tides by @robin" });
    expect(second.textContent).toContain("No words, only the stars.");
    expect(second.textContent).toContain("Hidden now");
    expect(second.textContent).toContain("The creator replied: “Thanks!”");
    // No code-ish words anywhere.
    expect(document.body.textContent).not.toMatch(/off-topic|spam\b|\d{4}-\d{2}-\d{2}/);
  });

  it("hides a review: the row leaves the queue with a toast, and the queue is counted again", async () => {
    // The server's queue: what is still reported.
    let waiting = [reported(), SECOND];
    const settle = (id: string, isHidden: boolean): [number, unknown] => {
      waiting = waiting.filter((r) => r.id !== id);
      return [200, { id, isHidden }];
    };
    const { calls } = stubFetch({
      "GET /api/admin/reviews/reported": () => [200, { reviews: waiting, total: waiting.length }],
      "POST /api/admin/reviews/11111111-1111-4111-8111-111111111111/hide": () => settle(reported().id, true),
      "POST /api/admin/reviews/22222222-2222-4222-8222-222222222222/keep": () => settle(SECOND.id, false),
    });
    renderScreen(ReviewQueuePage, "/admin/exceptions/reviews");
    fireEvent.click(
      await screen.findByRole("button", { name: "Hide the review of Fractions Fun by @spammy" }),
    );
    expect(await screen.findByText("The review of Fractions Fun by @spammy is hidden.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("article", { name: /by @spammy/ })).toBeNull());
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      "/api/admin/reviews/11111111-1111-4111-8111-111111111111/hide",
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Keep the review of Tides by @robin" }));
    expect(await screen.findByText("The review of Tides by @robin stays.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("article", { name: /by @robin/ })).toBeNull());
    expect(await screen.findByText("No reported reviews")).toBeTruthy();
  });

  it("says what went wrong when a decision fails, and keeps the row", async () => {
    stubFetch({
      "GET /api/admin/reviews/reported": [200, { reviews: [reported()], total: 1 }],
      "POST /api/admin/reviews/11111111-1111-4111-8111-111111111111/hide": [
        404,
        { error: "not_found", message: "No such review" },
      ],
    });
    renderScreen(ReviewQueuePage, "/admin/exceptions/reviews");
    fireEvent.click(await screen.findByRole("button", { name: /^Hide the review/ }));
    expect(await screen.findByText(/That did not work/)).toBeTruthy();
    expect(screen.getByRole("article", { name: /by @spammy/ })).toBeTruthy();
  });

  it("says so when nothing is reported", async () => {
    stubFetch({ "GET /api/admin/reviews/reported": [200, { reviews: [], total: 0 }] });
    renderScreen(ReviewQueuePage, "/admin/exceptions/reviews");
    expect(await screen.findByText("No reported reviews")).toBeTruthy();
  });

  it("pages through a long queue", async () => {
    const { calls } = stubFetch({
      "GET /api/admin/reviews/reported": [200, { reviews: [reported()], total: 45 }],
    });
    renderScreen(ReviewQueuePage, "/admin/exceptions/reviews?page=2", "/admin/exceptions/reviews");
    const pages = await screen.findByRole("navigation", { name: "Pages" });
    expect(within(pages).getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    expect(within(pages).getByRole("link", { name: "Page 3" }).getAttribute("href")).toBe(
      "/admin/exceptions/reviews?page=3",
    );
    expect(calls[0]?.url).toContain("page=2");
  });

  it("fails as a screen with a retry", async () => {
    let fail = true;
    stubFetch({
      "GET /api/admin/reviews/reported": () =>
        fail ? [500, { error: "internal", message: "x" }] : [200, { reviews: [], total: 0 }],
    });
    renderScreen(ReviewQueuePage, "/admin/exceptions/reviews");
    // A server failure is tried once more before the screen says so.
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toBeTruthy();
    expect(
      screen.getByRole("heading", { level: 1, name: "We could not load the reported reviews." }),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No reported reviews")).toBeTruthy();
  });
});

describe("the exceptions overview", () => {
  it("counts the reported reviews beside the other queues, with a link to work them", async () => {
    stubFetch({
      "GET /api/admin/exceptions": [
        200,
        {
          advertisements: 2,
          resources: 5,
          payouts: 1,
          totalEligiblePayouts: 12_500,
          supportThreads: 3,
          reviews: 7,
        },
      ],
    });
    renderScreen(ExceptionsPage, "/admin/exceptions");
    const card = (await screen.findByRole("heading", { name: "Reported reviews" })).closest("li")!;
    await waitFor(() => expect(card.textContent).toContain("7 waiting"));
    expect(
      within(card)
        .getByRole("link", { name: /Open the queue\s*Reported reviews/ })
        .getAttribute("href"),
    ).toBe("/admin/exceptions/reviews");
  });
});
