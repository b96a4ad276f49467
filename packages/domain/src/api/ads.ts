import { AD_DERIVED_STATUSES, AD_IMAGE_FITS, AD_IMAGE_FOCUS_RANGE } from "../rules/ad-rules.ts";
import { GRADES } from "../rules/catalogue-lists.ts";
import { AD_TYPES } from "../rules/enums.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { deletedSchema, uuidParamsSchema } from "./shared.ts";
import { paymentFormSchema } from "./transactions.ts";

/**
 * The advertising calls of spec 7 (Advertisements). Lengths per type are the domain's ad-texts rules,
 * applied by the server to answer `fields: { name: problem }`; these bounds only keep absurd input out.
 */
const text = (max: number) => z.string().max(max).nullable();
const focus = z.number().int().min(AD_IMAGE_FOCUS_RANGE.min).max(AD_IMAGE_FOCUS_RANGE.max);

export const adFieldsSchema = z
  .object({
    title: text(200),
    subtitle: text(200),
    subject: text(200),
    statement: text(400),
    description: text(1000),
    button: text(100),
    business_name: text(200),
    discount_code: text(100),
    code: text(400),
    click_url: text(2000),
    css_override: text(5000),
    spend_per_day: z.number().int().min(0).max(10_000_000),
    run_days_total: z.number().int().min(0).max(365),
    gradesArray: z.array(z.enum(GRADES)).max(GRADES.length),
    /** How the image fills its slot, and the point a fill keeps in view (rules/ad-rules.ts, adImageStyle). */
    image_fit: z.enum(AD_IMAGE_FITS),
    image_focus_x: focus,
    image_focus_y: focus,
  })
  .partial();

export const adCreateSchema = adFieldsSchema.extend({ ad_type: z.enum(AD_TYPES) }).strict();
export const adPatchSchema = adFieldsSchema.strict();
export type AdPatch = z.infer<typeof adPatchSchema>;

export const adSchema = z.object({
  id: z.string(),
  ad_type: z.enum(AD_TYPES),
  approval_status: z.string(),
  running_status: z.string().nullable(),
  derivedStatus: z.enum(AD_DERIVED_STATUSES),
  editable: z.boolean(),
  spendEditable: z.boolean(),
  missing: z.array(z.string()),
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  subject: z.string().nullable(),
  statement: z.string().nullable(),
  description: z.string().nullable(),
  button: z.string().nullable(),
  business_name: z.string().nullable(),
  business_image: z.string().nullable(),
  discount_code: z.string().nullable(),
  code: z.string().nullable(),
  css_override: z.string().nullable(),
  click_url: z.string().nullable(),
  image_url: z.string().nullable(),
  image_name: z.string().nullable(),
  image_fit: z.enum(AD_IMAGE_FITS),
  image_focus_x: z.number().int(),
  image_focus_y: z.number().int(),
  spend_per_day: z.number().int(),
  run_days_total: z.number().int(),
  gradesArray: z.array(z.string()),
  isAdminAd: z.boolean(),
  is_free_user_only: z.boolean(),
  /** Whether this viewer may delete it now (isAdDeletable: editable and never paid for). */
  deletable: z.boolean(),
  review_comment: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  stats: z.object({ impressions: z.number().int(), clicks: z.number().int(), spend: z.number().int() }),
});
export type Ad = z.infer<typeof adSchema>;

export const adListSchema = z.object({ ads: z.array(adSchema) });

/** GET /advertisements/overrides (admins): the ads carrying an admin's styling (css_override) or code. */
export const adOverridesSchema = z.object({ ad_overrides: z.array(adSchema) });

export const adEstimateQuerySchema = z.object({
  spend_per_day: z.coerce.number().int().min(0).max(10_000_000),
  run_days_total: z.coerce.number().int().min(0).max(365),
  ad_type: z.enum(AD_TYPES),
});
export const adEstimateSchema = z.object({
  impressions: z.number().int(),
  clicks: z.number().int(),
  share: z.number(),
});

export const adPaymentSchema = paymentFormSchema.extend({
  /** spend_per_day x run_days_total, as the advertiser saw it; none for an admin's own ad, which is not paid. */
  amount: z.number().int().min(1).max(1_000_000_000).optional(),
});

/** What a page shows: the ad's public face, never its owner or money. */
export const displayAdSchema = z.object({
  // css_override is an admin's styling, applied within the ad's own box only (the web app scopes it); code is
  // an admin's code: markup is shown in a sandboxed frame, other text as text (isAdCodeMarkup).
  ad: adSchema
    .pick({
      id: true,
      ad_type: true,
      title: true,
      subtitle: true,
      subject: true,
      description: true,
      button: true,
      statement: true,
      discount_code: true,
      business_name: true,
      business_image: true,
      image_url: true,
      image_fit: true,
      image_focus_x: true,
      image_focus_y: true,
      click_url: true,
      css_override: true,
      code: true,
    })
    .nullable(),
  /**
   * A single-use view token for this ad and this reader's address, with every ad shown to a person: the
   * impression and the click count only with it (POST /advertisements/{id}/impression and /click).
   */
  token: z.string().optional(),
});
export type DisplayAd = z.infer<typeof displayAdSchema>["ad"];

/** POST /advertisements/{id}/impression and /click: the view token the display call gave with the ad. */
export const adCountRequestSchema = z.object({ token: z.string().min(1).max(100) }).strict();
export const adCountResponseSchema = z.object({ counted: z.boolean() });

export const adDisplayQuerySchema = z.object({
  type: z.enum(AD_TYPES).optional(),
  grade: z.string().max(40).optional(),
});

export const adReviewSchema = z.object({ comment: z.string().trim().min(1).max(2000) }).strict();
export const freeUserOnlySchema = z.object({ is_free_user_only: z.boolean() }).strict();

/** An offer of /offers: a running ad's discount code and statement (GET /advertisements/offers). */
export const adOfferSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  discount_code: z.string(),
  statement: z.string().nullable(),
  business_name: z.string().nullable(),
  click_url: z.string().nullable(),
  image_url: z.string().nullable(),
  /** The view token that lets the click on it count (as with every ad shown); none for a known bot. */
  token: z.string().optional(),
});
export const adOffersSchema = z.object({ offers: z.array(adOfferSchema) });
export type AdOffer = z.infer<typeof adOfferSchema>;

/** A call on one ad that answers the ad as it now is. */
const adAction = { params: uuidParamsSchema, response: adSchema } as const;
/** An ad's image or business image, uploaded as multipart. */
const adImageUpload = { ...adAction, body: "multipart" } as const;
/** An impression or a click of a shown ad, counted once per view token. */
const adCount = (summary: string) =>
  ({
    summary,
    params: uuidParamsSchema,
    body: adCountRequestSchema,
    response: adCountResponseSchema,
  }) as const;

/** Self-serve advertising: authoring, paying, review and display (spec 7). */
export const adEndpoints = defineEndpoints({
  "GET /advertisements": { summary: "The advertiser's own ads.", response: adListSchema },
  "POST /advertisements": {
    summary: "Starts an ad of a format, as a draft.",
    body: adCreateSchema,
    response: adSchema,
    status: 201,
  },
  "GET /advertisements/estimate": {
    summary: "The impressions and clicks a spend would buy.",
    query: adEstimateQuerySchema,
    response: adEstimateSchema,
  },
  "GET /advertisements/display": {
    summary: "An ad to show on a page, with its single-use view token.",
    query: adDisplayQuerySchema,
    response: displayAdSchema,
  },
  "GET /advertisements/offers": {
    summary: "The discount codes and statements of the running ads, for /offers.",
    response: adOffersSchema,
  },
  "GET /advertisements/overrides": {
    summary: "The ads carrying an admin's styling or code (admins).",
    response: adOverridesSchema,
  },
  "GET /advertisements/:id": adAction,
  "PATCH /advertisements/:id": { params: uuidParamsSchema, body: adPatchSchema, response: adSchema },
  "DELETE /advertisements/:id": {
    summary: "Deletes an ad never paid for.",
    params: uuidParamsSchema,
    response: deletedSchema,
  },
  "PUT /advertisements/:id/image": adImageUpload,
  "DELETE /advertisements/:id/image": adAction,
  "PUT /advertisements/:id/business-image": adImageUpload,
  "DELETE /advertisements/:id/business-image": adAction,
  "POST /advertisements/:id/payment": {
    summary: "Pays for an ad and submits it for review.",
    params: uuidParamsSchema,
    body: adPaymentSchema,
    response: adSchema,
  },
  "POST /advertisements/:id/stop": adAction,
  "POST /advertisements/:id/resume": adAction,
  "POST /advertisements/:id/impression": adCount(
    "Counts an impression against the display call's view token.",
  ),
  "POST /advertisements/:id/click": adCount("Counts a click against the display call's view token."),
  "PATCH /advertisements/:id/is_free_user_only": {
    summary: "Shows an ad only to users who never paid (admins).",
    params: uuidParamsSchema,
    body: freeUserOnlySchema,
    response: adSchema,
  },
  "GET /admin/advertisements/review-queue": { summary: "Ads awaiting approval.", response: adListSchema },
  "POST /admin/advertisements/:id/approve": adAction,
  "POST /admin/advertisements/:id/reject": {
    params: uuidParamsSchema,
    body: adReviewSchema,
    response: adSchema,
  },
  "POST /admin/advertisements/:id/clear": {
    summary: "Takes an ad out of the queue without a decision; it goes back to its advertiser as a draft.",
    params: uuidParamsSchema,
    response: adSchema,
  },
});
