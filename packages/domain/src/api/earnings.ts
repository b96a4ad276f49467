import {
  EARNINGS_LINE_KINDS,
  FEE_BEARING_KINDS,
  OTHER_ACTIVITY_KINDS,
  PAYOUT_STATUSES,
} from "../rules/earnings.ts";
import { LEDGER_ACCOUNTS } from "../rules/ledger.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { reviewSummarySchema } from "./reviews.ts";
import { uuidParamsSchema } from "./shared.ts";
import { saleParamsSchema } from "./transactions.ts";

/** Amounts are integer cents; days are YYYY-MM-DD in the site's time zone, months YYYY-MM. */
const cents = z.number().int();
const isoDay = z.string();

/** GET /earnings/self/balance (spec 3 Balance): every figure derived from the ledger. */
export const earningsBalanceSchema = z.object({
  /** Everything earned and not yet paid out. */
  balance: cents,
  /** The balance once the payouts already requested are paid; shown as 0 when it is 0. */
  estimatedBalance: cents,
  /**
   * Earnings past their hold (payoutHoldDays), not yet paid out nor requested. Negative when a refund took
   * back earnings already paid out (issue 22): later earnings recover it, and no payout is made meanwhile.
   */
  eligibleBalance: cents,
  /** What a payout request would pay now: the eligible balance when it reaches payoutMinimumCents, else 0. */
  eligiblePayout: cents,
  /** Payouts requested and not yet paid. */
  pendingPayout: cents,
  hasTakenPayout: z.boolean(),
});
export type EarningsBalanceResponse = z.infer<typeof earningsBalanceSchema>;

export const earningsLineSchema = z.object({
  id: z.string(),
  kind: z.enum(EARNINGS_LINE_KINDS),
  amount: cents,
  createdAt: z.string(),
  day: isoDay,
  title: z.string().nullable(),
  from: z.string().nullable(),
  note: z.string().nullable(),
  feeFor: z.enum(FEE_BEARING_KINDS).nullable(),
  receipt: z.string().nullable(),
  /** A sale, gift or refund of a bundle (issue 22: earnings show bundle sales as such). */
  isBundle: z.boolean(),
  /**
   * Issue 23: a sale's or gift's seats bought, a refund's seats given back (a whole refund's: all the
   * purchase's), on its line and its fee line; null for a tip, a payout or an adjustment.
   */
  seats: z.number().int().nullable().optional(),
});
export type EarningsLineResponse = z.infer<typeof earningsLineSchema>;

export const otherActivitySchema = z.object({
  id: z.string(),
  kind: z.enum(OTHER_ACTIVITY_KINDS),
  /** A referral: the sale's amount (credited, not paid); featuring: what it cost, as a negative amount. */
  amount: cents,
  createdAt: z.string(),
  day: isoDay,
  title: z.string().nullable(),
});
export type OtherActivity = z.infer<typeof otherActivitySchema>;

export const earningsMonthSchema = z.object({
  month: z.string(),
  sales: cents,
  tips: cents,
  fees: cents,
  payouts: cents,
});

/**
 * GET /earnings/self/activity: the lines of the creator's balance, newest first, with the sum of any
 * older ones not listed (earlierTotal), so that earlierTotal plus the lines is exactly `balance`; the
 * chart's months; and activity that is not part of the balance (referrals, featuring).
 */
export const earningsActivityResponseSchema = z.object({
  lines: z.array(earningsLineSchema),
  earlierTotal: cents,
  balance: cents,
  months: z.array(earningsMonthSchema),
  other: z.array(otherActivitySchema),
});
export type EarningsActivityResponse = z.infer<typeof earningsActivityResponseSchema>;

export const payoutSchema = z.object({
  id: z.string(),
  amount: cents,
  status: z.enum(PAYOUT_STATUSES),
  requestedAt: z.string(),
  /** The day it was requested, in the site's time zone. */
  requestedDay: isoDay,
  /** The day an admin paid it. */
  payoutDate: isoDay.nullable(),
});
export type PayoutResponse = z.infer<typeof payoutSchema>;

export const payoutsResponseSchema = z.object({ payouts: z.array(payoutSchema) });
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>;

/** GET /admin/payouts: requested payouts, oldest first, and what they add up to. */
export const payoutQueueResponseSchema = z.object({
  payouts: z.array(payoutSchema.extend({ username: z.string(), first_name: z.string() })),
  totalEligiblePayouts: cents,
});
export type PayoutQueueResponse = z.infer<typeof payoutQueueResponseSchema>;
export type QueuedPayout = PayoutQueueResponse["payouts"][number];

export const payPayoutBodySchema = z.object({ payoutDate: z.iso.date() }).strict();

export const accountingQuerySchema = z.object({
  from: z.iso.date().default("2000-01-01"),
  to: z.iso.date().default("2999-12-31"),
});

/** GET /admin/accounting: money by month from the ledger and the trial balance. */
export const accountingResponseSchema = z.object({
  periods: z.array(
    z.object({
      period: z.string(),
      sales: cents,
      fees: cents,
      tips: cents,
      donations: cents,
      adIncome: cents,
      featuring: cents,
      payouts: cents,
      /** What was given back to buyers by refunds (issue 22), as a positive amount. */
      refunds: cents,
      /** Site coupons' discounts the platform bore (platform_discounts), net of refunded ones. */
      siteDiscounts: cents,
    }),
  ),
  trialBalance: z.array(z.object({ account: z.enum(LEDGER_ACCOUNTS), total: cents })),
  balanced: z.boolean(),
});
export type AccountingResponse = z.infer<typeof accountingResponseSchema>;
export type AccountingPeriod = AccountingResponse["periods"][number];

/**
 * GET /earnings/self/ratings (issue 21: "the creator's earnings/analytics show ratings per resource"):
 * each of the creator's published resources (listed now or once) with its shown reviews' average, count
 * and 1-to-5 distribution; the most reviewed first, unrated ones last.
 */
export const resourceRatingsResponseSchema = z.object({
  resources: z.array(
    z.object({
      id: z.string(),
      /** Its address: /resources/{name}. */
      name: z.string(),
      title: z.string(),
      rating: reviewSummarySchema,
    }),
  ),
});
export type ResourceRatingsResponse = z.infer<typeof resourceRatingsResponseSchema>;
export type ResourceRatingRow = ResourceRatingsResponse["resources"][number];

/** A creator's earnings and payouts. */
export const earningsEndpoints = defineEndpoints({
  "GET /earnings/self/balance": { response: earningsBalanceSchema },
  "GET /earnings/self/activity": { response: earningsActivityResponseSchema },
  "GET /earnings/self/payouts": { response: payoutsResponseSchema },
  "GET /earnings/self/ratings": {
    summary: "The ratings of each of the creator's published resources, in one call.",
    response: resourceRatingsResponseSchema,
  },
  "POST /earnings/self/payouts": {
    summary: "Requests a payout of the eligible balance.",
    response: payoutSchema,
    status: 201,
  },
  "GET /activity/transactions/:saleId/receipt": {
    summary: "A sale's receipt, an HTML document, for its buyer, its seller and admins.",
    params: saleParamsSchema,
    response: "file",
  },
  "GET /admin/payouts": { response: payoutQueueResponseSchema },
  "POST /admin/payouts/:id/pay": {
    params: uuidParamsSchema,
    body: payPayoutBodySchema,
    response: payoutSchema,
  },
  "POST /admin/payouts/:id/reject": { params: uuidParamsSchema, response: payoutSchema },
  "GET /admin/accounting": { query: accountingQuerySchema, response: accountingResponseSchema },
});
