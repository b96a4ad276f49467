import {
  type Grade,
  REVIEW_LIMITS,
  type ReviewListResponse,
  type ReviewSort,
  ratingDistribution,
} from "@market/domain";
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { reviews } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { presentRating } from "../resources/index.ts";
import { presentReview, reviewsWhere } from "./review.presenter.ts";
import { findVisibleResource, refusalFor } from "./review-access.ts";

/**
 * The orders of a resource's shown reviews, each the order of its partial index (reviews_resource_*_idx,
 * hidden_at null), with the id last so that pages never repeat or skip a review that ties.
 */
const ORDERS: Record<ReviewSort, SQL[]> = {
  helpful: [desc(reviews.helpful_count), desc(reviews.created_at), desc(reviews.id)],
  newest: [desc(reviews.created_at), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.created_at), desc(reviews.id)],
};

/**
 * GET /resources/{id}/reviews: a page of the shown reviews in the chosen order (and grade taught), the
 * rating's summary (the resource's kept count and sum, and the distribution over its shown reviews), the
 * viewer's own review wherever it falls, and why the viewer may not write one.
 */
export async function listReviews(
  db: Db,
  idOrName: string,
  viewer: Viewer | null,
  query: { page: number; sort: ReviewSort; grade?: Grade | undefined },
): Promise<ReviewListResponse> {
  const resource = await findVisibleResource(db, idOrName, viewer);
  const shown = and(eq(reviews.resource_id, resource.id), isNull(reviews.hidden_at));
  const inPage = query.grade ? and(shown, eq(reviews.grade_taught, query.grade)) : shown;
  const viewerId = viewer?.id ?? null;
  const [page, counts, mine, refusal] = await Promise.all([
    reviewsWhere(db, viewerId, inPage, {
      order: ORDERS[query.sort],
      limit: REVIEW_LIMITS.pageSize,
      offset: (query.page - 1) * REVIEW_LIMITS.pageSize,
    }),
    // The distribution and the filter's total in one pass over the resource's shown reviews.
    db
      .select({
        rating: reviews.rating,
        n: sql<number>`count(*)::int`,
        inGrade: query.grade
          ? sql<number>`(count(*) filter (where ${reviews.grade_taught} = ${query.grade}))::int`
          : sql<number>`count(*)::int`,
      })
      .from(reviews)
      .where(shown)
      .groupBy(reviews.rating),
    viewerId
      ? reviewsWhere(db, viewerId, and(eq(reviews.resource_id, resource.id), eq(reviews.users_id, viewerId)))
      : Promise.resolve([]),
    refusalFor(db, resource, viewer),
  ]);
  return {
    reviews: page.map(presentReview),
    summary: {
      ...presentRating(resource.rating_count, resource.rating_sum),
      distribution: ratingDistribution(Object.fromEntries(counts.map((c) => [c.rating, Number(c.n)]))),
    },
    page: query.page,
    pageSize: REVIEW_LIMITS.pageSize,
    total: counts.reduce((sum, c) => sum + Number(c.inGrade), 0),
    mine: mine[0] ? presentReview(mine[0]) : null,
    refusal,
  };
}
