import type { CouponQuote } from "@market/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { CouponField } from "./CouponField.tsx";

const QUOTE = "GET /api/coupons/SPRING-10/quote";
const quotes: (CouponQuote | null)[] = [];

function Screen() {
  return <CouponField resourceId="owl-unit" gift={false} onQuote={(q) => quotes.push(q)} />;
}

afterEach(() => {
  quotes.length = 0;
  vi.unstubAllGlobals();
});

describe("the checkout's coupon code field", () => {
  it("applies a typed code: asks for the quote, shows the saving, hands the price to the page", async () => {
    const { calls } = stubFetch({
      [QUOTE]: [200, { code: "SPRING-10", beforeCents: 1000, discountCents: 100, priceCents: 900 }],
    });
    renderScreen(Screen, "/resources/owl-unit/purchase", "/resources/:id/purchase");
    fireEvent.change(await screen.findByLabelText(/Coupon code/), { target: { value: " spring-10 " } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("Code SPRING-10 applied")).toBeTruthy();
    expect(screen.getByText("You save $1.00")).toBeTruthy();
    expect(calls[0]?.url).toContain("/api/coupons/SPRING-10/quote?resourceId=owl-unit&gift=false");
    expect(quotes).toEqual([{ code: "SPRING-10", beforeCents: 1000, discountCents: 100, priceCents: 900 }]);
    fireEvent.click(screen.getByRole("button", { name: "Remove code" }));
    expect(quotes.at(-1)).toBeNull();
    expect((screen.getByLabelText(/Coupon code/) as HTMLInputElement).value).toBe("");
  });

  it.each([
    ["coupon_expired", 409, "This code has expired."],
    ["coupon_used_up", 409, "This code has been used as many times as it allows."],
    ["coupon_not_for_resource", 409, "This code is not for this resource."],
    ["coupon_already_used", 409, "You have already used this code."],
    ["coupon_not_found", 404, "There is no coupon with this code. Check the spelling."],
  ])("says why a code is refused (%s) in words, and charges the full price", async (error, status, words) => {
    stubFetch({ [QUOTE]: [status, { error, message: "refused" }] });
    renderScreen(Screen, "/resources/owl-unit/purchase", "/resources/:id/purchase");
    fireEvent.change(await screen.findByLabelText(/Coupon code/), { target: { value: "SPRING-10" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.getByLabelText(/Coupon code/).getAttribute("aria-invalid")).toBe("true");
    expect(quotes).toEqual([null]);
  });

  it("fills in and applies the code of a shared link (?coupon=CODE)", async () => {
    const { calls } = stubFetch({
      [QUOTE]: [200, { code: "SPRING-10", beforeCents: 1000, discountCents: 100, priceCents: 900 }],
    });
    renderScreen(Screen, "/resources/owl-unit/purchase?coupon=spring-10", "/resources/:id/purchase");
    expect(await screen.findByText("Code SPRING-10 applied")).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
