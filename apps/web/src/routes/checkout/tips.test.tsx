import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser, makeSummary } from "../../test/factories.ts";
import { fillPaymentForm } from "../../test/payment-form.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import FirstTipPage from "./FirstTipPage.tsx";
import TipCompletedPage from "./TipCompletedPage.tsx";
import TipPage from "./TipPage.tsx";
import TipSummaryPage from "./TipSummaryPage.tsx";

const sent = {
  tips: [
    {
      tipId: "t2",
      amount: 1000,
      tipNote: "For the owl unit",
      created_at: "2026-11-20T10:00:00.000Z",
      recipient: { id: "c2", username: "grace", first_name: "Grace" },
    },
    {
      tipId: "t1",
      amount: 300,
      tipNote: null,
      created_at: "2026-11-19T10:00:00.000Z",
      recipient: { id: "c1", username: "ada", first_name: "Ada" },
    },
  ],
  count: 2,
  totalAmount: 1300,
  page: 1,
  pageSize: 20,
};

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("the tip summary (spec 2 /profile/tip-summary and leave-tip/summary)", () => {
  it("lists the tips sent with their count and sum", async () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    stubFetch({ "GET /api/transactions/tips/sent": [200, sent] });
    renderScreen(TipSummaryPage, "/profile/tip-summary");
    expect(await screen.findByText("2 tips, $13.00 in all. Thank you!")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Grace" }).getAttribute("href")).toBe("/profile/@grace");
    expect(screen.getByText("For the owl unit")).toBeTruthy();
  });

  it("says so when there are none, with the way to learn about tipping", async () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    stubFetch({ "GET /api/transactions/tips/sent": [200, { ...sent, tips: [], count: 0, totalAmount: 0 }] });
    renderScreen(TipSummaryPage, "/profile/tip-summary");
    expect((await screen.findByRole("link", { name: "How tipping works" })).getAttribute("href")).toBe(
      "/first-tip",
    );
  });
});

describe("closing the tip modal (spec 4: deactivated users only on the summary)", () => {
  it("a deactivated user has no close button on the completed page, but has one on the summary", async () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser({ is_deactivated: true }));
    stubFetch({ "GET /api/transactions/tips/sent": [200, sent] });
    const completed = renderScreen(TipCompletedPage, "/profile/tip-completed");
    expect(await screen.findByText("Thank you for your tip")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    completed.unmount();
    renderScreen(TipSummaryPage, "/profile/tip-summary");
    expect(await screen.findByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("an active user can close it anywhere, and the completed page links to the summary", async () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    stubFetch({});
    renderScreen(
      TipCompletedPage,
      "/resources/owl-unit/leave-tip/completed",
      "/resources/:id/leave-tip/completed",
    );
    expect(await screen.findByRole("button", { name: "Close" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See all your tips" }).getAttribute("href")).toBe(
      "/resources/owl-unit/leave-tip/summary",
    );
  });
});

describe("one tip to several creators (POST /transactions/tip/multiple)", () => {
  it("thanks each creator picked with the chosen amount in one payment, ending on /tip/completed", async () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    const { calls } = stubFetch({
      "GET /api/users/c1/summary": [
        200,
        { user: makeSummary({ id: "c1", username: "ada", first_name: "Ada" }) },
      ],
      "GET /api/users/c2/summary": [
        200,
        { user: makeSummary({ id: "c2", username: "grace", first_name: "Grace" }) },
      ],
      "POST /api/transactions/tip/multiple": [
        200,
        {
          tips: [
            { tipId: "t1", recipientId: "c1", amount: 300 },
            { tipId: "t2", recipientId: "c2", amount: 300 },
          ],
          total: 600,
        },
      ],
    });
    const { router } = renderScreen(TipPage, "/tip/c1,c2", "/tip/:id");
    expect(await screen.findByText("Tip Ada, Grace")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "$3" }));
    fillPaymentForm();
    fireEvent.click(screen.getByRole("button", { name: "Send $3.00 to each of 2 ($6.00)" }));
    // In the app /tip/completed is its own route; this test's router only knows /tip/:id.
    await waitFor(() => expect(router.state.location.pathname).toBe("/tip/completed"));
    const pay = calls.find((c) => c.url === "/api/transactions/tip/multiple");
    expect(pay?.body).toMatchObject({ recipientIds: ["c1", "c2"], amount: 300 });
  });
});

describe("another amount", () => {
  it("says the tip's limits at the amount and sends nothing until the amount is one the domain takes", async () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    const { calls } = stubFetch({
      "GET /api/users/c1/summary": [
        200,
        { user: makeSummary({ id: "c1", username: "ada", first_name: "Ada" }) },
      ],
      "POST /api/transactions/tip/purchase/c1": [
        200,
        { tips: [{ tipId: "t1", recipientId: "c1", amount: 750 }], total: 750 },
      ],
    });
    const { router } = renderScreen(TipPage, "/tip/c1", "/tip/:id");
    fireEvent.change(await screen.findByLabelText("Other amount in dollars"), { target: { value: "501" } });
    fillPaymentForm();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Choose an amount from $1 to $500.")).toBeTruthy();
    expect(screen.getByLabelText("Other amount in dollars").getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Other amount in dollars"), { target: { value: "7.50" } });
    fireEvent.change(screen.getByLabelText("Note (optional)"), { target: { value: "  For the owl unit " } });
    fireEvent.click(await screen.findByRole("button", { name: "Send $7.50" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tip/c1/completed"));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      amount: 750,
      tipNote: "For the owl unit",
      cardName: "Tess Teacher",
    });
  });
});

describe("a tip link naming a creator twice", () => {
  it("thanks them once, at the single tip's price", async () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    const { calls } = stubFetch({
      "GET /api/users/c1/summary": [
        200,
        { user: makeSummary({ id: "c1", username: "ada", first_name: "Ada" }) },
      ],
    });
    renderScreen(TipPage, "/tip/c1,c1", "/tip/:id");
    expect(await screen.findByText("Tip Ada")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send $5.00" })).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/users/c1/summary")).toHaveLength(1);
  });
});

describe("/first-tip", () => {
  it("explains the amounts (spec 5 Tips), the once-a-day rule and the creator's share", async () => {
    stubFetch({});
    renderScreen(FirstTipPage, "/first-tip");
    expect(
      await screen.findByText(
        "Choose $1, $2, $3, $4, $5, $10, $25, $50, $100, or type another amount, and add a note if you like.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("You can tip each creator once a day.")).toBeTruthy();
    expect(screen.getByText("The creator keeps 100% of your tip.")).toBeTruthy();
  });
});
