import { GRADES } from "../rules/catalogue-lists.ts";
import { REVIEW_LIMITS, REVIEW_REPORT_REASONS, REVIEW_SORTS, REVIEW_USES } from "../rules/reviews.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { publicUserSchema } from "./public-user.ts";
import { deletedSchema, uuidParamsSchema } from "./shared.ts";

/** Ratings and reviews of resources (issue 21); the rules are rules/reviews.ts's. */

/** A resource's rating as a card and a profile show it: average to one decimal, null with no ratings. */
export const ratingSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** The rating's block on a resource's page: also how many reviews gave 1, 2, 3, 4 and 5 stars. */
export const reviewSummarySchema = ratingSummarySchema.extend({
  distribution: z.tuple([
    z.number().int(),
    z.number().int(),
    z.number().int(),
    z.number().int(),
    z.number().int(),
  ]),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewReplySchema = z.object({
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const reviewSchema = z.object({
  id: z.string(),
  resourceId: z.string(),
  rating: z.number().int(),
  text: z.string(),
  gradeTaught: z.enum(GRADES).nullable(),
  usedFor: z.enum(REVIEW_USES).nullable(),
  author: publicUserSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until when its author may edit it (REVIEW_LIMITS.editWindowDays after it was written). */
  editableUntil: z.string(),
  helpfulCount: z.number().int(),
  /** The viewer marked it helpful (false for a visitor). */
  helpfulByMe: z.boolean(),
  /** The viewer reported it (false for a visitor). */
  reportedByMe: z.boolean(),
  /** Hidden by an admin: only its author still sees it, and it leaves the average. */
  isHidden: z.boolean(),
  reply: reviewReplySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

const ratingField = z.number().int().min(REVIEW_LIMITS.ratingMin).max(REVIEW_LIMITS.ratingMax);
const reviewText = z.string().trim().max(REVIEW_LIMITS.textMax);

export const reviewCreateSchema = z
  .object({
    rating: ratingField,
    text: reviewText.default(""),
    gradeTaught: z.enum(GRADES).nullable().optional(),
    usedFor: z.enum(REVIEW_USES).nullable().optional(),
  })
  .strict();
export type ReviewCreate = z.input<typeof reviewCreateSchema>;

/** An edit names only what changes; null clears a classroom detail. */
export const reviewPatchSchema = z
  .object({
    rating: ratingField.optional(),
    text: reviewText.optional(),
    gradeTaught: z.enum(GRADES).nullable().optional(),
    usedFor: z.enum(REVIEW_USES).nullable().optional(),
  })
  .strict();

/** The creator's reply: an empty text takes a reply back. */
export const reviewReplyBodySchema = z
  .object({ text: z.string().trim().max(REVIEW_LIMITS.replyMax) })
  .strict();

export const reviewReportBodySchema = z
  .object({
    reason: z.enum(REVIEW_REPORT_REASONS),
    details: z.string().trim().max(REVIEW_LIMITS.reportDetailsMax).optional(),
  })
  .strict();

export const reviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  sort: z.enum(REVIEW_SORTS).default("helpful"),
  grade: z.enum(GRADES).optional(),
});

/** Why the viewer may not write a review, or null when they may (rules/reviews.ts reviewRefusal). */
export const REVIEW_REFUSALS = ["sign_in", "own_resource", "not_a_buyer", "already_reviewed"] as const;

export const reviewListResponseSchema = z.object({
  reviews: z.array(reviewSchema),
  summary: reviewSummarySchema,
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Reviews that match the grade filter (the summary counts every shown review). */
  total: z.number().int(),
  /** The viewer's own review, hidden or not, wherever it falls in the order (null for a visitor). */
  mine: reviewSchema.nullable(),
  /** Null when the viewer may write a review now. */
  refusal: z.enum(REVIEW_REFUSALS).nullable(),
});
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

export const reviewHelpfulResponseSchema = z.object({
  helpfulCount: z.number().int(),
  helpfulByMe: z.literal(true),
});

export const reviewReportResponseSchema = z.object({ reported: z.literal(true) });

export const reportedReviewSchema = reviewSchema.extend({
  resource: z.object({ id: z.string(), name: z.string(), title: z.string() }),
  reports: z.array(
    z.object({
      reason: z.enum(REVIEW_REPORT_REASONS),
      details: z.string().nullable(),
      reporter: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;

export const reportedReviewsResponseSchema = z.object({
  reviews: z.array(reportedReviewSchema),
  total: z.number().int(),
});

export const reviewModerationResponseSchema = z.object({
  id: z.string(),
  isHidden: z.boolean(),
});

const resourceParams = z.object({ id: z.string().trim().min(1).max(120) });

export const reviewEndpoints = defineEndpoints({
  "GET /resources/:id/reviews": {
    summary: "A resource's reviews, a page at a time, with its rating's summary and the viewer's own review.",
    params: resourceParams,
    query: reviewListQuerySchema,
    response: reviewListResponseSchema,
  },
  "POST /resources/:id/reviews": {
    summary: "Writes the viewer's review of a resource they bought or downloaded.",
    params: resourceParams,
    body: reviewCreateSchema,
    response: reviewSchema,
    status: 201,
  },
  "PATCH /reviews/:id": {
    summary: "Its author edits a review, within 30 days of writing it.",
    params: uuidParamsSchema,
    body: reviewPatchSchema,
    response: reviewSchema,
  },
  "DELETE /reviews/:id": {
    summary: "Its author deletes a review.",
    params: uuidParamsSchema,
    response: deletedSchema,
  },
  "POST /reviews/:id/reply": {
    summary: "The resource's creator replies to a review, or edits the reply (an empty text removes it).",
    params: uuidParamsSchema,
    body: reviewReplyBodySchema,
    response: reviewSchema,
  },
  "POST /reviews/:id/helpful": {
    summary: "Marks a review helpful, once per reader.",
    params: uuidParamsSchema,
    response: reviewHelpfulResponseSchema,
  },
  "POST /reviews/:id/report": {
    summary: "Reports a review to the admins, once per reader.",
    params: uuidParamsSchema,
    body: reviewReportBodySchema,
    response: reviewReportResponseSchema,
  },
  "GET /admin/reviews/reported": {
    summary: "The admins' queue of reported reviews, oldest report first.",
    query: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
    response: reportedReviewsResponseSchema,
  },
  "POST /admin/reviews/:id/hide": {
    summary: "An admin hides a reported review: it leaves the page and the average.",
    params: uuidParamsSchema,
    response: reviewModerationResponseSchema,
  },
  "POST /admin/reviews/:id/keep": {
    summary: "An admin keeps a reported review (or shows a hidden one again); its reports are settled.",
    params: uuidParamsSchema,
    response: reviewModerationResponseSchema,
  },
});
