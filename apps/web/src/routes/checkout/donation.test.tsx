import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { donationState } from "../../state/donation.ts";
import { ACCOUNT_STORAGE_KEYS } from "../../state/post-login.ts";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { fillPaymentForm } from "../../test/payment-form.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import DonatePage from "./DonatePage.tsx";
import DonationStartPage from "./DonationStartPage.tsx";

const signIn = () => storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());

afterEach(() => {
  clearSession();
  donationState.reset();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the donation modal's start (spec 2 /donation and /donate)", () => {
  beforeEach(() => stubFetch({}));

  it("keeps a visitor's amount for after login (spec 4, post-login step 4) and sends them to log in", async () => {
    renderScreen(DonationStartPage, "/donation?placement=idle");
    fireEvent.click(await screen.findByRole("button", { name: "$25" }));
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByText("Elsewhere")).toBeTruthy();
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEYS.donateAmount)).toBe("2500");
    expect(donationState.get()).toMatchObject({ amount: 2500, placement: "idle" });
  });

  it("closes at once before any interaction, and warns after one (spec 2)", async () => {
    signIn();
    renderScreen(DonationStartPage, "/donate");
    const close = await screen.findByRole("button", { name: "Close" });
    fireEvent.click(screen.getByRole("button", { name: "$50" }));
    fireEvent.click(close);
    expect(await screen.findByText("Close the donation window?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Stay" }));
    expect(await screen.findByRole("button", { name: "Continue to payment" })).toBeTruthy();
    donationState.reset();
  });

  it("refuses an amount outside $1 to $1,000", async () => {
    signIn();
    renderScreen(DonationStartPage, "/donate");
    fireEvent.change(await screen.findByLabelText("Another amount in dollars"), {
      target: { value: "5000" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Choose an amount from $1 to $1,000.");
  });

  it("without interaction, closing the start leaves without a warning", async () => {
    signIn();
    renderScreen(DonationStartPage, "/donate");
    fireEvent.click(await screen.findByRole("button", { name: "Close" }));
    expect(await screen.findByText("Elsewhere")).toBeTruthy();
  });
});

describe("the donation payment step", () => {
  it("starts from the amount stored before login, and warns on closing, leading to cancel", async () => {
    signIn();
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.donateAmount, "2500");
    stubFetch({});
    const { router } = renderScreen(DonatePage, "/donate/payment");
    expect(((await screen.findByLabelText("Donation in dollars")) as HTMLInputElement).value).toBe("25");
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEYS.donateAmount)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(await screen.findByText("Close the donation window?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("Elsewhere")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/donate/cancel");
  });

  it("says the donation's limits at the amount and charges nothing until they are met", async () => {
    signIn();
    donationState.update({ amount: 1000, placement: "footer" });
    const { calls } = stubFetch({});
    renderScreen(DonatePage, "/donate/payment");
    fireEvent.change(await screen.findByLabelText("Donation in dollars"), { target: { value: "0.50" } });
    fillPaymentForm();
    fireEvent.click(screen.getByRole("button", { name: "Donate" }));
    expect(await screen.findByText("Choose an amount from $1 to $1,000.")).toBeTruthy();
    expect(screen.getByLabelText("Donation in dollars").getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("pays with the placement it was opened from and goes to the completion route", async () => {
    signIn();
    donationState.update({ amount: 1000, placement: "footer" });
    const { calls } = stubFetch({
      "POST /api/transactions/donate/purchase": [
        200,
        {
          donation: { donationId: "d1", amount: 1000, placement: "footer" },
          donation_date: "2026-11-23T00:00:00Z",
        },
      ],
    });
    const { router } = renderScreen(DonatePage, "/donate/payment");
    await screen.findByLabelText("Name on card");
    fillPaymentForm();
    fireEvent.click(screen.getByRole("button", { name: "Donate $10.00" }));
    expect(await screen.findByText("Elsewhere")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/donate/completed");
    const pay = calls.find((c) => c.url === "/api/transactions/donate/purchase");
    expect(pay?.body).toMatchObject({ amount: 1000, placement: "footer", cardName: "Tess Teacher" });
  });
});
