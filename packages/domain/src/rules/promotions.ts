import { COUPON_LIMITS, daysBetween, STORE_SALE_LIMITS } from "./commerce.ts";
import { dayInZone } from "./site-day.ts";

/**
 * Store-wide sales and coupon codes as their creator manages them (issue 22): which days a sale covers,
 * whether its dates are allowed, and the state a sale or a code is in. Pricing itself is commerce.ts's.
 */

/** At most this many chosen resources in one sale or code ("all my resources" has no list). */
export const PROMOTION_CHOSEN_MAX = 200;

/** A creator's (or the site's) list of sales and codes shows the latest this many. */
export const PROMOTION_LIST_MAX = 100;

export const STORE_SALE_STATES = ["scheduled", "running", "ended"] as const;
export type StoreSaleState = (typeof STORE_SALE_STATES)[number];

export const COUPON_STATES = ["active", "expired", "used_up", "ended"] as const;
export type CouponState = (typeof COUPON_STATES)[number];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The site's calendar day a date field names: an ISO date ("2026-12-01") is that day; an ISO date-time
 * ("2026-12-01T03:00:00Z") is the day it falls on in the site's time zone, so a browser in another zone
 * and the server agree on which day a sale starts. Null for anything else.
 */
export function promotionDay(input: string, timeZone: string): string | null {
  const value = input.trim();
  if (ISO_DAY.test(value)) {
    const parsed = Date.parse(`${value}T00:00:00Z`);
    return Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== value ? null : value;
  }
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : dayInZone(new Date(parsed), timeZone);
}

/** Why a store-wide sale's dates are refused, by field, or {} when they are allowed. */
export type StoreSaleDateProblem = "starts_in_past" | "ends_before_start" | "ends_too_late";

/**
 * A sale starts today or later, ends on or after its first day, and ends at most 30 days from today
 * (the spec's sale-end rule, STORE_SALE_LIMITS.maxDaysAhead). Both days are whole days of the site.
 */
export function checkStoreSaleDates(
  startsOn: string,
  endsOn: string,
  today: string,
): Partial<Record<"startsAt" | "endsAt", StoreSaleDateProblem>> {
  const problems: Partial<Record<"startsAt" | "endsAt", StoreSaleDateProblem>> = {};
  if (daysBetween(today, startsOn) < 0) problems.startsAt = "starts_in_past";
  if (daysBetween(startsOn, endsOn) < 0) problems.endsAt = "ends_before_start";
  else if (daysBetween(today, endsOn) > STORE_SALE_LIMITS.maxDaysAhead) problems.endsAt = "ends_too_late";
  return problems;
}

/** A sale runs from the start of its first day to the end of its last, in the site's time zone. */
export function storeSaleState(sale: { startsOn: string; endsOn: string }, today: string): StoreSaleState {
  if (daysBetween(today, sale.endsOn) < 0) return "ended";
  return daysBetween(today, sale.startsOn) > 0 ? "scheduled" : "running";
}

/** A code's state: ended early by its maker, past its expiry, used as often as it allows, or usable. */
export function couponState(
  coupon: { disabledAt: Date | null; expiresAt: Date; uses: number; maxUses: number },
  now: Date,
): CouponState {
  if (coupon.disabledAt !== null) return "ended";
  if (coupon.expiresAt <= now) return "expired";
  return coupon.uses >= coupon.maxUses ? "used_up" : "active";
}

/** Why a code's expiry is refused: past, or further ahead than COUPON_LIMITS.maxDaysAhead. */
export function checkCouponExpiry(expiresAt: Date, now: Date): "expires_in_past" | "expires_too_late" | null {
  if (expiresAt <= now) return "expires_in_past";
  return expiresAt.getTime() - now.getTime() > COUPON_LIMITS.maxDaysAhead * 86_400_000
    ? "expires_too_late"
    : null;
}

/** A creator may have this many sales running or scheduled at once (they may overlap; the best applies). */
export const STORE_SALE_OPEN_MAX = 10;
