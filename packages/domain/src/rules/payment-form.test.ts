import { describe, expect, it } from "vitest";
import {
  cardBrand,
  cardDigits,
  cardSummary,
  checkPaymentForm,
  checkPaymentFormFields,
  luhnValid,
  type PaymentForm,
} from "./payment-form.ts";

const TODAY = "2026-11-23";

const complete: PaymentForm = {
  paymentSource: "credit-card",
  cardName: "Ada Lovelace",
  cardNumber: "4242 4242 4242 4242",
  cardExp: "12/28",
  cardCvv: "123",
  billingStreetAddress: "1 School Lane",
  billingCity: "Springfield",
  billingState: "IL",
  billingZipCode: "62701",
};

const check = (changes: Partial<PaymentForm>, quickCheckout = false) =>
  checkPaymentForm({ ...complete, ...changes }, { quickCheckout, today: TODAY });

describe("cardDigits", () => {
  it.each([
    ["4242 4242 4242 4242", "4242424242424242"],
    ["4242-4242-4242-4242", "4242424242424242"],
    [" 3782 822463 10005 ", "378282246310005"],
    ["4242", "4242"],
    ["", ""],
  ])("%s -> %s", (input, digits) => expect(cardDigits(input)).toBe(digits));
});

describe("luhnValid", () => {
  it.each([
    ["4242424242424242", true],
    ["5555555555554444", true],
    ["378282246310005", true],
    ["6011111111111117", true],
    ["4242424242424241", false],
    ["4242424242424224", false],
    ["0", true],
    ["", false],
    ["4242 4242 4242 4242", false],
    ["42424242424242a2", false],
  ])("%s -> %s", (digits, valid) => expect(luhnValid(digits)).toBe(valid));
});

describe("cardBrand (visa 4; mastercard 51-55, 2221-2720; amex 34, 37; discover 6011, 65, 644-649)", () => {
  it.each([
    ["4242424242424242", "visa"],
    ["5105105105105100", "mastercard"],
    ["5555555555554444", "mastercard"],
    ["5000000000000000", "unknown"],
    ["5600000000000000", "unknown"],
    ["2221000000000009", "mastercard"],
    ["2720990000000000", "mastercard"],
    ["2220990000000000", "unknown"],
    ["2721000000000000", "unknown"],
    ["378282246310005", "amex"],
    ["340000000000000", "amex"],
    ["350000000000000", "unknown"],
    ["6011111111111117", "discover"],
    ["6500000000000000", "discover"],
    ["6440000000000000", "discover"],
    ["6490000000000000", "discover"],
    ["6430000000000000", "unknown"],
    ["6012000000000000", "unknown"],
    ["", "unknown"],
    ["4242 4242", "unknown"],
  ])("%s -> %s", (digits, brand) => expect(cardBrand(digits)).toBe(brand));
});

describe("checkPaymentForm (spec 5 Payment)", () => {
  it("accepts a complete credit-card form", () => expect(check({})).toEqual({}));

  it("treats a missing paymentSource as credit-card (spec 3: default credit-card)", () => {
    expect(check({ paymentSource: undefined, cardName: "" })).toEqual({ cardName: "required" });
  });

  it("checks nothing for paymentSource other (spec 5: applies only when the source is credit-card)", () => {
    expect(checkPaymentForm({ paymentSource: "other" }, { quickCheckout: false, today: TODAY })).toEqual({});
  });

  it("still checks the fields paymentSource other sends: the card they describe is what gets charged", () => {
    const other = (changes: Partial<PaymentForm>) =>
      checkPaymentForm({ paymentSource: "other", ...changes }, { quickCheckout: false, today: TODAY });
    // Fix 7: "0" passed, was authorised, and its last four digits broke the payments table.
    expect(other({ cardNumber: "0" })).toEqual({ cardNumber: "too_short" });
    expect(other({ cardNumber: "4242424242424241", cardExp: "10/26", billingState: "Illinois" })).toEqual({
      cardNumber: "invalid_card_number",
      cardExp: "expired",
      billingState: "wrong_length",
    });
    expect(other({ cardNumber: "4242424242424242", cardName: " " })).toEqual({});
  });

  it("checks an unknown source as a card rather than letting it through", () => {
    const form = { paymentSource: "bank" as unknown as PaymentForm["paymentSource"] };
    expect(checkPaymentForm(form, { quickCheckout: true, today: TODAY })).toEqual({
      cardName: "required",
      cardNumber: "required",
      cardExp: "required",
      cardCvv: "required",
    });
  });

  it("reports every missing field as required", () => {
    expect(checkPaymentForm({}, { quickCheckout: false, today: TODAY })).toEqual({
      cardName: "required",
      cardNumber: "required",
      cardExp: "required",
      cardCvv: "required",
      billingStreetAddress: "required",
      billingCity: "required",
      billingState: "required",
      billingZipCode: "required",
    });
  });

  it("skips the billing fields when quickCheckout is on (spec 5)", () => {
    const noBilling: PaymentForm = {
      cardName: "Ada Lovelace",
      cardNumber: "4242424242424242",
      cardExp: "1228",
      cardCvv: "123",
    };
    expect(checkPaymentForm(noBilling, { quickCheckout: true, today: TODAY })).toEqual({});
    expect(checkPaymentForm(noBilling, { quickCheckout: false, today: TODAY })).toMatchObject({
      billingStreetAddress: "required",
      billingZipCode: "required",
    });
  });

  it.each([
    ["", "required"],
    ["   ", "required"],
    ["A", "too_short"],
    [" A ", "too_short"],
    ["Al", undefined],
  ])("cardName %j -> %s (at least 2 characters)", (cardName, problem) =>
    expect(check({ cardName }).cardName).toBe(problem),
  );

  it.each([
    ["", "required"],
    ["4242 4242 4242 42", "too_short"],
    ["37828224631000", "too_short"],
    ["378282246310005", undefined],
    ["3782-822463-10005", undefined],
    ["4242424242424242", undefined],
    ["4242424242424241", "invalid_card_number"],
    ["4242abcd42424242", "invalid_card_number"],
    ["40000000000000000002", "invalid_card_number"],
    ["4000000000000000006", undefined],
    ["42424242424242420000", "invalid_card_number"],
  ])("cardNumber %j -> %s (at least 15 digits, Luhn, at most 19)", (cardNumber, problem) =>
    expect(check({ cardNumber }).cardNumber).toBe(problem),
  );

  it.each([
    ["", "required"],
    ["1228", undefined],
    ["12/28", undefined],
    ["12 / 28", undefined],
    ["1/28", "wrong_length"],
    ["12/2028", "wrong_length"],
    ["122", "wrong_length"],
    ["ab/cd", "wrong_length"],
    ["0028", "invalid_expiry"],
    ["1328", "invalid_expiry"],
    ["1126", undefined],
    ["11/26", undefined],
    ["10/26", "expired"],
    ["12/25", "expired"],
    ["01/27", undefined],
  ])("cardExp %j on 2026-11-23 -> %s (exactly 4, MMYY, good through its month)", (cardExp, problem) =>
    expect(check({ cardExp }).cardExp).toBe(problem),
  );

  it("a card expiring this month is good until the month is over", () => {
    const on = (today: string) =>
      checkPaymentForm({ ...complete, cardExp: "11/26" }, { quickCheckout: false, today }).cardExp;
    expect(on("2026-11-30")).toBeUndefined();
    expect(on("2026-12-01")).toBe("expired");
  });

  it("refuses a malformed today, which is a programming error", () => {
    expect(() => checkPaymentForm(complete, { quickCheckout: false, today: "11/23/2026" })).toThrow(
      RangeError,
    );
  });

  it.each([
    ["", "required"],
    ["12", "too_short"],
    ["123", undefined],
    ["1234", undefined],
    ["12345", "wrong_length"],
    ["12a", "wrong_length"],
    [" 123 ", undefined],
  ])("cardCvv %j -> %s (at least 3, 3 or 4 digits)", (cardCvv, problem) =>
    expect(check({ cardCvv }).cardCvv).toBe(problem),
  );

  it.each([
    ["billingStreetAddress", "", "required"],
    ["billingStreetAddress", "1", undefined],
    ["billingCity", " ", "required"],
    ["billingCity", "X", undefined],
    ["billingState", "", "required"],
    ["billingState", "I", "wrong_length"],
    ["billingState", "ILL", "wrong_length"],
    ["billingState", "I1", "wrong_length"],
    ["billingState", "il", undefined],
    ["billingZipCode", "", "required"],
    ["billingZipCode", "6270", "too_short"],
    ["billingZipCode", "62701", undefined],
    ["billingZipCode", "62701-1234", undefined],
  ] as const)("%s %j -> %s (street 1, city 1, state exactly 2, zip at least 5)", (field, value, problem) =>
    expect(check({ [field]: value })[field]).toBe(problem),
  );
});

describe("checkPaymentFormFields (what a request schema can refuse without any context)", () => {
  it("checks every field sent, and requires none", () => {
    expect(checkPaymentFormFields({})).toEqual({});
    expect(checkPaymentFormFields({ ...complete, cardName: "A", billingZipCode: "627" })).toEqual({
      cardName: "too_short",
      billingZipCode: "too_short",
    });
    expect(checkPaymentFormFields({ cardNumber: "   ", cardCvv: "" })).toEqual({});
  });

  it("leaves expiry to checkPaymentForm, which knows the site's day", () => {
    expect(checkPaymentFormFields({ ...complete, cardExp: "01/20" })).toEqual({});
    expect(checkPaymentFormFields({ ...complete, cardExp: "13/20" })).toEqual({ cardExp: "invalid_expiry" });
  });

  it("refuses a malformed field whatever the source", () => {
    expect(checkPaymentFormFields({ paymentSource: "other", cardNumber: "0", cardCvv: "12" })).toEqual({
      cardNumber: "too_short",
      cardCvv: "too_short",
    });
  });
});

describe("cardSummary (only brand and last four digits may be kept)", () => {
  it.each([
    ["4242 4242 4242 4242", { brand: "visa", last4: "4242" }],
    ["3782-822463-10005", { brand: "amex", last4: "0005" }],
    ["5555555555554444", { brand: "mastercard", last4: "4444" }],
    ["9999999999999995", { brand: "unknown", last4: "9995" }],
    ["4242abcd", { brand: "unknown", last4: "" }],
    [undefined, { brand: "unknown", last4: "" }],
  ])("%s -> %j", (cardNumber, summary) => expect(cardSummary({ cardNumber })).toEqual(summary));
});
