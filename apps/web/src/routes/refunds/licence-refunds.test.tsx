import type { Refund, SaleRefundState } from "@market/domain";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import { RefundRequest } from "../checkout/RefundRequest.tsx";
import { RefundRequestRow } from "./RefundRequestRow.tsx";

/** Refunds of a purchase for colleagues (issue 23): only the seats nobody holds are given back. */

const SALE_ID = "5b2a3c6d-1e7f-4a8b-9c0d-1e2f3a4b5c6d";
const STATE = `GET /api/transactions/${SALE_ID}/refund`;

const refund = (overrides: Partial<Refund> = {}): Refund => ({
  id: "0b8f6a52-3f3e-4e0e-9a55-0c1f3c2a9d11",
  saleId: SALE_ID,
  status: "requested",
  reason: "Two colleagues left the school this term.",
  declineNote: null,
  requestedAt: "2026-11-21T10:00:00.000Z",
  decidedAt: null,
  byAdmin: false,
  seats: 2,
  amountCents: 500,
  sale: { amount: 1250, seats: 4, purchasedAt: "2026-11-20T10:00:00.000Z", isGift: false },
  resource: { id: "r1", name: "owl-unit", title: "Owl unit", isBundle: false },
  buyer: { username: "grace", first_name: "Grace" },
  ...overrides,
});

const state = (overrides: Partial<SaleRefundState>): SaleRefundState => ({
  refund: null,
  requestableUntil: "2026-12-04T10:00:00.000Z",
  canRequest: true,
  refundableCents: 1250,
  refundableSeats: null,
  ...overrides,
});

const Buyer = () => <RefundRequest saleId={SALE_ID} title="Owl unit" />;
const CreatorRow = () => (
  <ul>
    <RefundRequestRow refund={refund()} onDecided={() => {}} onFailed={() => {}} />
  </ul>
);

beforeEach(() => {
  storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("the buyer's refund of a purchase for colleagues", () => {
  it("says a refund now gives back only the free seats, and for how much", async () => {
    stubFetch({ [STATE]: [200, state({ refundableSeats: 2, refundableCents: 500 })] });
    renderScreen(Buyer, "/profile/purchases");
    expect(
      await screen.findByText(
        /a refund gives back only the seats nobody has: 2 now, \$5\.00\. Your own seat and your colleagues' stay yours\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ask for a refund of Owl unit" })).toBeTruthy();
  });

  it("with every seat given, says to free one first instead of offering a refund", async () => {
    stubFetch({ [STATE]: [200, state({ canRequest: false, refundableSeats: 0, refundableCents: 0 })] });
    renderScreen(Buyer, "/profile/purchases");
    expect(await screen.findByText(/Every seat of this purchase is given to a colleague/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage your licences" }).getAttribute("href")).toBe(
      "/profile/licences",
    );
    expect(screen.queryByRole("button", { name: /Ask for a refund/ })).toBeNull();
  });

  it("tells what a refund of free seats gave back", async () => {
    stubFetch({
      [STATE]: [
        200,
        state({
          canRequest: false,
          refund: refund({ status: "refunded", decidedAt: "2026-11-22T10:00:00.000Z" }),
        }),
      ],
    });
    renderScreen(Buyer, "/profile/purchases");
    expect(
      await screen.findByText("Refunded on Nov 22, 2026: $5.00 for 2 free seats goes back to your card."),
    ).toBeTruthy();
  });
});

describe("the creator's decision on a refund of free seats", () => {
  it("names the seats and the amount, and says the buyer keeps the resource", async () => {
    const { calls } = stubFetch({
      [`POST /api/refunds/${refund().id}/approve`]: [200, refund({ status: "refunded" })],
    });
    renderScreen(CreatorRow, "/earnings");
    expect(await screen.findByText("Refund of 2 free seats of 4")).toBeTruthy();
    expect(screen.getByText(/· 4 seats/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Approve the refund of Owl unit for @grace" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Refund $5.00 to @grace?" }));
    expect(dialog.getByText(/only the free seats are refunded: \$5\.00/)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Refund $5.00" }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
  });
});
