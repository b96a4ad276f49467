import { DEFAULT_SITE_SETTINGS } from "@market/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { siteQueries } from "../../state/site-config.ts";
import { makeDetail, makeSelfUser } from "../../test/factories.ts";
import { fillPaymentForm } from "../../test/payment-form.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import FeaturePage from "./FeaturePage.tsx";
import PurchasePage from "./PurchasePage.tsx";

const RESOURCE = makeDetail({ price: 500 });
const DETAIL = `GET /api/resources/${RESOURCE.name}`;
const PURCHASE = "POST /api/transactions/resource/purchase";
const bought = [
  200,
  {
    sale: { saleId: "s1", amount: 500, refCode: null, isGift: false },
    resourceId: RESOURCE.id,
    resourceName: RESOURCE.name,
    giftUri: null,
  },
] as [number, unknown];

const renderCheckout = () =>
  renderScreen(PurchasePage, `/resources/${RESOURCE.name}/purchase`, "/resources/:id/purchase");
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const pay = () => fireEvent.click(screen.getByRole("button", { name: "Pay $5.00" }));

beforeEach(() => storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser()));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("the payment form of every checkout (spec 3, with the card rules of spec 5)", () => {
  it("checks the card with the domain's rules when paying and as it changes, and charges nothing until they pass", async () => {
    const { calls } = stubFetch({ [DETAIL]: [200, RESOURCE], [PURCHASE]: bought });
    const { router } = renderCheckout();
    await screen.findByLabelText("Card number");
    pay();
    await waitFor(() => expect(screen.getAllByText("Required")).toHaveLength(8));
    expect(field("Name on card").getAttribute("aria-invalid")).toBe("true");

    type("Card number", "4242 4242 4242 4241");
    expect(await screen.findByText("This card number is not valid")).toBeTruthy();
    type("Expiry (MM/YY)", "01/20");
    expect(await screen.findByText("This card has expired")).toBeTruthy();
    type("Expiry (MM/YY)", "13/30");
    expect(await screen.findByText("Write the expiry as MM/YY")).toBeTruthy();
    type("State (2 letters)", "Illinois");
    expect(await screen.findByText("Check the number of characters")).toBeTruthy();
    // A limit of the request schema itself, said in the site's shared words.
    type("Name on card", "T".repeat(101));
    expect(await screen.findByText("Too long: 101 of 100 characters")).toBeTruthy();
    pay();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    fillPaymentForm();
    pay();
    await waitFor(() => expect(router.state.location.search).toBe("?sale=s1"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      resourceId: RESOURCE.id,
      amount: 500,
      paymentSource: "credit-card",
      cardName: "Tess Teacher",
      cardNumber: "4242 4242 4242 4242",
      cardExp: "12/30",
      cardCvv: "123",
      billingStreetAddress: "12 Elm Street",
      billingCity: "Springfield",
      billingState: "IL",
      billingZipCode: "62701",
    });
  });

  it("shows the server's field problems on their fields until the field changes", async () => {
    stubFetch({
      [DETAIL]: [200, RESOURCE],
      [PURCHASE]: [
        400,
        {
          error: "validation_failed",
          message: "Check the card",
          fields: { cardNumber: "invalid_card_number" },
        },
      ],
    });
    renderCheckout();
    await screen.findByLabelText("Card number");
    fillPaymentForm();
    pay();
    expect(await screen.findByText("This card number is not valid")).toBeTruthy();
    expect(field("Card number").getAttribute("aria-invalid")).toBe("true");
    type("Card number", "5555 5555 5555 4444");
    await waitFor(() => expect(screen.queryByText("This card number is not valid")).toBeNull());
  });

  it("with quickCheckout on, asks for no billing address and sends none", async () => {
    const { calls } = stubFetch({ [DETAIL]: [200, RESOURCE], [PURCHASE]: bought });
    const { queryClient, router } = renderCheckout();
    queryClient.setQueryData(siteQueries.settings.queryKey, {
      ...DEFAULT_SITE_SETTINGS,
      quickCheckout: true,
    });
    await screen.findByLabelText("Card number");
    await waitFor(() => expect(screen.queryByLabelText("City")).toBeNull());
    type("Name on card", "Tess Teacher");
    type("Card number", "4242 4242 4242 4242");
    type("Expiry (MM/YY)", "12/30");
    type("Security code", "123");
    pay();
    await waitFor(() => expect(router.state.location.search).toBe("?sale=s1"));
    const body = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body.cardName).toBe("Tess Teacher");
    expect(Object.keys(body).filter((key) => key.startsWith("billing"))).toEqual([]);
  });
});

describe("featuring a resource (POST /transactions/resource/feature)", () => {
  it("takes 1 to 30 days, as the request schema says, and pays days times the price a day", async () => {
    const { calls } = stubFetch({
      [DETAIL]: [200, RESOURCE],
      "POST /api/transactions/resource/feature": [
        200,
        {
          resourceId: RESOURCE.id,
          resourceName: RESOURCE.name,
          featuredUntil: "2026-12-05T00:00:00Z",
          amount: 1000,
        },
      ],
    });
    renderScreen(FeaturePage, `/resources/${RESOURCE.name}/feature`, "/resources/:id/feature");
    await screen.findByLabelText("Days");
    type("Days", "31");
    fireEvent.blur(field("Days"));
    expect(await screen.findByText("At most 30")).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Pay/ }).textContent).toBe("Pay ");
    type("Days", "5");
    fillPaymentForm();
    fireEvent.click(screen.getByRole("button", { name: "Pay $10.00" }));
    await waitFor(() => expect(screen.getByText("Elsewhere")).toBeTruthy());
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      resourceId: RESOURCE.id,
      days: 5,
      amount: 1000,
    });
  });
});
