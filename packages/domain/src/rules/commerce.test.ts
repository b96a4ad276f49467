import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bestSalePrice,
  bundlePriceForOwner,
  bundleSavingCents,
  couponDiscountCents,
  isCouponCode,
  MIN_DISCOUNTED_PRICE_CENTS,
  normalizeCouponCode,
  percentOffPrice,
  quotePrice,
  refundRequestOpen,
} from "./commerce.ts";
import { creatorBalanceCents, isBalanced, reversalLines, saleLines } from "./ledger.ts";

const price = fc.integer({ min: 100, max: 10_000 });

describe("bestSalePrice: a store-wide sale and a resource's own sale never stack", () => {
  it("takes the lower price, with the winning sale's end date", () => {
    const own = { price: 1000, sale_price: 700, sale_end: "2026-12-01" };
    expect(bestSalePrice(own, { percentOff: 20, endsOn: "2026-12-10" })).toEqual({
      sale_price: 700,
      sale_end: "2026-12-01",
    });
    expect(bestSalePrice(own, { percentOff: 40, endsOn: "2026-12-10" })).toEqual({
      sale_price: 600,
      sale_end: "2026-12-10",
    });
    expect(bestSalePrice({ ...own, sale_price: null }, null)).toEqual({ sale_price: null, sale_end: null });
  });

  it("is never above the list price nor above either sale", () =>
    fc.assert(
      fc.property(
        price,
        fc.option(fc.integer({ min: 1, max: 99 })),
        fc.integer({ min: 5, max: 50 }),
        (p, ownOff, off) => {
          const own = {
            price: p,
            sale_price: ownOff === null ? null : p - Math.floor((p * ownOff) / 100),
            sale_end: "2026-12-01",
          };
          const best = bestSalePrice(own, { percentOff: off, endsOn: "2026-12-20" });
          const shown = best.sale_price ?? p;
          expect(shown).toBeLessThanOrEqual(p);
          expect(shown).toBeLessThanOrEqual(percentOffPrice(p, off));
          if (own.sale_price !== null) expect(shown).toBeLessThanOrEqual(own.sale_price);
        },
      ),
      { numRuns: 500 },
    ));
});

describe("coupons", () => {
  it("normalises codes and refuses what cannot be one", () => {
    expect(normalizeCouponCode(" spring-10 ")).toBe("SPRING-10");
    expect(isCouponCode("SPRING-10")).toBe(true);
    for (const bad of ["AB", "-ABC", "A B C", "ÄBC", "A".repeat(33), "CODE\u0000X"]) {
      expect(isCouponCode(normalizeCouponCode(bad))).toBe(false);
    }
  });

  it("takes a percentage or an amount off, never leaving less than $1 to pay", () => {
    expect(couponDiscountCents(1000, { percentOff: 25, amountOffCents: null })).toBe(250);
    expect(couponDiscountCents(1000, { percentOff: null, amountOffCents: 300 })).toBe(300);
    expect(couponDiscountCents(1000, { percentOff: null, amountOffCents: 5000 })).toBe(900);
    expect(couponDiscountCents(150, { percentOff: 90, amountOffCents: null })).toBe(50);
    expect(couponDiscountCents(100, { percentOff: 50, amountOffCents: null })).toBe(0);
  });

  it("any coupon leaves a whole-cent price of at least $1 and never raises it", () =>
    fc.assert(
      fc.property(
        price,
        fc.oneof(
          fc.record({ percentOff: fc.integer({ min: 1, max: 90 }), amountOffCents: fc.constant(null) }),
          fc.record({ percentOff: fc.constant(null), amountOffCents: fc.integer({ min: 1, max: 20_000 }) }),
        ),
        (p, coupon) => {
          const off = couponDiscountCents(p, coupon);
          expect(Number.isInteger(off)).toBe(true);
          expect(off).toBeGreaterThanOrEqual(0);
          expect(p - off).toBeGreaterThanOrEqual(MIN_DISCOUNTED_PRICE_CENTS);
        },
      ),
      { numRuns: 1000 },
    ));
});

describe("bundles", () => {
  it("a buyer who owns some pays the rest: never below zero, never below $1 when positive", () => {
    expect(bundlePriceForOwner(2000, 0)).toBe(2000);
    expect(bundlePriceForOwner(2000, 800)).toBe(1200);
    expect(bundlePriceForOwner(2000, 1950)).toBe(100);
    expect(bundlePriceForOwner(2000, 2000)).toBe(0);
    expect(bundlePriceForOwner(2000, 2600)).toBe(0);
    expect(bundleSavingCents(1500, [800, 600, 400])).toBe(300);
    expect(bundleSavingCents(2000, [800, 600])).toBe(0);
  });

  it("quotes apply the sale, then the coupon, then the credit, and the parts add up", () =>
    fc.assert(
      fc.property(
        price,
        fc.integer({ min: 0, max: 50 }),
        fc.option(fc.integer({ min: 1, max: 90 })),
        fc.integer({ min: 0, max: 12_000 }),
        (list, saleOff, couponOff, owned) => {
          const saleCents = percentOffPrice(list, saleOff);
          const q = quotePrice({
            listCents: list,
            saleCents,
            coupon: couponOff === null ? null : { percentOff: couponOff, amountOffCents: null },
            paidForOwnedCents: owned,
          });
          expect(q.saleCents - q.discountCents - q.creditCents).toBe(q.priceCents);
          expect(q.priceCents === 0 || q.priceCents >= Math.min(MIN_DISCOUNTED_PRICE_CENTS, saleCents)).toBe(
            true,
          );
          expect(q.priceCents).toBeLessThanOrEqual(list);
          expect(q.creditCents).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 1000 },
    ));
});

describe("refunds", () => {
  it("may be asked for within the window", () => {
    const bought = new Date("2026-11-01T12:00:00Z");
    expect(refundRequestOpen(bought, new Date("2026-11-15T12:00:00Z"), 14)).toBe(true);
    expect(refundRequestOpen(bought, new Date("2026-11-15T12:00:01Z"), 14)).toBe(false);
    expect(refundRequestOpen(bought, new Date("2026-11-01T12:00:00Z"), 0)).toBe(true);
  });

  it("a site coupon's discount is the platform's; a reversal restores every account", () =>
    fc.assert(
      fc.property(
        price,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 900 }),
        (p, fee, off) => {
          const discount = Math.min(off, p - 100);
          const lines = saleLines({
            amountCents: p - discount,
            feePercent: fee,
            creatorId: "c",
            platformDiscountCents: discount,
          });
          expect(isBalanced(lines)).toBe(true);
          // The creator's share is that of the undiscounted price.
          expect(creatorBalanceCents(lines, "c")).toBe(
            creatorBalanceCents(saleLines({ amountCents: p, feePercent: fee, creatorId: "c" }), "c"),
          );
          const back = reversalLines(lines);
          expect(isBalanced(back)).toBe(true);
          expect(creatorBalanceCents([...lines, ...back], "c")).toBe(0);
        },
      ),
      { numRuns: 500 },
    ));
});
