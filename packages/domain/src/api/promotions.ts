import { COUPON_LIMITS, isCouponCode, normalizeCouponCode, STORE_SALE_LIMITS } from "../rules/commerce.ts";
import { LICENCE_LIMITS } from "../rules/licences.ts";
import { COUPON_STATES, PROMOTION_CHOSEN_MAX, STORE_SALE_STATES } from "../rules/promotions.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { uuidParamsSchema } from "./shared.ts";

/**
 * A creator's store-wide sales and coupon codes, and the site's codes an admin makes (issue 22). The
 * rules are rules/commerce.ts's and rules/promotions.ts's; the checkout prices through them.
 */

/**
 * A day field: an ISO date ("2026-12-01") or an ISO date-time, which the server reads as the site's
 * calendar day it falls on (rules/promotions.ts promotionDay).
 */
const dayField = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** Some of the caller's own resources (a site code: anybody's); left out, all of them. */
const chosenResources = z.array(z.uuid()).min(1).max(PROMOTION_CHOSEN_MAX).optional();

export const storeSaleCreateSchema = z
  .object({
    percentOff: z.number().int().min(STORE_SALE_LIMITS.minPercent).max(STORE_SALE_LIMITS.maxPercent),
    resourceIds: chosenResources,
    startsAt: dayField,
    endsAt: dayField,
  })
  .strict();
export type StoreSaleCreate = z.infer<typeof storeSaleCreateSchema>;

/** A resource a sale or a code is limited to, named as the creator's screen lists it. */
const chosenResourceSchema = z.object({ id: z.string(), title: z.string() });

export const storeSaleSchema = z.object({
  id: z.string(),
  percentOff: z.number().int(),
  /** First and last day (ISO dates, the site's time zone); the sale runs through the whole last day. */
  startsOn: z.string(),
  endsOn: z.string(),
  allResources: z.boolean(),
  /** The chosen resources (empty when allResources). */
  resources: z.array(chosenResourceSchema),
  state: z.enum(STORE_SALE_STATES),
  createdAt: z.string(),
});
export type StoreSale = z.infer<typeof storeSaleSchema>;

export const storeSaleListSchema = z.object({ sales: z.array(storeSaleSchema) });

/** A DELETE that ends a sale or a code (its row stays for the creator's history). */
export const endedSchema = z.object({ ended: z.literal(true) });

/**
 * A coupon code. Exactly one of percentOff and amountOffCents. `siteWide` (admins only) makes a code of
 * the site's: usable on anybody's resources, its discount borne by the platform.
 */
export const couponCreateSchema = z
  .object({
    code: z
      .string()
      .max(40)
      .transform(normalizeCouponCode)
      .refine(isCouponCode, { message: "invalid_coupon_code" }),
    percentOff: z.number().int().min(COUPON_LIMITS.minPercent).max(COUPON_LIMITS.maxPercent).optional(),
    amountOffCents: z.number().int().min(1).max(COUPON_LIMITS.maxAmountOffCents).optional(),
    resourceIds: chosenResources,
    /** An ISO date (the code works through the end of that day, site time) or an exact ISO date-time. */
    expiresAt: dayField,
    maxUses: z.number().int().min(1).max(COUPON_LIMITS.maxUses),
    siteWide: z.boolean().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.percentOff === undefined) === (body.amountOffCents === undefined)) {
      ctx.addIssue({ code: "custom", path: ["percentOff"], message: "one_discount_kind" });
    }
  });
export type CouponCreate = z.input<typeof couponCreateSchema>;

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  /** A site code (made by an admin, borne by the platform) rather than a creator's. */
  siteWide: z.boolean(),
  allResources: z.boolean(),
  resources: z.array(chosenResourceSchema),
  expiresAt: z.string(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  state: z.enum(COUPON_STATES),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListSchema = z.object({ coupons: z.array(couponSchema) });

export const couponQuoteQuerySchema = z.object({
  resourceId: z.string().trim().min(1).max(120),
  /** A gift: no bundle credit (the recipient owns nothing yet). */
  gift: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  /**
   * Seats (issue 23), the buyer's own included: the quote's prices are then the whole licence's (the code
   * takes money off the buyer's own seat only). A gift is one seat.
   */
  seats: z.coerce.number().int().min(1).max(LICENCE_LIMITS.maxSeats).default(1),
});

/** The price with the code, step by step: what the checkout shows before paying and then sends. */
export const couponQuoteSchema = z.object({
  code: z.string(),
  /**
   * The price before the code (after the best running sale and any bundle credit); with `seats`, the whole
   * licence's.
   */
  beforeCents: z.number().int(),
  discountCents: z.number().int(),
  /** What the card is charged: the purchase's `amount` (with `seats`, the whole licence's). */
  priceCents: z.number().int(),
});
export type CouponQuote = z.infer<typeof couponQuoteSchema>;

const codeParams = z.object({ code: z.string().trim().min(1).max(40) });

export const promotionEndpoints = defineEndpoints({
  "POST /sales": {
    summary: "A creator starts (or schedules) a store-wide sale on all or some of their resources.",
    body: storeSaleCreateSchema,
    response: storeSaleSchema,
    status: 201,
  },
  "GET /sales/self": {
    summary: "The viewer's store-wide sales: running, scheduled and ended, latest first.",
    response: storeSaleListSchema,
  },
  "DELETE /sales/:id": {
    summary: "Its creator ends a sale now (a scheduled one is called off).",
    params: uuidParamsSchema,
    response: endedSchema,
  },
  "POST /coupons": {
    summary: "Makes a coupon code: a creator's for their resources, or (an admin, siteWide) the site's.",
    body: couponCreateSchema,
    response: couponSchema,
    status: 201,
  },
  "GET /coupons/self": {
    summary: "The viewer's own coupon codes with their uses and state, latest first.",
    response: couponListSchema,
  },
  "GET /admin/coupons": {
    summary: "The site's coupon codes (made by admins), latest first.",
    response: couponListSchema,
  },
  "DELETE /coupons/:id": {
    summary: "Ends a code early: its maker's, or for an admin any code.",
    params: uuidParamsSchema,
    response: endedSchema,
  },
  "GET /coupons/:code/quote": {
    summary: "The price of a resource for the viewer with a code, or why the code does not apply.",
    params: codeParams,
    query: couponQuoteQuerySchema,
    response: couponQuoteSchema,
  },
});
