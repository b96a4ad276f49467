import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isBalanced, partialReversalLines, saleLines } from "./ledger.ts";
import {
  additionalSeatCents,
  colleagueSeats,
  isEmailAssignee,
  LICENCE_LIMITS,
  licenceRefund,
  licenceTotalCents,
  seatMovableFrom,
} from "./licences.ts";

const DAY_MS = 86_400_000;

describe("additionalSeatCents: each colleague's seat", () => {
  it("is the site's percent of the running price, rounded half up, without a creator's price", () => {
    expect(additionalSeatCents(1000, null, 50)).toBe(500);
    expect(additionalSeatCents(999, null, 50)).toBe(500);
    expect(additionalSeatCents(999, null, 0)).toBe(0);
    expect(additionalSeatCents(999, null, 100)).toBe(999);
  });

  it("is the creator's own price, but never above the running price (a sale lowers it too)", () => {
    expect(additionalSeatCents(1000, 300, 50)).toBe(300);
    expect(additionalSeatCents(250, 300, 50)).toBe(250);
    expect(additionalSeatCents(1000, 0, 50)).toBe(0);
  });

  it("never exceeds the running price, whatever the percent or creator's price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
        fc.integer({ min: 0, max: 100 }),
        (sale, own, percent) => {
          const seat = additionalSeatCents(sale, own, percent);
          expect(Number.isInteger(seat)).toBe(true);
          expect(seat).toBeGreaterThanOrEqual(0);
          expect(seat).toBeLessThanOrEqual(sale);
        },
      ),
    );
  });
});

describe("licenceTotalCents", () => {
  it("is the buyer's own seat plus one seat price per colleague", () => {
    expect(licenceTotalCents(800, 500, 1)).toBe(800);
    expect(licenceTotalCents(800, 500, 3)).toBe(1800);
    expect(colleagueSeats(3)).toBe(2);
    expect(colleagueSeats(1)).toBe(0);
  });
});

describe("isEmailAssignee", () => {
  it("tells an address from a username", () => {
    expect(isEmailAssignee("ms.lee@school.org")).toBe(true);
    expect(isEmailAssignee("teacher2")).toBe(false);
  });
});

describe("seatMovableFrom: a seat moves once a month", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it("lets a seat never moved move now", () => expect(seatMovableFrom(null, now)).toBeNull());
  it("holds a seat moved less than a month ago until the month is over", () => {
    const moved = new Date(now.getTime() - 10 * DAY_MS);
    expect(seatMovableFrom(moved, now)?.getTime()).toBe(
      moved.getTime() + LICENCE_LIMITS.moveEveryDays * DAY_MS,
    );
  });
  it("lets a seat moved a month ago move again", () => {
    expect(seatMovableFrom(new Date(now.getTime() - 30 * DAY_MS), now)).toBeNull();
  });
});

describe("licenceRefund: the seats nobody holds", () => {
  it("refunds a one-seat purchase, or one whose colleague seats are all free, whole", () => {
    expect(licenceRefund({ seats: 1, assignedSeats: 0, seatCents: 0 })).toEqual({ whole: true, seats: 1 });
    expect(licenceRefund({ seats: 3, assignedSeats: 0, seatCents: 500 })).toEqual({ whole: true, seats: 3 });
  });
  it("refunds only the free seats once a colleague holds one", () => {
    expect(licenceRefund({ seats: 5, assignedSeats: 1, seatCents: 500 })).toEqual({
      whole: false,
      seats: 3,
      amountCents: 1500,
    });
    expect(licenceRefund({ seats: 3, assignedSeats: 2, seatCents: 500 })).toEqual({
      whole: false,
      seats: 0,
      amountCents: 0,
    });
  });
});

describe("partialReversalLines: part of a sale given back", () => {
  it("balances, gives back exactly the part to the card, and never more than the sale per account", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amount, feePercent, siteDiscount, share) => {
          const sale = saleLines({
            amountCents: amount,
            feePercent,
            creatorId: "c",
            platformDiscountCents: siteDiscount,
          });
          const refund = Math.max(1, Math.floor(amount * share));
          const lines = partialReversalLines(sale, refund);
          expect(isBalanced(lines)).toBe(true);
          expect(lines.find((l) => l.account === "card_clearing")?.amountCents ?? 0).toBe(-refund);
          for (const back of lines) {
            const original = sale.find((l) => l.account === back.account)?.amountCents ?? 0;
            // A reversal moves the other way, and never by more than the sale moved the account.
            expect(Math.sign(back.amountCents)).toBe(-Math.sign(original));
            expect(Math.abs(back.amountCents)).toBeLessThanOrEqual(Math.abs(original));
          }
        },
      ),
    );
  });

  it("refuses more than the card was charged", () => {
    const sale = saleLines({ amountCents: 1000, feePercent: 20, creatorId: "c" });
    expect(() => partialReversalLines(sale, 1001)).toThrow(RangeError);
  });
});
