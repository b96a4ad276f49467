import { type Review, reviewEditableUntil } from "@market/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { reviewHelpfulVotes, reviewReports, reviews, users } from "../../db/schema/index.ts";
import { presentPublicUser, publicUserColumns } from "../users/index.ts";

type ReviewRow = typeof reviews.$inferSelect;

/** A review as one query reads it: the row, its author, and what the viewer did with it. */
export interface ReviewWithMarks {
  review: ReviewRow;
  author: { id: string; username: string; first_name: string; avatar_locator: string | null };
  helpful_by_me: boolean;
  reported_by_me: boolean;
}

/**
 * The columns of reviewsWhere: each review with its author and the viewer's two marks, looked up by
 * primary key (review_helpful_votes) and by unique key (review_reports_once_per_user_key) inside the
 * same statement, so a page of reviews is one query however many it holds.
 */
function reviewColumns(viewerId: string | null) {
  const mark = (table: typeof reviewHelpfulVotes | typeof reviewReports) =>
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${table} m where m.review_id = ${reviews.id} and m.users_id = ${viewerId})`;
  return {
    review: reviews,
    author: publicUserColumns,
    helpful_by_me: mark(reviewHelpfulVotes),
    reported_by_me: mark(reviewReports),
  };
}

/**
 * The reviews `where` selects, with authors and the viewer's marks, in `order`, a page at a time. The
 * page is chosen first (on the resource's partial index for its order), and only its rows are joined to
 * their authors and looked up for the viewer's marks: ten primary-key probes, not a scan of all the
 * viewer's votes or of every author.
 */
export async function reviewsWhere(
  db: Db,
  viewerId: string | null,
  where: SQL | undefined,
  page: { order?: SQL[]; limit?: number; offset?: number } = {},
): Promise<ReviewWithMarks[]> {
  const order = page.order ?? [];
  const ids = db
    .select({ id: reviews.id })
    .from(reviews)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (page.limit !== undefined) ids.limit(page.limit);
  if (page.offset !== undefined) ids.offset(page.offset);
  const chosen = ids.as("page");
  const rows = await db
    .select(reviewColumns(viewerId))
    .from(chosen)
    .innerJoin(reviews, eq(reviews.id, chosen.id))
    .innerJoin(users, eq(users.id, reviews.users_id))
    .orderBy(...order);
  // PGlite and node-postgres agree on booleans; the coercion guards a driver that sends 't'/'f'.
  return rows.map((r) => ({
    ...r,
    helpful_by_me: r.helpful_by_me === true,
    reported_by_me: r.reported_by_me === true,
  }));
}

/** One review as `viewerId` sees it, or undefined when there is none with that id. */
export async function reviewById(db: Db, viewerId: string | null, id: string) {
  const [row] = await reviewsWhere(db, viewerId, sql`${reviews.id} = ${id}`);
  return row;
}

export function presentReview(row: ReviewWithMarks): Review {
  const r = row.review;
  return {
    id: r.id,
    resourceId: r.resource_id,
    rating: r.rating,
    text: r.text,
    gradeTaught: r.grade_taught as Review["gradeTaught"],
    usedFor: r.used_for as Review["usedFor"],
    author: presentPublicUser(row.author),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    editableUntil: reviewEditableUntil(r.created_at).toISOString(),
    helpfulCount: r.helpful_count,
    helpfulByMe: row.helpful_by_me,
    reportedByMe: row.reported_by_me,
    isHidden: r.hidden_at !== null,
    reply:
      r.reply_text !== null
        ? {
            text: r.reply_text,
            createdAt: (r.reply_created_at ?? r.updated_at).toISOString(),
            updatedAt: (r.reply_updated_at ?? r.reply_created_at ?? r.updated_at).toISOString(),
          }
        : null,
  };
}
