import { type AdPatch, type AdType, isAdDeletable, isAdEditable, isAdSpendEditable } from "@market/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { advertisements } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";

/**
 * Who may do what to an ad. The advertiser (the advertise permission, checked by the routes) changes,
 * pays for, stops and deletes their own ads, in the states the domain's rules allow; an admin may do so
 * to anybody's ad and, alone, sets an ad's styling and code. The review queue and its decisions are
 * admin routes (access "admin"), so their services take no viewer check of their own.
 */

export type AdRow = typeof advertisements.$inferSelect;

/** An ad whose run days are over has expired, whether or not a job has written it down yet. */
export function effectiveRunningStatus(row: Pick<AdRow, "running_status" | "ends_at">, now = new Date()) {
  if (row.running_status === "running" && row.ends_at && row.ends_at <= now) return "expired";
  return row.running_status;
}

/** The row as the domain's ad rules read it (deriveAdStatus, isAdEditable, missingAdFields, ...). */
export function adDraft(row: AdRow) {
  return {
    ...row,
    ad_type: row.ad_type as AdType,
    gradesArray: row.grades,
    running_status: effectiveRunningStatus(row),
  };
}

/** The ad, when it is the viewer's own or the viewer is an admin; anybody else gets the 404 of a missing one. */
export async function loadOwnAd(db: Db, viewer: Viewer, id: string): Promise<AdRow> {
  if (!isUuid(id)) throw notFound("No such ad");
  const [row] = await db.select().from(advertisements).where(eq(advertisements.id, id));
  if (!row || !(viewer.isAdmin || row.users_id === viewer.id)) throw notFound("No such ad");
  return row;
}

/**
 * Styling (css_override) and code are the admin's steps of the wizard (AD_ADMIN_STEPS): an advertiser
 * who sends either is refused, naming it, rather than having it stored (code used to be kept for anyone).
 * Any value counts, null too: clearing an admin's styling or code is an admin's change as well.
 */
export function refuseAdminOnlyFields(viewer: Viewer, input: AdPatch) {
  if (viewer.isAdmin) return;
  const sent = (["css_override", "code"] as const).filter((field) => input[field] !== undefined);
  if (sent.length > 0) {
    throw new AppError("forbidden", "Only an admin can set an ad's styling or code", {
      fields: Object.fromEntries(sent.map((field) => [field, "admin_only"])),
    });
  }
}

export const adNotEditable = () =>
  new AppError("conflict", "A running ad or one in review cannot be changed; stop it first");

/** Its content and images change unless it is running or in review; an admin's always do. */
export function assertAdEditable(row: AdRow, viewer: Viewer) {
  if (!isAdEditable(adDraft(row), viewer.isAdmin)) throw adNotEditable();
}

/** Its spend (spend_per_day, run_days_total) changes only while the domain allows it. */
export function assertAdSpendEditable(row: AdRow, viewer: Viewer) {
  if (!isAdSpendEditable(adDraft(row), viewer.isAdmin)) {
    throw new AppError("conflict", "The spend of this ad can no longer be changed");
  }
}

/** A paid ad stays (its advertiser stops it instead). */
export function assertAdDeletable(row: AdRow, viewer: Viewer) {
  if (!isAdDeletable({ ...adDraft(row), paid: row.payment_id !== null }, viewer.isAdmin)) {
    throw new AppError("conflict", "A paid ad cannot be deleted; stop it instead");
  }
}

/** The approval statuses an ad is submitted (paid for) from: a draft, or one a reviewer sent back. */
export const SUBMITTABLE_STATUSES = ["creating", "rejected"] as const;

export const isAdSubmittable = (row: Pick<AdRow, "approval_status">) =>
  (SUBMITTABLE_STATUSES as readonly string[]).includes(row.approval_status);

/** Only an approved ad runs: a running one may be stopped, a stopped one resumed while its run days last. */
export function assertRunningChange(row: AdRow, running: boolean) {
  const current = effectiveRunningStatus(row);
  if (row.approval_status !== "approved" || current !== (running ? "stopped" : "running")) {
    throw new AppError(
      "conflict",
      running ? "Only a stopped ad can be resumed" : "Only a running ad can be stopped",
    );
  }
}
