import { type Grade, REVIEW_LIMITS, type Review, type ReviewUse, reviewEditable } from "@market/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { reviews } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { catalogueChanged } from "../../platform/catalogue-changes.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { AppError, forbidden, notFound } from "../../platform/errors.ts";
import { presentReview, reviewById } from "./review.presenter.ts";
import {
  alreadyReviewed,
  findVisibleResource,
  loadReview,
  refusalError,
  refusalFor,
  restrictedWordsReplacer,
} from "./review-access.ts";
import { queueReviewMail } from "./review-mail.job.ts";

interface ReviewInput {
  rating: number;
  text: string;
  gradeTaught?: Grade | null | undefined;
  usedFor?: ReviewUse | null | undefined;
}

/** The review as its writer sees it right after a write. */
async function presentFor(db: Db, viewer: Viewer, id: string): Promise<Review> {
  const row = await reviewById(db, viewer.id, id);
  if (!row) throw notFound("No such review");
  return presentReview(row);
}

/**
 * POST /resources/{id}/reviews. Refusals in the order of issue 21's brief: an unknown or unseen
 * resource 404, the creator 403 own_resource, a second review 409 already_reviewed, somebody who
 * neither bought nor downloaded it 403 not_a_buyer. "Once" is the unique key's to decide
 * (reviews_once_per_user_key): the check before only words the common case, and a second review that
 * passes it at the same moment fails on the key and gets the same 409. The creator's e-mail is queued
 * in the same transaction.
 */
export async function createReview(
  db: Db,
  viewer: Viewer,
  idOrName: string,
  input: ReviewInput,
): Promise<Review> {
  const resource = await findVisibleResource(db, idOrName, viewer);
  const refusal = await refusalFor(db, resource, viewer);
  if (refusal && refusal !== "sign_in") throw refusalError(refusal);
  const replace = await restrictedWordsReplacer(db);
  const text = replace("text", input.text, REVIEW_LIMITS.textMax);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reviews)
        .values({
          resource_id: resource.id,
          users_id: viewer.id,
          rating: input.rating,
          text,
          grade_taught: input.gradeTaught ?? null,
          used_for: input.usedFor ?? null,
        })
        .returning({ id: reviews.id });
      await queueReviewMail(tx, row!.id);
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, "reviews_once_per_user_key")) throw alreadyReviewed();
    throw error;
  }
  catalogueChanged(db);
  return presentFor(db, viewer, id);
}

/** Its author's review, or 403 for anybody else (admins hide reviews; they do not rewrite them). */
async function loadOwnReview(db: Db, viewer: Viewer, id: string) {
  const row = await loadReview(db, id, viewer);
  if (row.users_id !== viewer.id) throw forbidden("Only its author may change a review");
  return row;
}

/**
 * PATCH /reviews/{id}: its author, within REVIEW_LIMITS.editWindowDays of writing it, changes what the
 * body names. A hidden review stays hidden (hidden_at is not touched). A new rating changes the
 * resource's average (the trigger), so the catalogue's caches drop theirs.
 */
export async function editReview(
  db: Db,
  viewer: Viewer,
  id: string,
  changes: Partial<ReviewInput>,
): Promise<Review> {
  const row = await loadOwnReview(db, viewer, id);
  if (!reviewEditable(row.created_at, new Date())) {
    throw new AppError(
      "edit_window_closed",
      `A review can be edited for ${REVIEW_LIMITS.editWindowDays} days after it was written`,
    );
  }
  const set: Partial<typeof reviews.$inferInsert> = { updated_at: new Date() };
  if (changes.rating !== undefined) set.rating = changes.rating;
  if (changes.text !== undefined) {
    set.text = (await restrictedWordsReplacer(db))("text", changes.text, REVIEW_LIMITS.textMax);
  }
  if (changes.gradeTaught !== undefined) set.grade_taught = changes.gradeTaught;
  if (changes.usedFor !== undefined) set.used_for = changes.usedFor;
  await db.update(reviews).set(set).where(eq(reviews.id, row.id));
  if (changes.rating !== undefined && changes.rating !== row.rating && row.hidden_at === null) {
    catalogueChanged(db);
  }
  return presentFor(db, viewer, row.id);
}

/** DELETE /reviews/{id}: its author, at any time; its votes and reports go with it (cascade). */
export async function deleteReview(db: Db, viewer: Viewer, id: string) {
  const row = await loadOwnReview(db, viewer, id);
  await db.delete(reviews).where(eq(reviews.id, row.id));
  catalogueChanged(db);
  return { deleted: true as const };
}

/**
 * POST /reviews/{id}/reply: the resource's creator replies, or changes the reply; an empty text takes it
 * back (and a later reply is a first one again). A hidden review is not on the creator's page: 404.
 */
export async function replyToReview(db: Db, viewer: Viewer, id: string, text: string): Promise<Review> {
  const row = await loadReview(db, id, viewer);
  if (row.hidden_at !== null) throw notFound("No such review");
  if (row.creator_id !== viewer.id) throw forbidden("Only the resource's creator may reply to its reviews");
  if (text === "") {
    await db
      .update(reviews)
      .set({ reply_text: null, reply_created_at: null, reply_updated_at: null })
      .where(eq(reviews.id, row.id));
  } else {
    const reply = (await restrictedWordsReplacer(db))("text", text, REVIEW_LIMITS.replyMax);
    await db
      .update(reviews)
      .set({
        reply_text: reply,
        reply_created_at: sql`coalesce(${reviews.reply_created_at}, now())`,
        reply_updated_at: sql`now()`,
      })
      .where(eq(reviews.id, row.id));
  }
  return presentFor(db, viewer, row.id);
}
