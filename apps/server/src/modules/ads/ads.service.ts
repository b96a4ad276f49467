import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import {
  AD_IMAGE_RULES,
  AD_TEXT_FIELDS,
  type Ad,
  type AdPatch,
  type AdType,
  applyRestrictedWordsToAd,
  checkAdImage,
  checkAdSpend,
  checkAdTexts,
  defaultAdStatement,
  deriveAdStatus,
  estimateAd,
  incomeLines,
  isAdDeletable,
  isAdEditable,
  isAdSpendEditable,
  missingAdFields,
  type PaymentFormInput,
  suggestAdImagePlacement,
} from "@market/domain";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { advertisements, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { servingChanged } from "../../platform/catalogue-changes.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { acceptImage } from "../../platform/uploads.ts";
import { getSiteSettings } from "../site/site-settings.service.ts";
import { checkout } from "../transactions/checkout.service.ts";
import { postLedger } from "../transactions/ledger.service.ts";

export type AdRow = typeof advertisements.$inferSelect;

/** An ad whose run days are over has expired, whether or not a job has written it down yet. */
export function effectiveRunningStatus(row: Pick<AdRow, "running_status" | "ends_at">, now = new Date()) {
  if (row.running_status === "running" && row.ends_at && row.ends_at <= now) return "expired";
  return row.running_status;
}

function draftOf(row: AdRow) {
  return {
    ...row,
    ad_type: row.ad_type as AdType,
    gradesArray: row.grades,
    running_status: effectiveRunningStatus(row),
  };
}

export function presentAd(row: AdRow, viewer: Viewer, stats = { impressions: 0, clicks: 0, spend: 0 }): Ad {
  const draft = draftOf(row);
  return {
    id: row.id,
    ad_type: row.ad_type as AdType,
    approval_status: row.approval_status,
    running_status: draft.running_status,
    derivedStatus: deriveAdStatus(draft),
    editable: isAdEditable(draft, viewer.isAdmin),
    spendEditable: isAdSpendEditable(draft, viewer.isAdmin),
    missing: missingAdFields(draft),
    title: row.title,
    subtitle: row.subtitle,
    subject: row.subject,
    statement: row.statement,
    description: row.description,
    button: row.button,
    business_name: row.business_name,
    business_image: row.business_image,
    discount_code: row.discount_code,
    code: row.code,
    css_override: viewer.isAdmin ? row.css_override : null,
    click_url: row.click_url,
    image_url: row.image_url,
    image_name: row.image_name,
    image_fit: row.image_fit === "fit" ? "fit" : "fill",
    image_focus_x: row.image_focus_x,
    image_focus_y: row.image_focus_y,
    spend_per_day: row.spend_per_day,
    run_days_total: row.run_days_total,
    gradesArray: row.grades,
    isAdminAd: row.is_admin_ad,
    is_free_user_only: row.is_free_user_only,
    deletable: isAdDeletable({ ...draft, paid: row.payment_id !== null }, viewer.isAdmin),
    review_comment: row.review_comment,
    starts_at: row.starts_at?.toISOString() ?? null,
    ends_at: row.ends_at?.toISOString() ?? null,
    stats,
  };
}

/** Lifetime impressions, clicks and spend of ads, from the daily statistics (spend from the type's CPM). */
async function statsFor(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { impressions: number; clicks: number; spend: number }>();
  const rows = await db.execute<{ ad_id: string; impressions: string; clicks: string; spend: string }>(sql`
    select ad_id, sum(impressions) as impressions, sum(clicks) as clicks, sum(spend_cents) as spend
    from ad_daily_stats where ad_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) group by ad_id`);
  return new Map(
    rows.rows.map((r) => [
      r.ad_id,
      { impressions: Number(r.impressions), clicks: Number(r.clicks), spend: Number(r.spend) },
    ]),
  );
}

export async function loadOwnAd(db: Db, viewer: Viewer, id: string): Promise<AdRow> {
  if (!isUuid(id)) throw notFound("No such ad");
  const [row] = await db.select().from(advertisements).where(eq(advertisements.id, id));
  if (!row || !(viewer.isAdmin || row.users_id === viewer.id)) throw notFound("No such ad");
  return row;
}

const validationFailed = (fields: Record<string, string>) =>
  new AppError("validation_failed", "Some fields are not valid", { fields });

/** The text fields of a change, restricted words replaced (spec 5), then checked with the type's limits. */
async function checkedChanges(db: Db, adType: AdType, patch: AdPatch) {
  const settings = await getSiteSettings(db);
  const replaced = applyRestrictedWordsToAd(patch, settings.restrictedWords);
  const texts: Record<string, string | null> = {};
  for (const field of AD_TEXT_FIELDS) {
    const value = replaced[field as keyof AdPatch];
    if (value !== undefined) texts[field] = typeof value === "string" ? value.trim() || null : null;
  }
  const problems: Record<string, string> = { ...checkAdTexts(texts, adType) };
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  const set: Partial<typeof advertisements.$inferInsert> = { ...texts };
  if (patch.spend_per_day !== undefined) set.spend_per_day = patch.spend_per_day;
  if (patch.run_days_total !== undefined) set.run_days_total = patch.run_days_total;
  if (patch.gradesArray !== undefined) set.grades = [...new Set(patch.gradesArray)];
  if (patch.image_fit !== undefined) set.image_fit = patch.image_fit;
  if (patch.image_focus_x !== undefined) set.image_focus_x = patch.image_focus_x;
  if (patch.image_focus_y !== undefined) set.image_focus_y = patch.image_focus_y;
  return set;
}

/**
 * Styling (css_override) and code are the admin's steps of the wizard (AD_ADMIN_STEPS): an advertiser
 * who sends either is refused, naming it, rather than having it stored (code used to be kept for anyone).
 * Any value counts, null too: clearing an admin's styling or code is an admin's change as well.
 */
function refuseAdminOnlyFields(viewer: Viewer, input: AdPatch) {
  if (viewer.isAdmin) return;
  const sent = (["css_override", "code"] as const).filter((field) => input[field] !== undefined);
  if (sent.length > 0) {
    throw new AppError("forbidden", "Only an admin can set an ad's styling or code", {
      fields: Object.fromEntries(sent.map((field) => [field, "admin_only"])),
    });
  }
}

/**
 * POST /advertisements: the first step's save creates the ad (spec 4: create the first time, then update).
 * A new ad starts with its type's default statement (spec 9) unless one is given.
 */
export async function createAd(db: Db, viewer: Viewer, input: AdPatch & { ad_type: AdType }) {
  refuseAdminOnlyFields(viewer, input);
  const { ad_type, css_override, ...rest } = input;
  const set = await checkedChanges(db, ad_type, {
    ...rest,
    statement: rest.statement ?? defaultAdStatement(ad_type),
  });
  const [row] = await db
    .insert(advertisements)
    .values({
      ...set,
      users_id: viewer.id,
      ad_type,
      is_admin_ad: viewer.isAdmin,
      css_override: css_override ?? null,
    })
    .returning();
  return presentAd(row!, viewer);
}

/** PATCH /advertisements/{id}: editable unless running or in review (admins always); spend only when allowed. */
export async function patchAd(db: Db, viewer: Viewer, id: string, patch: AdPatch) {
  const row = await loadOwnAd(db, viewer, id);
  refuseAdminOnlyFields(viewer, patch);
  const draft = draftOf(row);
  if (!isAdEditable(draft, viewer.isAdmin)) {
    throw new AppError("conflict", "A running ad or one in review cannot be changed; stop it first");
  }
  const touchesSpend = patch.spend_per_day !== undefined || patch.run_days_total !== undefined;
  if (touchesSpend && !isAdSpendEditable(draft, viewer.isAdmin)) {
    throw new AppError("conflict", "The spend of this ad can no longer be changed");
  }
  const { css_override, ...rest } = patch;
  const set = await checkedChanges(db, row.ad_type as AdType, rest);
  if (css_override !== undefined) set.css_override = css_override;
  const [updated] = await db
    .update(advertisements)
    .set({ ...set, updated_at: new Date() })
    .where(eq(advertisements.id, row.id))
    .returning();
  servingChanged(db);
  return presentAd(updated!, viewer, (await statsFor(db, [row.id])).get(row.id));
}

export async function getAd(db: Db, viewer: Viewer, id: string) {
  const row = await loadOwnAd(db, viewer, id);
  return presentAd(row, viewer, (await statsFor(db, [row.id])).get(row.id));
}

/** GET /advertisements: the advertiser's ads, newest change first, with their statistics. */
export async function listOwnAds(db: Db, viewer: Viewer) {
  const rows = await db
    .select()
    .from(advertisements)
    .where(eq(advertisements.users_id, viewer.id))
    .orderBy(desc(advertisements.updated_at))
    .limit(200);
  const stats = await statsFor(
    db,
    rows.map((r) => r.id),
  );
  return { ads: rows.map((r) => presentAd(r, viewer, stats.get(r.id))) };
}

export async function deleteAd(deps: AppDeps, viewer: Viewer, id: string) {
  const row = await loadOwnAd(deps.db, viewer, id);
  if (!isAdDeletable({ ...draftOf(row), paid: row.payment_id !== null }, viewer.isAdmin)) {
    throw new AppError("conflict", "A paid ad cannot be deleted; stop it instead");
  }
  await deps.db.delete(advertisements).where(eq(advertisements.id, row.id));
  for (const key of [row.image_url, row.business_image]) if (key) await deps.storage.delete(key);
  return { deleted: true as const };
}

/**
 * PUT /advertisements/{id}/image and /business-image: at most 1,048,576 bytes and the type's minimum
 * size (spec 5), checked from the decoded content, with the spec's own messages; stored re-encoded.
 */
export async function putAdImage(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  kind: "image" | "business",
  upload: { name: string; stream: Readable },
) {
  const row = await loadOwnAd(deps.db, viewer, id);
  if (!isAdEditable(draftOf(row), viewer.isAdmin)) {
    upload.stream.resume();
    throw new AppError("conflict", "A running ad or one in review cannot be changed; stop it first");
  }
  const tooLarge = new AppError("too_large", AD_IMAGE_RULES.tooLargeMessage, {
    fields: { file: "too_large" },
  });
  const { image: inspected, encoded } = await acceptImage(upload.stream, {
    maxBytes: AD_IMAGE_RULES.maxBytes,
    refuse: (problem) =>
      problem === "too_large"
        ? tooLarge
        : new AppError("unsupported_type", "The file you selected is not a JPG, PNG, BMP or GIF image.", {
            fields: { file: "unsupported_type" },
          }),
    check: (image) => {
      const problem = checkAdImage(image, kind === "business" ? "business" : (row.ad_type as AdType));
      if (problem === "too_large") return tooLarge;
      return problem
        ? new AppError("insufficient_dimensions", AD_IMAGE_RULES.tooSmallMessage, {
            fields: { file: "too_small" },
          })
        : null;
    },
  });
  const key = `ads/${row.id}/${randomUUID()}.webp`;
  await deps.storage.put(key, encoded.data);
  const previous = kind === "image" ? row.image_url : row.business_image;
  const name = upload.name.split(/[\\/]/).pop()?.slice(0, 200) || "image";
  // A new image starts placed as its proportions suggest (the whole image when filling would cut much of
  // it); the advertiser sees it in the preview and chooses.
  const [updated] = await deps.db
    .update(advertisements)
    .set(
      kind === "image"
        ? {
            image_url: key,
            image_name: name,
            ...suggestAdImagePlacement(inspected, row.ad_type as AdType),
            updated_at: new Date(),
          }
        : { business_image: key, updated_at: new Date() },
    )
    .where(eq(advertisements.id, row.id))
    .returning();
  if (previous?.startsWith(`ads/${row.id}/`)) await deps.storage.delete(previous);
  return presentAd(updated!, viewer);
}

export async function deleteAdImage(deps: AppDeps, viewer: Viewer, id: string, kind: "image" | "business") {
  const row = await loadOwnAd(deps.db, viewer, id);
  if (!isAdEditable(draftOf(row), viewer.isAdmin)) {
    throw new AppError("conflict", "A running ad or one in review cannot be changed; stop it first");
  }
  const previous = kind === "image" ? row.image_url : row.business_image;
  const [updated] = await deps.db
    .update(advertisements)
    .set(
      kind === "image"
        ? { image_url: null, image_name: null, updated_at: new Date() }
        : { business_image: null, updated_at: new Date() },
    )
    .where(eq(advertisements.id, row.id))
    .returning();
  if (previous?.startsWith(`ads/${row.id}/`)) await deps.storage.delete(previous);
  return presentAd(updated!, viewer);
}

/**
 * GET /advertisements/estimate (DECISIONS.md, Estimate): the type's average daily impressions and
 * click-through over the last 30 days and the daily spend of the ads running now, through the domain's
 * estimateAd.
 */
export async function estimate(
  db: Db,
  input: { spend_per_day: number; run_days_total: number; ad_type: AdType },
) {
  const settings = await getSiteSettings(db);
  const [history] = await db
    .execute<{ impressions: string; clicks: string; running: string }>(sql`
      select
        coalesce((select sum(s.impressions) from ad_daily_stats s join advertisements a on a.id = s.ad_id
                  where a.ad_type = ${input.ad_type} and s.day > current_date - 30), 0) as impressions,
        coalesce((select sum(s.clicks) from ad_daily_stats s join advertisements a on a.id = s.ad_id
                  where a.ad_type = ${input.ad_type} and s.day > current_date - 30), 0) as clicks,
        coalesce((select sum(spend_per_day) from advertisements
                  where ad_type = ${input.ad_type} and approval_status = 'approved' and running_status = 'running'
                    and (ends_at is null or ends_at > now())), 0) as running`)
    .then((r) => r.rows);
  const impressions = Number(history?.impressions ?? 0);
  const clicks = Number(history?.clicks ?? 0);
  return estimateAd({
    spendPerDayCents: input.spend_per_day,
    runDaysTotal: input.run_days_total,
    cpmCents: settings.adCpmCents[input.ad_type],
    runningDailySpendCents: Number(history?.running ?? 0),
    averageDailyImpressions: impressions / 30,
    clickThroughRate: impressions > 0 ? clicks / impressions : null,
  });
}

/**
 * The payment step: a complete ad (every required field, spend at least the type's minimums) is paid
 * through the checkout (ledger: ad income) and goes to review as awaiting_approval. Admin ads skip the
 * spend requirements and the payment: they go to review directly.
 */
export async function payForAd(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  input: { amount?: number; form?: PaymentFormInput },
  idempotencyKey: string | undefined,
) {
  const row = await loadOwnAd(deps.db, viewer, id);
  const settings = await getSiteSettings(deps.db);
  const submittable = row.approval_status === "creating" || row.approval_status === "rejected";
  const alreadySubmitted = () => new AppError("conflict", "This ad was already submitted");
  /** Every required field, and a spend of at least the type's minimums: the total to pay. */
  const assertComplete = () => {
    const draft = draftOf(row);
    const missing = missingAdFields(draft);
    if (missing.length > 0) throw validationFailed(Object.fromEntries(missing.map((f) => [f, "required"])));
    const spend = checkAdSpend({
      spendPerDayCents: row.spend_per_day,
      runDaysTotal: row.run_days_total,
      minimums: settings.adMinimums[row.ad_type as AdType],
      isAdmin: viewer.isAdmin,
    });
    if (spend.problems.length > 0) throw validationFailed({ spend_per_day: spend.problems[0]! });
    return spend.totalCostCents;
  };
  // Only a draft or a rejected ad is submitted, checked again as the payment is recorded: two payments
  // at once (two keys, or none) both pass the precheck, and the second must then be voided, not kept.
  const submit = (db: Db, paymentId: string | null) =>
    db
      .update(advertisements)
      .set({
        approval_status: "awaiting_approval",
        review_comment: null,
        payment_id: paymentId,
        updated_at: new Date(),
      })
      .where(
        and(eq(advertisements.id, row.id), inArray(advertisements.approval_status, ["creating", "rejected"])),
      )
      .returning();

  if (viewer.isAdmin && row.is_admin_ad) {
    if (!submittable) throw alreadySubmitted();
    assertComplete();
    const [updated] = await submit(deps.db, null);
    if (!updated) throw alreadySubmitted();
    return presentAd(updated, viewer);
  }
  // A submitted ad may be this very payment sent again: its Idempotency-Key replays the first answer in
  // the checkout, whose precheck refuses anything else. So "already submitted" is the precheck's to say.
  const total = submittable ? assertComplete() : row.spend_per_day * row.run_days_total;
  if (input.amount !== total) {
    throw new AppError("price_changed", "The ad's total changed; check it and try again", {
      fields: { amount: "price_changed" },
    });
  }
  return checkout(deps, viewer, idempotencyKey, {
    purpose: "ad",
    amountCents: total,
    form: input.form ?? {},
    identity: { adId: row.id, amount: total },
    precheck: async () => {
      if (!submittable) throw alreadySubmitted();
    },
    record: async (tx, paymentId) => {
      const [updated] = await submit(tx as unknown as Db, paymentId);
      if (!updated) throw alreadySubmitted();
      await postLedger(tx, { kind: "ad", paymentId, memo: row.id, lines: incomeLines(total) });
      return presentAd(updated, viewer);
    },
    replay: async () => presentAd(await loadOwnAd(deps.db, viewer, row.id), viewer),
  });
}

/** The admin advertising queue: ads awaiting approval with their comment text. */
export async function listAdQueue(db: Db, viewer: Viewer) {
  const rows = await db
    .select()
    .from(advertisements)
    .where(eq(advertisements.approval_status, "awaiting_approval"))
    .orderBy(advertisements.updated_at)
    .limit(200);
  return { ads: rows.map((r) => presentAd(r, viewer)) };
}

/** Approved: it starts running now for its run days. */
export async function approveAd(db: Db, viewer: Viewer, id: string) {
  const now = new Date();
  const [updated] = await db
    .update(advertisements)
    .set({
      approval_status: "approved",
      running_status: "running",
      review_comment: null,
      starts_at: now,
      ends_at: sql`${now.toISOString()}::timestamptz + make_interval(days => ${advertisements.run_days_total})`,
      updated_at: now,
    })
    .where(and(eq(advertisements.id, id), eq(advertisements.approval_status, "awaiting_approval")))
    .returning();
  if (!updated) throw new AppError("conflict", "This ad is not awaiting approval");
  servingChanged(db);
  return presentAd(updated, viewer);
}

/** Rejected with a comment the advertiser receives by e-mail; editable again. */
export async function rejectAd(deps: AppDeps, viewer: Viewer, id: string, comment: string) {
  const [updated] = await deps.db
    .update(advertisements)
    .set({ approval_status: "rejected", review_comment: comment, updated_at: new Date() })
    .where(and(eq(advertisements.id, id), eq(advertisements.approval_status, "awaiting_approval")))
    .returning();
  if (!updated) throw new AppError("conflict", "This ad is not awaiting approval");
  const [owner] = await deps.db.select().from(users).where(eq(users.id, updated.users_id));
  if (owner) {
    await deps.mailer.send({
      to: owner.email,
      subject: "Your ad needs changes",
      text: `Hello ${owner.first_name},\n\nA reviewer could not approve your ad "${updated.title ?? ""}" yet:\n\n${comment}\n\nChange it and submit it again:\n${deps.config.publicUrl}/advertising/${updated.id}/edit`,
    });
  }
  return presentAd(updated, viewer);
}

/** The advertiser stops a running ad or resumes a stopped one (while its run days last). */
export async function setRunning(db: Db, viewer: Viewer, id: string, running: boolean) {
  const row = await loadOwnAd(db, viewer, id);
  const current = effectiveRunningStatus(row);
  if (row.approval_status !== "approved" || current !== (running ? "stopped" : "running")) {
    throw new AppError(
      "conflict",
      running ? "Only a stopped ad can be resumed" : "Only a running ad can be stopped",
    );
  }
  const [updated] = await db
    .update(advertisements)
    .set({ running_status: running ? "running" : "stopped", updated_at: new Date() })
    .where(eq(advertisements.id, row.id))
    .returning();
  servingChanged(db);
  return presentAd(updated!, viewer);
}

/**
 * Clearing an ad from the review queue (spec 7): it leaves the queue without a decision and its comment
 * is emptied; it goes back to its advertiser as a draft (creating), payment kept, to submit again when
 * ready. For a submission that is stale or needs a conversation rather than a rejection.
 */
export async function clearAd(db: Db, viewer: Viewer, id: string) {
  const [updated] = await db
    .update(advertisements)
    .set({ approval_status: "creating", review_comment: null, updated_at: new Date() })
    .where(and(eq(advertisements.id, id), eq(advertisements.approval_status, "awaiting_approval")))
    .returning();
  if (!updated) throw new AppError("conflict", "This ad is not awaiting approval");
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
