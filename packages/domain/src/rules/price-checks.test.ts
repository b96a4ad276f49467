import { describe, expect, it } from "vitest";
import {
  checkPrice,
  checkSaleEnd,
  checkSalePrice,
  dollarsToCents,
  formatSaleEnd,
  isOnSale,
  PRICE_RULES,
  type PriceInput,
  parseSaleEnd,
  priceErrorCodes,
  priceFlags,
  priceOn,
  priceToPay,
  saleRunsOn,
} from "./price-checks.ts";

const TODAY = "2026-12-01";

describe("PRICE_RULES (spec 9: price 1 to 100 dollars, sale at most 30 days ahead)", () => {
  it("holds the spec's numbers in cents", () => {
    expect(PRICE_RULES).toEqual({ minCents: 100, maxCents: 10_000, saleMaxDaysAhead: 30 });
  });
});

describe("checkPrice (spec 5: 0 ok without a premium file, else 1; below 1 or above 100: 1)", () => {
  it.each([
    [0, false, 0],
    [0, true, 1],
    [99, true, 1],
    [100, true, 0],
    [499, true, 0],
    [10_000, true, 0],
    [10_001, true, 1],
    [1, false, 1],
    [-100, false, 1],
    [499.5, true, 1],
    [Number.NaN, true, 1],
  ])("%d cents, premium file %s -> %i", (price, premium, code) =>
    expect(checkPrice(price, premium)).toBe(code),
  );
});

describe("checkSalePrice (spec 5: 0 ok with an empty sale end, else 3; not below price: 2; range: 1)", () => {
  it.each([
    [0, 499, "", 0],
    [0, 499, "0", 0],
    [0, 499, "  ", 0],
    [0, 499, "12/24/2026", 3],
    [0, 499, "*", 3],
    [499, 499, "12/24/2026", 2],
    [500, 499, "12/24/2026", 2],
    [20_000, 499, "", 2],
    [99, 499, "12/24/2026", 1],
    [1, 499, "12/24/2026", 1],
    [-5, 499, "12/24/2026", 1],
    [100, 499, "12/24/2026", 0],
    [498, 499, "12/24/2026", 0],
    [10_000, 10_001, "12/24/2026", 0],
    [10_001, 20_000, "12/24/2026", 1],
  ])("sale %d cents, price %d cents, sale end %j -> %i", (sale, price, end, code) =>
    expect(checkSalePrice(sale, price, end)).toBe(code),
  );
});

describe(`checkSaleEnd (spec 5, in order: 5, *, empty 3, format 1, past 2, over 30 days 3; today ${TODAY})`, () => {
  it.each([
    ["", 0, 0],
    ["0", 0, 0],
    [" ", 0, 0],
    ["12/24/2026", 0, 5],
    ["13/01/2027", 0, 5],
    ["*", 0, 5],
    ["*", 399, 0],
    ["**/**/****", 399, 0],
    ["12/*4/2026", 399, 0],
    ["", 399, 3],
    ["0", 399, 3],
    ["  ", 399, 3],
    ["12/1/2026", 399, 0],
    ["12/01/2026", 399, 0],
    ["12/31/2026", 399, 0],
    ["1/1/2027", 399, 3],
    ["01/01/2027", 399, 3],
    ["11/30/2026", 399, 2],
    ["1/1/2020", 399, 2],
    ["12/24/2026", 399, 0],
    [" 12/24/2026 ", 399, 0],
    ["13/01/2027", 399, 1],
    ["0/10/2026", 399, 1],
    ["12/0/2026", 399, 1],
    ["2/30/2027", 399, 1],
    ["2/29/2027", 399, 1],
    ["12/32/2026", 399, 1],
    ["12/24/26", 399, 1],
    ["2026-12-24", 399, 1],
    ["12-24-2026", 399, 1],
    ["24/12/2026", 399, 1],
    ["next week", 399, 1],
  ])("%j with sale price %i -> %i", (end, sale, code) => expect(checkSaleEnd(end, sale, TODAY)).toBe(code));

  it.each([
    ["2028-02-01", "2/29/2028", 0],
    ["2028-02-01", "3/2/2028", 0],
    ["2028-02-01", "3/3/2028", 3],
    ["2026-12-31", "12/30/2026", 2],
    ["2026-12-31", "12/31/2026", 0],
    ["2026-12-31", "1/30/2027", 0],
    ["2026-12-31", "1/31/2027", 3],
  ])("today %s: %s -> %i (leap years and year ends)", (today, end, code) =>
    expect(checkSaleEnd(end, 399, today)).toBe(code),
  );

  it("refuses a today that is not an ISO date, a programming error", () => {
    expect(() => checkSaleEnd("12/24/2026", 399, "12/01/2026")).toThrow(RangeError);
  });
});

describe("parseSaleEnd (month/day/year, 1- or 2-digit month and day, to ISO)", () => {
  it.each([
    ["12/24/2026", "2026-12-24"],
    ["1/5/2027", "2027-01-05"],
    ["01/05/2027", "2027-01-05"],
    [" 2/29/2028 ", "2028-02-29"],
    ["2/29/2027", null],
    ["2/30/2027", null],
    ["13/01/2027", null],
    ["", null],
    ["0", null],
    ["*", null],
    ["2026-12-24", null],
    ["123/1/2026", null],
  ])("%j -> %s", (input, iso) => expect(parseSaleEnd(input)).toBe(iso));
});

describe("formatSaleEnd (ISO to MM/DD/YYYY)", () => {
  it.each([
    ["2026-12-24", "12/24/2026"],
    ["2027-01-05", "01/05/2027"],
  ])("%s -> %s", (iso, shown) => {
    expect(formatSaleEnd(iso)).toBe(shown);
    expect(parseSaleEnd(formatSaleEnd(iso))).toBe(iso);
  });

  it.each(["12/24/2026", "2027-02-30", "2026-1-5", ""])("refuses %j", (iso) =>
    expect(() => formatSaleEnd(iso)).toThrow(RangeError),
  );
});

const input = (over: Partial<PriceInput>): PriceInput => ({
  priceCents: 499,
  salePriceCents: 0,
  saleEnd: "",
  hasPremiumFile: true,
  today: TODAY,
  ...over,
});

describe("priceErrorCodes (spec 5: server-side price codes)", () => {
  it.each<[Partial<PriceInput>, object]>([
    [{}, {}],
    [{ priceCents: 0, hasPremiumFile: false }, {}],
    [{ salePriceCents: 399, saleEnd: "12/24/2026" }, {}],
    [{ salePriceCents: 399, saleEnd: "*" }, {}],
    [{ priceCents: 0 }, { price: "invalid_price" }],
    [{ priceCents: 99 }, { price: "invalid_price" }],
    [{ priceCents: 10_001 }, { price: "invalid_price" }],
    [{ salePriceCents: 99, saleEnd: "12/24/2026" }, { sale_price: "invalid_sale_price" }],
    [{ salePriceCents: 499, saleEnd: "12/24/2026" }, { sale_price: "invalid_sale_price_high" }],
    [
      { saleEnd: "12/24/2026" },
      { sale_price: "sale_price_min_with_date", sale_end: "sale_price_min_with_date" },
    ],
    [{ salePriceCents: 399, saleEnd: "13/01/2027" }, { sale_end: "sale_end_invalid" }],
    [{ salePriceCents: 399, saleEnd: "11/30/2026" }, { sale_end: "sale_end_in_past" }],
    [{ salePriceCents: 399, saleEnd: "1/1/2027" }, { sale_end: "sale_end_not_within_thirty_days" }],
    [{ salePriceCents: 399, saleEnd: "" }, { sale_end: "sale_end_empty" }],
    [{ salePriceCents: 399, saleEnd: "0" }, { sale_end: "sale_end_empty" }],
    [
      { priceCents: 10_001, salePriceCents: 10_001, saleEnd: "2/30/2027" },
      { price: "invalid_price", sale_price: "invalid_sale_price_high", sale_end: "sale_end_invalid" },
    ],
  ])("%j -> %j", (over, codes) => expect(priceErrorCodes(input(over))).toEqual(codes));
});

describe("priceFlags (spec 5: client flags)", () => {
  const none = {
    dateInvalid: false,
    notInFuture: false,
    pastThirtyDays: false,
    priceTooHigh: false,
    salePriceTooHigh: false,
    salePriceHigherThanPrice: false,
  };
  it.each<[Partial<PriceInput>, Partial<typeof none>]>([
    [{}, {}],
    [{ salePriceCents: 399, saleEnd: "12/24/2026" }, {}],
    [{ salePriceCents: 399, saleEnd: "2/30/2027" }, { dateInvalid: true }],
    [{ salePriceCents: 399, saleEnd: "11/30/2026" }, { notInFuture: true }],
    [{ salePriceCents: 399, saleEnd: "12/31/2026" }, {}],
    [{ salePriceCents: 399, saleEnd: "1/1/2027" }, { pastThirtyDays: true }],
    [{ salePriceCents: 399, saleEnd: "" }, {}],
    [{ priceCents: 10_000 }, {}],
    [{ priceCents: 10_001 }, { priceTooHigh: true }],
    [{ priceCents: 20_000, salePriceCents: 10_000, saleEnd: "12/24/2026" }, { priceTooHigh: true }],
    [
      { priceCents: 20_000, salePriceCents: 10_001, saleEnd: "12/24/2026" },
      { priceTooHigh: true, salePriceTooHigh: true },
    ],
    [{ salePriceCents: 499, saleEnd: "12/24/2026" }, { salePriceHigherThanPrice: true }],
    [{ salePriceCents: 500, saleEnd: "12/24/2026" }, { salePriceHigherThanPrice: true }],
    [{ priceCents: 0, hasPremiumFile: false }, {}],
  ])("%j -> %j", (over, flags) => expect(priceFlags(input(over))).toEqual({ ...none, ...flags }));
});

describe("dollarsToCents (typed dollars to integer cents)", () => {
  it.each([
    ["4", 400],
    ["4.5", 450],
    ["4.99", 499],
    ["$4.99", 499],
    [" 12 ", 1200],
    ["100", 10_000],
    ["0", 0],
    ["-4", null],
    ["4.999", null],
    ["4.", null],
    ["four", null],
    ["", null],
    ["4,99", null],
  ])("%j -> %s", (text, cents) => expect(dollarsToCents(text)).toBe(cents));
});

describe("the price a presented resource costs now", () => {
  it("is the running sale's price, shown as a sale, or else the price", () => {
    expect(priceToPay({ price: 600, sale_price: 450 })).toBe(450);
    expect(isOnSale({ price: 600, sale_price: 450 })).toBe(true);
    expect(priceToPay({ price: 600, sale_price: null })).toBe(600);
    expect(isOnSale({ price: 600, sale_price: null })).toBe(false);
    // A free resource has no sale; what is charged and what is shown never disagree.
    expect(priceToPay({ price: 0, sale_price: null })).toBe(0);
  });
});

describe("a stored sale on a site day", () => {
  const sale = { price: 600, sale_price: 450, sale_end: "2024-03-10" };

  it("counts until the end of its end date, and not after", () => {
    expect(saleRunsOn(sale, "2024-03-01")).toBe(true);
    expect(saleRunsOn(sale, "2024-03-10")).toBe(true);
    expect(saleRunsOn(sale, "2024-03-11")).toBe(false);
    expect(priceOn(sale, "2024-03-10")).toBe(450);
    expect(priceOn(sale, "2024-03-11")).toBe(600);
  });

  it("needs both a sale price and an end date", () => {
    expect(saleRunsOn({ sale_price: null, sale_end: "2024-03-10" }, "2024-03-01")).toBe(false);
    expect(saleRunsOn({ sale_price: 450, sale_end: null }, "2024-03-01")).toBe(false);
    expect(priceOn({ price: 600, sale_price: null, sale_end: null }, "2024-03-01")).toBe(600);
  });
});
