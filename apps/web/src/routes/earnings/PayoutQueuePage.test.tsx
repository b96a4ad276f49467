import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../state/session.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import PayoutQueuePage from "./PayoutQueuePage.tsx";

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const payout = {
  id: "p1",
  amount: 2500,
  status: "requested",
  requestedAt: "2026-11-20T10:00:00.000Z",
  requestedDay: "2026-11-20",
  payoutDate: null,
  username: "grace",
  first_name: "Grace",
};

describe("the payouts queue", () => {
  it("rejects a request, which leaves the queue", async () => {
    let rejected = false;
    const { calls } = stubFetch({
      "GET /api/admin/payouts": () => [
        200,
        rejected
          ? { payouts: [], totalEligiblePayouts: 0 }
          : { payouts: [payout], totalEligiblePayouts: 2500 },
      ],
      "POST /api/admin/payouts/p1/reject": () => {
        rejected = true;
        return [200, { ...payout, status: "rejected" }];
      },
    });
    renderScreen(PayoutQueuePage, "/admin/exceptions/payouts");
    // The request's day in the reader's date format, never an ISO date.
    expect(await screen.findByText("Grace (@grace) · requested Nov 20, 2026")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Reject: @grace" }));
    expect(await screen.findByText("Rejected the $25.00 request from @grace.")).toBeTruthy();
    expect(await screen.findByText("No payouts are waiting.")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/admin/payouts/p1/reject")).toBe(true);
  });
});
