import { describe, expect, it } from "vitest";
import {
  checkCouponExpiry,
  checkStoreSaleDates,
  couponState,
  promotionDay,
  storeSaleState,
} from "./promotions.ts";

describe("store-wide sales' days", () => {
  it.each([
    ["2026-12-01", "2026-12-01"],
    ["2026-12-01T03:00:00Z", "2026-11-30"],
    ["2026-12-01T06:00:00Z", "2026-12-01"],
    ["2026-12-01T01:00:00-05:00", "2026-12-01"],
    ["2026-02-30", null],
    ["next week", null],
  ])("%s is the site's day %s", (input, day) => expect(promotionDay(input, "America/New_York")).toBe(day));

  it("starts today or later, ends on or after the start, within 30 days of today", () => {
    expect(checkStoreSaleDates("2026-12-01", "2026-12-31", "2026-12-01")).toEqual({});
    expect(checkStoreSaleDates("2026-11-30", "2026-12-02", "2026-12-01")).toEqual({
      startsAt: "starts_in_past",
    });
    expect(checkStoreSaleDates("2026-12-03", "2026-12-02", "2026-12-01")).toEqual({
      endsAt: "ends_before_start",
    });
    expect(checkStoreSaleDates("2026-12-01", "2027-01-01", "2026-12-01")).toEqual({
      endsAt: "ends_too_late",
    });
  });

  it("is scheduled before its first day, running through its last, ended after", () => {
    const sale = { startsOn: "2026-12-02", endsOn: "2026-12-04" };
    expect(storeSaleState(sale, "2026-12-01")).toBe("scheduled");
    expect(storeSaleState(sale, "2026-12-02")).toBe("running");
    expect(storeSaleState(sale, "2026-12-04")).toBe("running");
    expect(storeSaleState(sale, "2026-12-05")).toBe("ended");
  });
});

describe("coupon codes' state and expiry", () => {
  const now = new Date("2026-12-01T12:00:00Z");
  const code = { disabledAt: null, expiresAt: new Date("2026-12-02T00:00:00Z"), uses: 1, maxUses: 2 };
  it("is ended, expired, used up or active, in that order", () => {
    expect(couponState(code, now)).toBe("active");
    expect(couponState({ ...code, uses: 2 }, now)).toBe("used_up");
    expect(couponState({ ...code, expiresAt: now, uses: 2 }, now)).toBe("expired");
    expect(couponState({ ...code, disabledAt: now, expiresAt: now }, now)).toBe("ended");
  });
  it("expires in the future, within a year", () => {
    expect(checkCouponExpiry(new Date("2026-12-01T12:00:01Z"), now)).toBeNull();
    expect(checkCouponExpiry(now, now)).toBe("expires_in_past");
    expect(checkCouponExpiry(new Date("2028-01-01T00:00:00Z"), now)).toBe("expires_too_late");
  });
});
