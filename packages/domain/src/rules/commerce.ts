import { percentOf } from "./ledger.ts";
import { PRICE_RULES } from "./price-checks.ts";

/**
 * Bundles, store-wide sales, coupon codes and refunds (issue 22): the rules the server charges by and the
 * screens explain. Amounts are integer cents; dates are ISO calendar days (YYYY-MM-DD) in the site's
 * time zone, as a resource's own sale end is.
 */

/** A bundle holds 2 to 50 of its creator's own active resources. */
export const BUNDLE_LIMITS = { minResources: 2, maxResources: 50 } as const;

/** The resource type a bundle is listed under; the catalogue's `type=bundle` filter asks for it. */
export const BUNDLE_TYPE = "Bundle";
/** The catalogue's query value for bundles (`GET /resources?type=bundle`). */
export const BUNDLE_TYPE_QUERY = "bundle";

/** A store-wide sale: 5 to 50 percent off, ending at most 30 days from today (spec's sale-end rule). */
export const STORE_SALE_LIMITS = {
  minPercent: 5,
  maxPercent: 50,
  maxDaysAhead: PRICE_RULES.saleMaxDaysAhead,
} as const;

/**
 * Coupon codes: 3 to 32 letters, digits, dashes or underscores, matched without regard to case (stored
 * upper-case). A percentage is 1 to 90 (a code is a discount, not a free pass); a fixed amount is 1 cent
 * to the highest price. No discounted price goes below MIN_DISCOUNTED_PRICE_CENTS.
 */
export const COUPON_LIMITS = {
  codePattern: /^[A-Z0-9][A-Z0-9_-]{2,31}$/,
  minPercent: 1,
  maxPercent: 90,
  maxAmountOffCents: PRICE_RULES.maxCents,
  maxUses: 100_000,
  maxDaysAhead: 366,
} as const;

/** What a paid price never drops below after a bundle credit or a coupon: the site's lowest price, $1. */
export const MIN_DISCOUNTED_PRICE_CENTS = PRICE_RULES.minCents;

/** A refund request's reason, and a decline's note. */
export const REFUND_LIMITS = { reasonMin: 10, reasonMax: 1000, noteMax: 1000 } as const;

export const REFUND_STATUSES = ["requested", "refunded", "declined"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The normal form of a coupon code as typed ("spring-10 " is "SPRING-10"). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether a typed code can be a coupon code at all (after normalizeCouponCode). */
export function isCouponCode(code: string): boolean {
  return COUPON_LIMITS.codePattern.test(code);
}

/** A price less `percent` percent, rounded half up to whole cents (the discount rounds, the price follows). */
export function percentOffPrice(priceCents: number, percent: number): number {
  return priceCents - percentOf(priceCents, percent);
}

/** A store-wide sale that covers a resource: its percentage and last day. */
export interface RunningStoreSale {
  percentOff: number;
  endsOn: string;
}

/** A resource's own sale while it runs (the presented form: sale_price null when none runs). */
export interface OwnSale {
  price: number;
  sale_price: number | null;
  sale_end: string | null;
}

/**
 * The price before coupons and bundle credit: the list price, or the lower of the resource's own running
 * sale and a running store-wide sale (they never stack; the lower price wins, issue 22). The end date is
 * the winning sale's, so "on sale until" is true of the price shown.
 */
export function bestSalePrice(
  own: OwnSale,
  storeSale: RunningStoreSale | null,
): { sale_price: number | null; sale_end: string | null } {
  const store = storeSale ? percentOffPrice(own.price, storeSale.percentOff) : null;
  if (
    store !== null &&
    storeSale &&
    store < own.price &&
    (own.sale_price === null || store < own.sale_price)
  ) {
    return { sale_price: store, sale_end: storeSale.endsOn };
  }
  return { sale_price: own.sale_price, sale_end: own.sale_price === null ? null : own.sale_end };
}

/** A coupon as pricing needs it. */
export interface CouponTerms {
  percentOff: number | null;
  amountOffCents: number | null;
}

/** A paid price after a discount: never negative, and never below $1 while anything is paid. */
function floorPaid(priceCents: number, reducedCents: number): number {
  if (priceCents <= 0) return 0;
  return Math.max(Math.min(priceCents, MIN_DISCOUNTED_PRICE_CENTS), reducedCents);
}

/** How much a coupon takes off a price (never more than leaves the price at $1). */
export function couponDiscountCents(priceCents: number, coupon: CouponTerms): number {
  const off =
    coupon.percentOff !== null ? percentOf(priceCents, coupon.percentOff) : (coupon.amountOffCents ?? 0);
  return priceCents - floorPaid(priceCents, priceCents - off);
}

/**
 * A bundle for a buyer who owns some of it already: the bundle price less what they paid for those,
 * never below zero and never below $1 when anything is left to pay (issue 22).
 */
export function bundlePriceForOwner(bundlePriceCents: number, paidForOwnedCents: number): number {
  const left = bundlePriceCents - paidForOwnedCents;
  if (left <= 0) return 0;
  return Math.max(left, Math.min(bundlePriceCents, MIN_DISCOUNTED_PRICE_CENTS));
}

/** A checkout's price, step by step, as the quote, the checkout and the receipt show it. */
export interface PriceQuote {
  /** The resource's (or bundle's) list price. */
  listCents: number;
  /** After the best running sale. */
  saleCents: number;
  /** Taken off by the coupon (0 without one). */
  discountCents: number;
  /** Taken off a bundle for what the buyer paid for its resources they own (0 otherwise). */
  creditCents: number;
  /** What the card is charged. */
  priceCents: number;
}

/**
 * The order the reductions apply in: the best sale, then the coupon on that price, then the bundle
 * credit on what is left. Each step keeps the $1 floor, so a quote is never a fraction of a dollar.
 */
export function quotePrice(input: {
  listCents: number;
  saleCents: number;
  coupon: CouponTerms | null;
  paidForOwnedCents: number;
}): PriceQuote {
  const discountCents = input.coupon ? couponDiscountCents(input.saleCents, input.coupon) : 0;
  const afterCoupon = input.saleCents - discountCents;
  const priceCents = input.paidForOwnedCents
    ? bundlePriceForOwner(afterCoupon, input.paidForOwnedCents)
    : afterCoupon;
  return {
    listCents: input.listCents,
    saleCents: input.saleCents,
    discountCents,
    creditCents: afterCoupon - priceCents,
    priceCents,
  };
}

/** What a bundle saves against buying its resources one by one (0 when it saves nothing). */
export function bundleSavingCents(bundlePriceCents: number, includedPricesCents: readonly number[]): number {
  const sum = includedPricesCents.reduce((a, b) => a + b, 0);
  return Math.max(0, sum - bundlePriceCents);
}

/** Days from one ISO date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whether a refund may still be asked for: within `windowDays` of the purchase. */
export function refundRequestOpen(purchasedAt: Date, now: Date, windowDays: number): boolean {
  return now.getTime() - purchasedAt.getTime() <= windowDays * 86_400_000;
}

/** A buyer's organisation details for receipts (issue 22): given in settings or at checkout. */
export const BILLING_LIMITS = { organisationMax: 200, addressMax: 500, taxIdMax: 40 } as const;

export interface BillingDetails {
  organisation: string | null;
  address: string | null;
  taxId: string | null;
}
