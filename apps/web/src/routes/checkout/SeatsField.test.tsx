import type { SaleDetail } from "@market/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeDetail, makeSelfUser } from "../../test/factories.ts";
import { fillPaymentForm } from "../../test/payment-form.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import PurchaseCompletedPage from "./PurchaseCompletedPage.tsx";
import PurchasePage from "./PurchasePage.tsx";
import { SeatsField } from "./SeatsField.tsx";
import { checkoutPrice, initialSeatsText, parseSeats } from "./seats-price.ts";

const RESOURCE = makeDetail({ price: 500, seatPriceCents: 250 });
const DETAIL = `GET /api/resources/${RESOURCE.name}`;
const PURCHASE = "POST /api/transactions/resource/purchase";
const bought = (seats: number, amount: number): [number, unknown] => [
  200,
  {
    sale: { saleId: "s3", amount, refCode: null, isGift: false, seats },
    resourceId: RESOURCE.id,
    resourceName: RESOURCE.name,
    giftUri: null,
  },
];

beforeEach(() => {
  storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("the seats' arithmetic (issue 23)", () => {
  it("reads a whole number of seats from 1 to 100, and nothing else", () => {
    expect(parseSeats("3")).toBe(3);
    expect(parseSeats(" 100 ")).toBe(100);
    expect(parseSeats("1")).toBe(1);
    for (const bad of ["0", "101", "2.5", "-1", "", "two", null])
      expect(parseSeats(bad), String(bad)).toBeNull();
    expect(initialSeatsText("3")).toBe("3");
    expect(initialSeatsText("500")).toBe("1");
    expect(initialSeatsText(null)).toBe("1");
  });

  it("charges the buyer's own seat and each colleague's seat", () => {
    const price = { ownSeatCents: 500, seatPriceCents: 250, coupon: null };
    expect(checkoutPrice({ ...price, seats: 1 }).amount).toBe(500);
    expect(checkoutPrice({ ...price, seats: 3 }).amount).toBe(1000);
    expect(checkoutPrice({ ...price, seats: 100 }).amount).toBe(500 + 99 * 250);
    expect(checkoutPrice({ ...price, seats: null }).amount).toBeNull();
  });

  it("takes an applied code's quote as the whole price, only for the seats it was quoted for", () => {
    const price = { ownSeatCents: 500, seatPriceCents: 250 };
    // 20% off the buyer's seat only: 400 + 2 x 250.
    const coupon = { priceCents: 900, seats: 3 };
    expect(checkoutPrice({ ...price, seats: 3, coupon })).toEqual({
      amount: 900,
      firstSeatCents: 400,
      quotePending: false,
    });
    expect(checkoutPrice({ ...price, seats: 4, coupon })).toMatchObject({ amount: null, quotePending: true });
  });
});

function Harness({ start = "1" }: { start?: string }) {
  const [text, setText] = useState(start);
  return <SeatsField text={text} onChange={setText} firstSeatCents={600} seatPriceCents={250} />;
}

describe("the seats field", () => {
  it("steps between 1 and 100 seats and shows what the colleagues' seats add", async () => {
    renderScreen(Harness, "/resources/x/purchase");
    expect(await screen.findByRole("heading", { name: "Buying for colleagues too?" })).toBeTruthy();
    expect(screen.getByText(/^Each extra seat \$2\.50\./)).toBeTruthy();
    const box = screen.getByRole("spinbutton", { name: "Seats" }) as HTMLInputElement;
    expect(box.value).toBe("1");
    expect(screen.getByText("Just you")).toBeTruthy();
    expect((screen.getByRole("button", { name: "One seat fewer" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "One seat more" }));
    fireEvent.click(screen.getByRole("button", { name: "One seat more" }));
    expect(box.value).toBe("3");
    expect(screen.getByText("You and 2 colleagues")).toBeTruthy();
    expect(screen.getByText("Your seat")).toBeTruthy();
    expect(screen.getByText("2 extra seats at $2.50 each")).toBeTruthy();
    expect(screen.getByText("$6.00")).toBeTruthy();
    expect(screen.getByText("$5.00")).toBeTruthy();

    fireEvent.change(box, { target: { value: "100" } });
    expect((screen.getByRole("button", { name: "One seat more" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("99 extra seats at $2.50 each")).toBeTruthy();
    expect(screen.getByText("$247.50")).toBeTruthy();
  });

  it("says the rule when the count typed is not one it takes", async () => {
    renderScreen(Harness, "/resources/x/purchase");
    const box = await screen.findByRole("spinbutton", { name: "Seats" });
    fireEvent.change(box, { target: { value: "101" } });
    expect(screen.getByText("Choose from 1 to 100 seats.")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(box, { target: { value: "0" } });
    expect(screen.getByText("Choose from 1 to 100 seats.")).toBeTruthy();
    // The stepper goes back into the range from wherever the box is.
    fireEvent.click(screen.getByRole("button", { name: "One seat more" }));
    expect((box as HTMLInputElement).value).toBe("2");
    expect(screen.queryByText("Choose from 1 to 100 seats.")).toBeNull();
  });
});

describe("the checkout with seats for colleagues", () => {
  it("opens with ?seats=, shows the total, and pays it with the seats", async () => {
    const { calls } = stubFetch({ [DETAIL]: [200, RESOURCE], [PURCHASE]: bought(3, 1000) });
    const { router } = renderScreen(
      PurchasePage,
      `/resources/${RESOURCE.name}/purchase?seats=3`,
      "/resources/:id/purchase",
    );
    const summary = within(await screen.findByRole("complementary"));
    expect((summary.getByRole("spinbutton", { name: "Seats" }) as HTMLInputElement).value).toBe("3");
    expect(summary.getByText("$10.00")).toBeTruthy();
    fireEvent.click(summary.getByRole("button", { name: "One seat more" }));
    expect(router.state.location.search).toBe("?seats=4");
    expect(summary.getByText("$12.50")).toBeTruthy();
    fireEvent.click(summary.getByRole("button", { name: "One seat fewer" }));
    fillPaymentForm();
    fireEvent.click(screen.getByRole("button", { name: "Pay $10.00 for 3 seats" }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/purchase\/completed$/));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ amount: 1000, seats: 3 });
  });

  it("does not pay while the seats typed are not a count", async () => {
    const { calls } = stubFetch({ [DETAIL]: [200, RESOURCE] });
    renderScreen(PurchasePage, `/resources/${RESOURCE.name}/purchase`, "/resources/:id/purchase");
    fireEvent.change(await screen.findByRole("spinbutton", { name: "Seats" }), { target: { value: "0" } });
    const pay = screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("asks the coupon's quote for the seats, and pays the quoted total", async () => {
    const { calls } = stubFetch({
      [DETAIL]: [200, RESOURCE],
      "GET /api/coupons/TEAM-20/quote": ({ url }) => {
        const seats = Number(new URL(url, "http://x").searchParams.get("seats") ?? "1");
        const before = 500 + (seats - 1) * 250;
        return [200, { code: "TEAM-20", beforeCents: before, discountCents: 100, priceCents: before - 100 }];
      },
      [PURCHASE]: bought(2, 650),
    });
    renderScreen(PurchasePage, `/resources/${RESOURCE.name}/purchase?seats=2`, "/resources/:id/purchase");
    fireEvent.change(await screen.findByLabelText(/Coupon code/), { target: { value: "team-20" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("button", { name: "Pay $6.50 for 2 seats" })).toBeTruthy();
    expect(calls.find((c) => c.url.includes("/quote"))?.url).toContain("seats=2");

    // A change of the seats asks the code's price again; nothing is paid at the old one meanwhile.
    fireEvent.click(screen.getByRole("button", { name: "One seat more" }));
    expect((screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByRole("button", { name: "Pay $9.00 for 3 seats" })).toBeTruthy();
    expect(calls.filter((c) => c.url.includes("/quote")).at(-1)?.url).toContain("seats=3");
    fireEvent.click(screen.getByRole("button", { name: "One seat fewer" }));
    fillPaymentForm();
    fireEvent.click(await screen.findByRole("button", { name: "Pay $6.50 for 2 seats" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      amount: 650,
      seats: 2,
      couponCode: "TEAM-20",
    });
  });

  it("offers no seats on a gift", async () => {
    stubFetch({ [DETAIL]: [200, RESOURCE] });
    renderScreen(PurchasePage, `/resources/${RESOURCE.name}/purchase?as=gift`, "/resources/:id/purchase");
    expect(await screen.findByRole("button", { name: "Pay $5.00 for the gift" })).toBeTruthy();
    expect(screen.queryByRole("spinbutton", { name: "Seats" })).toBeNull();
  });
});

describe("the thank-you page of a purchase for colleagues", () => {
  it("counts the seats and leads to giving the colleagues theirs", async () => {
    const sale: SaleDetail = {
      sale: {
        saleId: "s3",
        amount: 1000,
        refCode: null,
        isGift: false,
        seats: 3,
        created_at: "2026-11-20T15:00:00.000Z",
      },
      resource: {
        id: RESOURCE.id,
        name: RESOURCE.name,
        title: RESOURCE.title,
        cover_locator: null,
        creator: RESOURCE.users_model,
      },
      paidWith: "Visa ending 4242",
      receiptEmail: "ada@example.com",
      file: { id: "f2", name: "bingo-full.pdf", size_bytes: 2000 },
      gift: null,
    };
    stubFetch({ "GET /api/transactions/sales/s3": [200, sale] });
    renderScreen(
      PurchaseCompletedPage,
      `/resources/${RESOURCE.name}/purchase/completed?sale=s3`,
      "/resources/:id/purchase/completed",
    );
    expect(await screen.findByText("3: you and 2 colleagues")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Give your 2 colleagues their seats" }).getAttribute("href"),
    ).toBe("/profile/licences");
  });
});
