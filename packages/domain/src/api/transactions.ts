import { DONATION_PLACEMENTS } from "../rules/enums.ts";
import { LICENCE_LIMITS } from "../rules/licences.ts";
import { checkPaymentFormFields } from "../rules/payment-form.ts";
import { checkTipNote, TIP_MULTIPLE_MAX_RECIPIENTS } from "../rules/tips.ts";
import { z } from "../zod.ts";
import { billingDetailsSchema } from "./billing.ts";
import { defineEndpoints } from "./endpoint.ts";
import { libraryFileSchema } from "./library.ts";
import { publicUserSchema } from "./users.ts";

/**
 * The payment calls of spec 7 (Transactions). Every money-moving call takes the payment form of spec 3;
 * its rules (spec 5 Payment) are the domain's. The schema refuses a malformed field, whatever the
 * source (checkPaymentFormFields), with a 400 naming it before the card is asked; the checkout adds what
 * needs context (which fields are required, expiry on the site's day) before charging.
 * Amounts are integer cents. The bounds here only keep absurd input out.
 */
const field = (max: number) => z.string().max(max).optional();

export const paymentFormSchema = z
  .object({
    paymentSource: z.enum(["credit-card", "other"]).optional(),
    cardName: field(100),
    cardNumber: field(30),
    cardExp: field(7),
    cardCvv: field(6),
    billingStreetAddress: field(200),
    billingCity: field(100),
    billingState: field(20),
    billingZipCode: field(20),
  })
  // Kept by every .extend() below (they add fields, never replace these).
  .superRefine((form, ctx) => {
    for (const [path, problem] of Object.entries(checkPaymentFormFields(form))) {
      ctx.addIssue({ code: "custom", path: [path], message: problem });
    }
  });
export type PaymentFormInput = z.infer<typeof paymentFormSchema>;

const cents = z.number().int().min(1).max(10_000_000);

export const purchaseRequestSchema = paymentFormSchema.extend({
  /** The resource's id or name. */
  resourceId: z.string().trim().min(1).max(120),
  /** What the buyer saw and agreed to pay: the sale price while the sale runs, else the price. */
  amount: cents,
  refCode: z.string().trim().max(20).optional(),
  /** A coupon code (issue 22); `amount` is then the quoted price after its discount. */
  couponCode: z.string().trim().min(1).max(40).optional(),
  /** The buyer's organisation details for this receipt (and, with saveBilling, for later ones). */
  billing: billingDetailsSchema.optional(),
  saveBilling: z.boolean().optional(),
  /**
   * Seats (issue 23): the buyer's own and one for each colleague; `amount` is then the whole licence's
   * price (rules/licences.ts licenceTotalCents). A gift is always one seat.
   */
  seats: z.number().int().min(1).max(LICENCE_LIMITS.maxSeats).optional(),
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

export const saleSchema = z.object({
  saleId: z.string(),
  amount: z.number().int(),
  refCode: z.string().nullable(),
  isGift: z.boolean(),
  /** Seats bought, the buyer's own included (1 unless bought for colleagues). */
  seats: z.number().int(),
});

export const purchaseResponseSchema = z.object({
  sale: saleSchema,
  resourceId: z.string(),
  resourceName: z.string(),
  /** For a gift: the link to send, carrying the buyer's ref code and the gift code. */
  giftUri: z.string().nullable(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;

/** A tip's note: the domain's limit (checkTipNote, in characters as PostgreSQL counts them), answered as `too_long`. */
const tipNote = z
  .string()
  .refine((note) => checkTipNote(note) === null, { message: "too_long" })
  .optional();

export const tipRequestSchema = paymentFormSchema.extend({
  recipientId: z.string().optional(),
  tipNote,
  amount: cents,
});
export type TipRequest = z.infer<typeof tipRequestSchema>;

export const tipMultipleRequestSchema = paymentFormSchema.extend({
  recipientIds: z.array(z.string().min(1).max(64)).min(1).max(TIP_MULTIPLE_MAX_RECIPIENTS),
  tipNote,
  /** Each recipient's tip. */
  amount: cents,
});

export const tipResponseSchema = z.object({
  tips: z.array(z.object({ tipId: z.string(), recipientId: z.string(), amount: z.number().int() })),
  total: z.number().int(),
});
export type TipResponse = z.infer<typeof tipResponseSchema>;

/** GET /transactions/tips/sent: the tips the signed-in user sent, newest first (the tip summary pages). */
export const sentTipsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const SENT_TIPS_PAGE_SIZE = 20;
export const sentTipsResponseSchema = z.object({
  tips: z.array(
    z.object({
      tipId: z.string(),
      amount: z.number().int(),
      tipNote: z.string().nullable(),
      created_at: z.string(),
      recipient: z.object({ id: z.string(), username: z.string(), first_name: z.string() }),
    }),
  ),
  /** All the user's tips: how many and their sum in cents. */
  count: z.number().int(),
  totalAmount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SentTipsResponse = z.infer<typeof sentTipsResponseSchema>;

export const donateRequestSchema = paymentFormSchema.extend({
  amount: cents,
  placement: z.enum(DONATION_PLACEMENTS).default("prompt"),
});

export const donateResponseSchema = z.object({
  donation: z.object({ donationId: z.string(), amount: z.number().int(), placement: z.string() }),
  donation_date: z.string(),
});
export type DonateResponse = z.infer<typeof donateResponseSchema>;

export const giftClaimResponseSchema = z.object({
  resourceId: z.string(),
  resourceName: z.string(),
  saleId: z.string(),
});

/** A bought resource as the thank-you page and the gift page show it. */
const boughtResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  cover_locator: z.string().nullable(),
  creator: publicUserSchema,
});

/**
 * GET /transactions/sales/{saleId}: one purchase or gift for its buyer's thank-you page (anybody else is
 * told it does not exist), so a reload shows the same page. The receipt is
 * GET /activity/transactions/{saleId}/receipt.
 */
export const saleDetailSchema = z.object({
  sale: saleSchema.extend({ created_at: z.string() }),
  resource: boughtResourceSchema,
  /** The card, as the receipt names it: "Visa ending 4242". */
  paidWith: z.string().nullable(),
  /** Where the receipt e-mail goes: the buyer's address. */
  receiptEmail: z.string(),
  /** A purchase's file to download (its premium file); null for a gift, which is the recipient's. */
  file: libraryFileSchema.nullable(),
  /** A gift: the link to send, and whether somebody claimed it. */
  gift: z.object({ uri: z.string(), claimedAt: z.string().nullable() }).nullable(),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

/**
 * GET /transactions/gifts/{giftCode}: what a gift link holds, for the teacher who opened it. open: theirs
 * to claim; claimed_by_you: claimed already (claiming again is harmless); claimed: another teacher has
 * it; yours_to_send: the viewer bought it and should send the link on.
 */
export const GIFT_STATES = ["open", "claimed_by_you", "claimed", "yours_to_send"] as const;
export const giftDetailSchema = z.object({
  resource: boughtResourceSchema,
  from: z.object({ username: z.string(), first_name: z.string() }),
  state: z.enum(GIFT_STATES),
  /** The recipient's file once it is theirs (claimed_by_you), else null. */
  file: libraryFileSchema.nullable(),
});
export type GiftDetail = z.infer<typeof giftDetailSchema>;

/** Featuring (DECISIONS.md: featurePricePerDayCents a day, for 1 to 30 days). */
export const FEATURE_DAYS = { min: 1, max: 30 } as const;

export const featureRequestSchema = paymentFormSchema.extend({
  resourceId: z.string().trim().min(1).max(120),
  days: z.number().int().min(FEATURE_DAYS.min).max(FEATURE_DAYS.max),
  /** days x featurePricePerDayCents, as the creator saw it. */
  amount: cents,
});
export const featureResponseSchema = z.object({
  resourceId: z.string(),
  resourceName: z.string(),
  featuredUntil: z.string(),
  amount: z.number().int(),
});
export type FeatureResponse = z.infer<typeof featureResponseSchema>;

/** A gift's purchase: {code} is the buyer's own ref code, which the gift link carries (spec 2). */
export const giftPurchaseParamsSchema = z.object({ code: z.string().trim().min(1).max(20) });
/** A sale, for its thank-you page and its receipt. */
export const saleParamsSchema = z.object({ saleId: z.string().max(64) });
/** A gift link's code. */
export const giftCodeParamsSchema = z.object({ giftCode: z.string().trim().min(10).max(40) });
export const tipRecipientParamsSchema = z.object({ recipientId: z.string().min(1).max(64) });

/** Buying, gifts, tips and donations (spec 5). */
export const transactionEndpoints = defineEndpoints({
  "POST /transactions/resource/purchase": {
    summary: "Buys a resource for the signed-in teacher.",
    body: purchaseRequestSchema,
    response: purchaseResponseSchema,
  },
  "POST /transactions/resource/purchase/gift/:code": {
    summary: "Buys a resource as a gift; {code} is the buyer's own ref code.",
    params: giftPurchaseParamsSchema,
    body: purchaseRequestSchema,
    response: purchaseResponseSchema,
  },
  "GET /transactions/sales/:saleId": {
    summary: "A purchase or a gift for its buyer's thank-you page.",
    params: saleParamsSchema,
    response: saleDetailSchema,
  },
  "GET /transactions/gifts/:giftCode": {
    summary: "What a gift link holds, for the teacher who opened it.",
    params: giftCodeParamsSchema,
    response: giftDetailSchema,
  },
  "POST /transactions/gifts/:giftCode/claim": {
    params: giftCodeParamsSchema,
    response: giftClaimResponseSchema,
  },
  "POST /transactions/tip/purchase/:recipientId": {
    params: tipRecipientParamsSchema,
    body: tipRequestSchema,
    response: tipResponseSchema,
  },
  "POST /transactions/tip/multiple": { body: tipMultipleRequestSchema, response: tipResponseSchema },
  "GET /transactions/tips/sent": { query: sentTipsQuerySchema, response: sentTipsResponseSchema },
  "POST /transactions/donate/purchase": { body: donateRequestSchema, response: donateResponseSchema },
  "POST /transactions/resource/feature": { body: featureRequestSchema, response: featureResponseSchema },
});
