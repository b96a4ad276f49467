import { REFUND_LIMITS, REFUND_STATUSES } from "../rules/commerce.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { uuidParamsSchema } from "./shared.ts";
import { saleParamsSchema } from "./transactions.ts";

/**
 * Refunds (issue 22): a buyer asks within the site's refund window, the sale's creator or an admin approves
 * or declines, and an admin may refund any sale at any time. Amounts are integer cents; instants ISO.
 */

/** Refunds per page of the admins' queue. */
export const REFUND_QUEUE_PAGE_SIZE = 20;

export const refundSchema = z.object({
  id: z.string(),
  saleId: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** The buyer's reason, or the admin's when an admin refunded the sale directly. */
  reason: z.string(),
  /** What the creator or admin wrote when declining (null otherwise). */
  declineNote: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Made by an admin directly, not asked for by the buyer. */
  byAdmin: z.boolean(),
  /**
   * A purchase for colleagues refunded in part (issue 23, rules/licences.ts licenceRefund): the free seats
   * refunded (or, while the request waits, that a refund would give back now); null for a whole refund.
   */
  seats: z.number().int().nullable(),
  /** What was refunded, or while the request waits would be now: the sale's amount for a whole refund. */
  amountCents: z.number().int(),
  sale: z.object({
    amount: z.number().int(),
    /** Seats bought (issue 23); after a refund of free seats, those that stay. */
    seats: z.number().int(),
    purchasedAt: z.string(),
    isGift: z.boolean(),
  }),
  resource: z.object({
    id: z.string(),
    /** Its address: /resources/{name}. */
    name: z.string(),
    title: z.string(),
    isBundle: z.boolean(),
  }),
  buyer: z.object({ username: z.string(), first_name: z.string() }),
});
export type Refund = z.infer<typeof refundSchema>;

const reasonField = z.string().trim().min(REFUND_LIMITS.reasonMin).max(REFUND_LIMITS.reasonMax);

export const refundRequestBodySchema = z.object({ reason: reasonField }).strict();
export type RefundRequestBody = z.input<typeof refundRequestBodySchema>;

export const refundDeclineBodySchema = z
  .object({ note: z.string().trim().max(REFUND_LIMITS.noteMax).optional() })
  .strict();

/**
 * GET /transactions/{saleId}/refund: the buyer's refund of a purchase, if any, and until when they may ask
 * for one (null when they may not: a sale refunded already, or not theirs to ask about).
 */
export const saleRefundStateSchema = z.object({
  refund: refundSchema.nullable(),
  requestableUntil: z.string().nullable(),
  /** False too while every colleague's seat of a licence is given (refundableSeats 0): free one first. */
  canRequest: z.boolean(),
  /**
   * What a refund would give back now (issue 23): the purchase's amount, or a licence's free seats' cents
   * once a colleague holds a seat; 0 once refunded.
   */
  refundableCents: z.number().int(),
  /** The free seats a refund would give back; null: the whole purchase (or nothing, once refunded). */
  refundableSeats: z.number().int().nullable(),
});
export type SaleRefundState = z.infer<typeof saleRefundStateSchema>;

export const refundListSchema = z.object({ refunds: z.array(refundSchema) });
export type RefundList = z.infer<typeof refundListSchema>;

export const refundQueueSchema = refundListSchema.extend({ total: z.number().int() });

/** GET /admin/sales/{saleId}: what an admin is about to refund. */
export const adminSaleSchema = z.object({
  saleId: z.string(),
  amount: z.number().int(),
  /** Seats bought (issue 23), the buyer's own included. */
  seats: z.number().int(),
  purchasedAt: z.string(),
  isGift: z.boolean(),
  resource: refundSchema.shape.resource,
  buyer: refundSchema.shape.buyer,
  creator: z.object({ username: z.string(), first_name: z.string() }),
  refund: refundSchema.nullable(),
});
export type AdminSale = z.infer<typeof adminSaleSchema>;

export const refundEndpoints = defineEndpoints({
  "GET /transactions/:saleId/refund": {
    summary: "The buyer's refund of a purchase, and whether they may still ask for one.",
    params: saleParamsSchema,
    response: saleRefundStateSchema,
  },
  "POST /transactions/:saleId/refund-request": {
    summary: "The buyer asks for a refund of a purchase, within the site's refund window.",
    params: saleParamsSchema,
    body: refundRequestBodySchema,
    response: refundSchema,
    status: 201,
  },
  "GET /refunds/self": {
    summary: "The viewer's own refund requests, newest first.",
    response: refundListSchema,
  },
  "GET /earnings/self/refund-requests": {
    summary: "Refund requests for the creator's sales that wait for their decision, oldest first.",
    response: refundListSchema,
  },
  "POST /refunds/:id/approve": {
    summary: "The sale's creator or an admin approves a refund request: the sale is refunded.",
    params: uuidParamsSchema,
    response: refundSchema,
  },
  "POST /refunds/:id/decline": {
    summary: "The sale's creator or an admin declines a refund request, with an optional note.",
    params: uuidParamsSchema,
    body: refundDeclineBodySchema,
    response: refundSchema,
  },
  "GET /admin/refunds": {
    summary: "The admins' queue of refund requests waiting for a decision, oldest first.",
    query: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
    response: refundQueueSchema,
  },
  "GET /admin/sales/:saleId": {
    summary: "A sale as an admin refunding it sees it.",
    params: saleParamsSchema,
    response: adminSaleSchema,
  },
  "POST /admin/transactions/:saleId/refund": {
    summary: "An admin refunds any sale at any time.",
    params: saleParamsSchema,
    body: refundRequestBodySchema,
    response: refundSchema,
    status: 201,
  },
});
