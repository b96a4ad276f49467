import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeDetail, makeSelfUser } from "../../test/factories.ts";
import { fillPaymentForm } from "../../test/payment-form.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import SettingsPage from "../account/SettingsPage.tsx";
import PurchasePage from "./PurchasePage.tsx";

const RESOURCE = makeDetail({ price: 500 });
const DETAIL = `GET /api/resources/${RESOURCE.name}`;
const PURCHASE = "POST /api/transactions/resource/purchase";
const bought: [number, unknown] = [
  200,
  {
    sale: { saleId: "s1", amount: 500, refCode: null, isGift: false },
    resourceId: RESOURCE.id,
    resourceName: RESOURCE.name,
    giftUri: null,
  },
];
const SCHOOL = {
  organisation: "Springfield Elementary",
  address: "19 Plympton Street\nSpringfield",
  taxId: "EIN 12-3456789",
};
const DISCLOSURE = "Buying for a school? Add billing details for the receipt";

const renderCheckout = () =>
  renderScreen(PurchasePage, `/resources/${RESOURCE.name}/purchase`, "/resources/:id/purchase");
const pay = () => fireEvent.click(screen.getByRole("button", { name: "Pay $5.00" }));
const purchaseBody = async (calls: { method: string; url: string; body: unknown }[]) => {
  await waitFor(() => expect(calls.some((c) => c.url.endsWith("/resource/purchase"))).toBe(true));
  return calls.find((c) => c.url.endsWith("/resource/purchase"))!.body as Record<string, unknown>;
};

beforeEach(() => storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser()));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("billing details at checkout (BillingFields)", () => {
  it("stays closed and sends nothing of billing when the buyer gives none", async () => {
    const { calls } = stubFetch({
      [DETAIL]: [200, RESOURCE],
      "GET /api/users/self": [200, makeSelfUser()],
      [PURCHASE]: bought,
    });
    renderCheckout();
    const toggle = await screen.findByRole("button", { name: DISCLOSURE });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("textbox", { name: /Organisation name/ })).toBeNull();
    fillPaymentForm();
    pay();
    const body = await purchaseBody(calls);
    expect(body).not.toHaveProperty("billing");
    expect(body).not.toHaveProperty("saveBilling");
  });

  it("is prefilled from the settings, says whom it bills while closed, and sends those details", async () => {
    const { calls } = stubFetch({
      [DETAIL]: [200, RESOURCE],
      "GET /api/users/self": [200, makeSelfUser({ billing: SCHOOL })],
      [PURCHASE]: bought,
    });
    renderCheckout();
    expect(await screen.findByText("Billed to Springfield Elementary")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Buying for a school\?/ }));
    expect((screen.getByLabelText(/Organisation name/) as HTMLInputElement).value).toBe(SCHOOL.organisation);
    expect((screen.getByLabelText(/Billing address/) as HTMLTextAreaElement).value).toBe(SCHOOL.address);
    fillPaymentForm();
    pay();
    const body = await purchaseBody(calls);
    expect(body.billing).toEqual(SCHOOL);
    expect(body).not.toHaveProperty("saveBilling");
  });

  it("sends what the buyer typed with 'Save for next time', with each limit counted and kept", async () => {
    const { calls } = stubFetch({
      [DETAIL]: [200, RESOURCE],
      "GET /api/users/self": [200, makeSelfUser()],
      [PURCHASE]: bought,
    });
    renderCheckout();
    fireEvent.click(await screen.findByRole("button", { name: DISCLOSURE }));
    const organisation = screen.getByLabelText(/Organisation name/) as HTMLInputElement;
    expect(organisation.maxLength).toBe(200);
    expect((screen.getByLabelText(/Tax ID/) as HTMLInputElement).maxLength).toBe(40);
    fireEvent.change(organisation, { target: { value: "Oak Hill Academy" } });
    expect(screen.getByText("16 of 200 characters")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Tax ID/), { target: { value: "GB123456789" } });
    fireEvent.click(screen.getByLabelText("Save for next time"));
    fillPaymentForm();
    pay();
    const body = await purchaseBody(calls);
    expect(body.billing).toEqual({ organisation: "Oak Hill Academy", address: "", taxId: "GB123456789" });
    expect(body.saveBilling).toBe(true);
  });
});

describe("billing details in the settings (BillingSection)", () => {
  it("saves the three details through PATCH /users/self", async () => {
    const saved = makeSelfUser({ billing: { ...SCHOOL, address: null } });
    const { calls } = stubFetch({
      "GET /api/users/self": [200, makeSelfUser()],
      "PATCH /api/users/self": [200, saved],
    });
    renderScreen(SettingsPage, "/profile/@ada/settings");
    const section = (await screen.findByRole("heading", { name: "Billing details for receipts" }))
      .parentElement as HTMLElement;
    const inside = within(section);
    fireEvent.change(inside.getByLabelText(/Organisation name/), { target: { value: SCHOOL.organisation } });
    fireEvent.change(inside.getByLabelText(/Tax ID/), { target: { value: ` ${SCHOOL.taxId} ` } });
    await waitFor(() =>
      expect(
        (inside.getByRole("button", { name: "Save billing details" }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    fireEvent.click(inside.getByRole("button", { name: "Save billing details" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({
      billing: { organisation: SCHOOL.organisation, address: null, taxId: SCHOOL.taxId },
    });
  });
});
