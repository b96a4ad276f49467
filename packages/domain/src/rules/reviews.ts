/**
 * Ratings and reviews (issue 21): teachers who used a resource rate it 1 to 5 and may say how it worked
 * in their classroom. The numbers and rules here are the only copy: the server's checks, its database
 * columns (the Bayesian score is a generated column built from RATING_PRIOR) and the screens read them.
 */

export const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  textMax: 2000,
  replyMax: 1000,
  reportDetailsMax: 500,
  /** The author may edit a review this long after writing it; deleting has no limit. */
  editWindowDays: 30,
  /** Reviews per page on a resource's page. */
  pageSize: 10,
  /** Reported reviews per page of the admin's queue. */
  queuePageSize: 20,
} as const;

/** How the teacher used the resource: the review's optional classroom context. */
export const REVIEW_USES = [
  "whole-class",
  "small-group",
  "homework",
  "sub-plan",
  "intervention",
  "other",
] as const;
export type ReviewUse = (typeof REVIEW_USES)[number];

export const REVIEW_USE_LABELS: Record<ReviewUse, string> = {
  "whole-class": "Whole class",
  "small-group": "Small group",
  homework: "Homework",
  "sub-plan": "Sub plan",
  intervention: "Intervention",
  other: "Other",
};

/** The orders of a resource's reviews: most helpful first by default. */
export const REVIEW_SORTS = ["helpful", "newest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  helpful: "Most helpful",
  newest: "Newest",
  lowest: "Lowest rating",
};

/** Why a reader reports a review: the admin's queue groups by these. */
export const REVIEW_REPORT_REASONS = [
  "spam",
  "offensive",
  "off-topic",
  "personal-information",
  "other",
] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

export const REVIEW_REPORT_REASON_LABELS: Record<ReviewReportReason, string> = {
  spam: "Spam or advertising",
  offensive: "Offensive or abusive",
  "off-topic": "Not about this resource",
  "personal-information": "Shares personal information",
  other: "Something else",
};

/**
 * The prior of "Top rated" (DECISIONS.md): every resource's ratings are counted as if `weight` reviews
 * of `mean` stars came first. Ten 4-star reviews: on a site where most ratings are 4 or 5, one 5-star
 * review (4.09) ranks below forty reviews averaging 4.8 (4.64), and a resource must earn its place with
 * several good ratings. A fixed prior (not the site's running mean) keeps each resource's score its own,
 * so a stored, indexed column holds it and no review elsewhere reorders the catalogue.
 */
export const RATING_PRIOR = { mean: 4, weight: 10 } as const;

/** The "Top rated" score of `count` ratings summing to `sum`; null with none (unrated ones sort last). */
export function bayesianRating(count: number, sum: number): number | null {
  if (count <= 0) return null;
  return (RATING_PRIOR.mean * RATING_PRIOR.weight + sum) / (RATING_PRIOR.weight + count);
}

/**
 * The average as shown, to one decimal (half up), or null with no ratings. The catalogue's "4 stars &
 * up" compares this shown figure, so a card that says 4.0 is never left out of it.
 */
export function averageRating(count: number, sum: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}

/** The five counts of 1 to 5 stars from per-rating counts (missing ratings count 0). */
export function ratingDistribution(
  counts: Partial<Record<number, number>>,
): [number, number, number, number, number] {
  return [1, 2, 3, 4, 5].map((stars) => counts[stars] ?? 0) as [number, number, number, number, number];
}

const DAY_MS = 86_400_000;

/** Until when the author may edit a review written at `createdAt`. */
export function reviewEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_LIMITS.editWindowDays * DAY_MS);
}

export function reviewEditable(createdAt: Date, now: Date): boolean {
  return now.getTime() < reviewEditableUntil(createdAt).getTime();
}

/** Why a viewer may not write a review of a resource, or null when they may. */
export type ReviewRefusal = "sign_in" | "own_resource" | "not_a_buyer" | "already_reviewed";

/**
 * Who may review (issue 21): a signed-in user who bought the resource or downloaded it, not its creator,
 * once. The database's unique key enforces "once" when two arrive together; this says it beforehand.
 */
export function reviewRefusal(viewer: {
  signedIn: boolean;
  isCreator: boolean;
  hasUsed: boolean;
  hasReviewed: boolean;
}): ReviewRefusal | null {
  if (!viewer.signedIn) return "sign_in";
  if (viewer.isCreator) return "own_resource";
  if (viewer.hasReviewed) return "already_reviewed";
  if (!viewer.hasUsed) return "not_a_buyer";
  return null;
}

/** The part of a resource's page that holds its reviews: where links, e-mails and prompts about them go. */
export const REVIEWS_ANCHOR = "reviews";

/** The reviews on a resource's page, by the resource's name ("/resources/fractions-bingo#reviews"). */
export const resourceReviewsPath = (name: string) =>
  `/resources/${encodeURIComponent(name)}#${REVIEWS_ANCHOR}`;

/** "4.6" for an average, as cards and the resource page show it. */
export const formatRating = (average: number) => average.toFixed(1);
