import { describe, expect, it } from "vitest";
import {
  checkoutOutcome,
  PAYMENT_ERROR_CODES,
  paymentErrorMessage,
  SANDBOX_TEST_CARDS,
} from "./payment-codes.ts";
import { cardBrand, luhnValid } from "./payment-form.ts";

describe("SANDBOX_TEST_CARDS", () => {
  it.each([
    ["4242424242424242", "success", "visa"],
    ["5555555555554444", "success", "mastercard"],
    ["378282246310005", "success", "amex"],
    ["4000000000000002", "card_declined", "visa"],
    ["4000000000009995", "insufficient_funds", "visa"],
    ["4000000000000119", "processing_error", "visa"],
    ["4000000000000127", "incorrect_cvc", "visa"],
  ])("%s -> %s (%s)", (number, outcome, brand) => {
    expect(SANDBOX_TEST_CARDS[number]?.outcome).toBe(outcome);
    expect(cardBrand(number)).toBe(brand);
  });

  it("holds only Luhn-valid numbers, so the form's own check never hides a test outcome", () => {
    for (const number of Object.keys(SANDBOX_TEST_CARDS)) expect(luhnValid(number)).toBe(true);
  });

  it("has no entry for other numbers, which succeed when Luhn-valid", () =>
    expect(SANDBOX_TEST_CARDS["6011111111111117"]).toBeUndefined());
});

describe("paymentErrorMessage", () => {
  it("says the card was declined in plain words", () =>
    expect(paymentErrorMessage("card_declined")).toBe("Your card was declined. Try another card."));

  it.each(PAYMENT_ERROR_CODES)("%s has a sentence, not the code", (code) => {
    const message = paymentErrorMessage(code);
    expect(message).toMatch(/^[A-Z].*\.$/);
    expect(message).not.toContain("_");
  });
});

describe("checkoutOutcome (spec 4: error takes precedence, then canceled)", () => {
  it.each([
    [false, false, false, null],
    [false, false, true, "success"],
    [false, true, false, "canceled"],
    [false, true, true, "canceled"],
    [true, false, false, "error"],
    [true, false, true, "error"],
    [true, true, false, "error"],
    [true, true, true, "error"],
  ])("error %s, canceled %s, success %s -> %s", (error, canceled, success, outcome) =>
    expect(checkoutOutcome({ error, canceled, success })).toBe(outcome),
  );
});
