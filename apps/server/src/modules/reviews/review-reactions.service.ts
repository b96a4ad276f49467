import type { ReviewReportReason } from "@market/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { reviewHelpfulVotes, reviewReports, reviews } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { loadReview } from "./review-access.ts";

/** A shown review somebody other than its author reacts to (a hidden one is not on any page: 404). */
async function loadOthersReview(db: Db, viewer: Viewer, id: string, doing: string) {
  const row = await loadReview(db, id, viewer);
  if (row.users_id === viewer.id) throw new AppError("own_review", `You cannot ${doing} your own review`);
  if (row.hidden_at !== null) throw notFound("No such review");
  return row;
}

/**
 * POST /reviews/{id}/helpful: once per reader, and not by the resource's creator. The vote's primary key decides "once"; the count is
 * raised in the same transaction only when a vote was added, so a second call (or two at once) leaves
 * it as it was and answers the count as it stands.
 */
export async function markHelpful(db: Db, viewer: Viewer, id: string) {
  const row = await loadOthersReview(db, viewer, id, "mark as helpful");
  // A creator voting for the reviews of their own resource would choose which ones readers see first.
  if (row.creator_id === viewer.id) {
    throw new AppError("own_resource", "You cannot mark reviews of your own resource as helpful");
  }
  const helpfulCount = await db.transaction(async (tx) => {
    const added = await tx
      .insert(reviewHelpfulVotes)
      .values({ review_id: row.id, users_id: viewer.id })
      .onConflictDoNothing()
      .returning({ id: reviewHelpfulVotes.review_id });
    const [counted] =
      added.length > 0
        ? await tx
            .update(reviews)
            .set({ helpful_count: sql`${reviews.helpful_count} + 1` })
            .where(eq(reviews.id, row.id))
            .returning({ n: reviews.helpful_count })
        : await tx.select({ n: reviews.helpful_count }).from(reviews).where(eq(reviews.id, row.id));
    return counted?.n ?? 0;
  });
  return { helpfulCount, helpfulByMe: true as const };
}

/**
 * POST /reviews/{id}/report: once per reader (review_reports_once_per_user_key); a second report, even
 * after an admin settled the first, adds nothing. The details are for the admins only and are kept as
 * written (they may quote what is wrong with the review).
 */
export async function reportReview(
  db: Db,
  viewer: Viewer,
  id: string,
  report: { reason: ReviewReportReason; details?: string | undefined },
) {
  const row = await loadOthersReview(db, viewer, id, "report");
  await db
    .insert(reviewReports)
    .values({
      review_id: row.id,
      users_id: viewer.id,
      reason: report.reason,
      details: report.details ? report.details : null,
    })
    .onConflictDoNothing();
  return { reported: true as const };
}
