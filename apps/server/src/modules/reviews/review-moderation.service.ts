import { REVIEW_LIMITS, type ReportedReview, type ReviewReportReason } from "@market/domain";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { resources, reviewReports, reviews, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { catalogueChanged } from "../../platform/catalogue-changes.ts";
import { notFound } from "../../platform/errors.ts";
import { presentReview, reviewsWhere } from "./review.presenter.ts";

/**
 * GET /admin/reviews/reported: the reviews with open reports (resolved_at null), the one whose oldest
 * open report is oldest first, a page at a time; each with its resource and its open reports. Three
 * queries whatever the page holds: the page's ids (from review_reports_open_idx), the reviews with their
 * authors and resources, and their open reports with their reporters.
 */
export async function listReportedReviews(db: Db, viewer: Viewer, page: number) {
  const firstReport = sql<Date>`min(${reviewReports.created_at})`;
  const open = isNull(reviewReports.resolved_at);
  const [ids, [counted]] = await Promise.all([
    db
      .select({ id: reviewReports.review_id })
      .from(reviewReports)
      .where(open)
      .groupBy(reviewReports.review_id)
      .orderBy(asc(firstReport), asc(reviewReports.review_id))
      .limit(REVIEW_LIMITS.queuePageSize)
      .offset((page - 1) * REVIEW_LIMITS.queuePageSize),
    db
      .select({ n: sql<number>`count(distinct ${reviewReports.review_id})::int` })
      .from(reviewReports)
      .where(open),
  ]);
  const total = Number(counted?.n ?? 0);
  if (ids.length === 0) return { reviews: [], total };
  const pageIds = ids.map((r) => r.id);
  const [rows, titles, reports] = await Promise.all([
    reviewsWhere(db, viewer.id, inArray(reviews.id, pageIds)),
    db
      .select({ review: reviews.id, id: resources.id, name: resources.name, title: resources.title })
      .from(reviews)
      .innerJoin(resources, eq(resources.id, reviews.resource_id))
      .where(inArray(reviews.id, pageIds)),
    db
      .select({
        review: reviewReports.review_id,
        reason: reviewReports.reason,
        details: reviewReports.details,
        reporter: users.username,
        created_at: reviewReports.created_at,
      })
      .from(reviewReports)
      .innerJoin(users, eq(users.id, reviewReports.users_id))
      .where(and(open, inArray(reviewReports.review_id, pageIds)))
      .orderBy(asc(reviewReports.created_at), asc(reviewReports.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.review.id, r]));
  const resourceOf = new Map(titles.map(({ review, ...resource }) => [review, resource]));
  const queue: ReportedReview[] = [];
  for (const id of pageIds) {
    const row = byId.get(id);
    const resource = resourceOf.get(id);
    if (!row || !resource) continue; // deleted between the two reads
    queue.push({
      ...presentReview(row),
      resource,
      reports: reports
        .filter((p) => p.review === id)
        .map((p) => ({
          reason: p.reason as ReviewReportReason,
          details: p.details,
          reporter: p.reporter,
          createdAt: p.created_at.toISOString(),
        })),
    });
  }
  return { reviews: queue, total };
}

/**
 * Settles a review: hidden (it leaves its page and its resource's average) or kept (shown again if it
 * was hidden), and every open report on it resolved as such, in one transaction. The average changes by
 * the trigger on hidden_at; the catalogue's caches drop what they hold.
 */
async function settle(db: Db, admin: Viewer, id: string, resolution: "hidden" | "kept") {
  const settled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set(
        resolution === "hidden"
          ? {
              hidden_at: sql`coalesce(${reviews.hidden_at}, now())`,
              hidden_by: sql`case when ${reviews.hidden_at} is null then ${admin.id}::uuid else ${reviews.hidden_by} end`,
            }
          : { hidden_at: null, hidden_by: null },
      )
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id, hidden_at: reviews.hidden_at });
    if (!row) return null;
    await tx
      .update(reviewReports)
      .set({ resolved_at: sql`now()`, resolution, resolved_by: admin.id })
      .where(and(eq(reviewReports.review_id, id), isNull(reviewReports.resolved_at)));
    return row;
  });
  if (!settled) throw notFound("No such review");
  catalogueChanged(db);
  return { id: settled.id, isHidden: settled.hidden_at !== null };
}

/** POST /admin/reviews/{id}/hide. */
export const hideReview = (db: Db, admin: Viewer, id: string) => settle(db, admin, id, "hidden");

/** POST /admin/reviews/{id}/keep. */
export const keepReview = (db: Db, admin: Viewer, id: string) => settle(db, admin, id, "kept");
