import { and, desc, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { advertisements, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { servingChanged } from "../../platform/catalogue-changes.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { presentAd } from "./ads.presenter.ts";

/**
 * The admin's side of advertising (admin routes only): the review queue and its decisions (spec 7), the
 * ads given styling or code, and the free-user-only flag.
 */

const AWAITING = eq(advertisements.approval_status, "awaiting_approval");

/** A decision on an ad still awaiting approval: one taken first (by another admin) leaves nothing to decide. */
async function decide(db: Db, id: string, set: PgUpdateSetSource<typeof advertisements>) {
  const [updated] = await db
    .update(advertisements)
    .set(set)
    .where(and(eq(advertisements.id, id), AWAITING))
    .returning();
  if (!updated) throw new AppError("conflict", "This ad is not awaiting approval");
  return updated;
}

/** The admin advertising queue: ads awaiting approval with their comment text. */
export async function listAdQueue(db: Db, viewer: Viewer) {
  const rows = await db
    .select()
    .from(advertisements)
    .where(AWAITING)
    .orderBy(advertisements.updated_at)
    .limit(200);
  return { ads: rows.map((r) => presentAd(r, viewer)) };
}

/** Approved: it starts running now for its run days. */
export async function approveAd(db: Db, viewer: Viewer, id: string) {
  const now = new Date();
  const updated = await decide(db, id, {
    approval_status: "approved",
    running_status: "running",
    review_comment: null,
    starts_at: now,
    ends_at: sql`${now.toISOString()}::timestamptz + make_interval(days => ${advertisements.run_days_total})`,
    updated_at: now,
  });
  servingChanged(db);
  return presentAd(updated, viewer);
}

/** Rejected with a comment the advertiser receives by e-mail; editable again. */
export async function rejectAd(
  { db, mailer, config }: Pick<AppDeps, "db" | "mailer" | "config">,
  viewer: Viewer,
  id: string,
  comment: string,
) {
  const updated = await decide(db, id, {
    approval_status: "rejected",
    review_comment: comment,
    updated_at: new Date(),
  });
  const [owner] = await db.select().from(users).where(eq(users.id, updated.users_id));
  if (owner) {
    await mailer.send({
      to: owner.email,
      subject: "Your ad needs changes",
      text: `Hello ${owner.first_name},\n\nA reviewer could not approve your ad "${updated.title ?? ""}" yet:\n\n${comment}\n\nChange it and submit it again:\n${config.publicUrl}/advertising/${updated.id}/edit`,
    });
  }
  return presentAd(updated, viewer);
}

/**
 * Clearing an ad from the review queue (spec 7): it leaves the queue without a decision and its comment
 * is emptied; it goes back to its advertiser as a draft (creating), payment kept, to submit again when
 * ready. For a submission that is stale or needs a conversation rather than a rejection.
 */
export async function clearAd(db: Db, viewer: Viewer, id: string) {
  const updated = await decide(db, id, {
    approval_status: "creating",
    review_comment: null,
    updated_at: new Date(),
  });
  return presentAd(updated, viewer);
}

/** GET /advertisements/overrides: the ads an admin gave styling (css_override) or code, newest first. */
export async function listAdOverrides(db: Db, viewer: Viewer) {
  const rows = await db
    .select()
    .from(advertisements)
    .where(sql`${advertisements.css_override} is not null or ${advertisements.code} is not null`)
    .orderBy(desc(advertisements.updated_at))
    .limit(200);
  return { ad_overrides: rows.map((r) => presentAd(r, viewer)) };
}

export async function setFreeUserOnly(db: Db, viewer: Viewer, id: string, value: boolean) {
  const [updated] = await db
    .update(advertisements)
    .set({ is_free_user_only: value })
    .where(eq(advertisements.id, id))
    .returning();
  if (!updated) throw notFound("No such ad");
  servingChanged(db);
  return presentAd(updated, viewer);
}
