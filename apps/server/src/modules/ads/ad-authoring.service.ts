import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import {
  AD_IMAGE_RULES,
  AD_TEXT_FIELDS,
  type AdPatch,
  type AdType,
  applyRestrictedWordsToAd,
  checkAdImage,
  checkAdTexts,
  defaultAdStatement,
  suggestAdImagePlacement,
} from "@market/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { advertisements } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { servingChanged } from "../../platform/catalogue-changes.ts";
import { AppError, validationFailed } from "../../platform/errors.ts";
import { acceptImage } from "../../platform/uploads.ts";
import { getSiteSettings } from "../site/index.ts";
import {
  adNotEditable,
  assertAdDeletable,
  assertAdEditable,
  assertAdSpendEditable,
  loadOwnAd,
  refuseAdminOnlyFields,
} from "./ads.policy.ts";
import { type AdStats, presentAd } from "./ads.presenter.ts";

/** The advertiser's wizard: an ad's texts, spend and images, saved step by step, and its statistics. */

/** Lifetime impressions, clicks and spend of ads, from the daily statistics (spend from the type's CPM). */
async function statsFor(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, AdStats>();
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
  assertAdEditable(row, viewer);
  if (patch.spend_per_day !== undefined || patch.run_days_total !== undefined) {
    assertAdSpendEditable(row, viewer);
  }
  const { css_override, ...rest } = patch;
  const set = await checkedChanges(db, row.ad_type as AdType, rest);
  if (css_override !== undefined) set.css_override = css_override;
  // Saved only in the state it was checked in: an ad submitted (paid for) or started meanwhile keeps the
  // content and spend it was paid and reviewed at.
  const [updated] = await db
    .update(advertisements)
    .set({ ...set, updated_at: new Date() })
    .where(
      and(
        eq(advertisements.id, row.id),
        eq(advertisements.approval_status, row.approval_status),
        sql`${advertisements.running_status} is not distinct from ${row.running_status}`,
      ),
    )
    .returning();
  if (!updated) throw adNotEditable();
  servingChanged(db);
  return presentAd(updated, viewer, (await statsFor(db, [row.id])).get(row.id));
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

export async function deleteAd({ db, storage }: Pick<AppDeps, "db" | "storage">, viewer: Viewer, id: string) {
  const row = await loadOwnAd(db, viewer, id);
  assertAdDeletable(row, viewer);
  await db.delete(advertisements).where(eq(advertisements.id, row.id));
  for (const key of [row.image_url, row.business_image]) if (key) await storage.delete(key);
  return { deleted: true as const };
}

/**
 * PUT /advertisements/{id}/image and /business-image: at most 1,048,576 bytes and the type's minimum
 * size (spec 5), checked from the decoded content, with the spec's own messages; stored re-encoded.
 */
export async function putAdImage(
  { db, storage }: Pick<AppDeps, "db" | "storage">,
  viewer: Viewer,
  id: string,
  kind: "image" | "business",
  upload: { name: string; stream: Readable },
) {
  const row = await loadOwnAd(db, viewer, id);
  try {
    assertAdEditable(row, viewer);
  } catch (error) {
    upload.stream.resume();
    throw error;
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
  await storage.put(key, encoded.data);
  const previous = kind === "image" ? row.image_url : row.business_image;
  const name = upload.name.split(/[\\/]/).pop()?.slice(0, 200) || "image";
  // A new image starts placed as its proportions suggest (the whole image when filling would cut much of
  // it); the advertiser sees it in the preview and chooses.
  const [updated] = await db
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
  if (previous?.startsWith(`ads/${row.id}/`)) await storage.delete(previous);
  return presentAd(updated!, viewer);
}

export async function deleteAdImage(
  { db, storage }: Pick<AppDeps, "db" | "storage">,
  viewer: Viewer,
  id: string,
  kind: "image" | "business",
) {
  const row = await loadOwnAd(db, viewer, id);
  assertAdEditable(row, viewer);
  const previous = kind === "image" ? row.image_url : row.business_image;
  const [updated] = await db
    .update(advertisements)
    .set(
      kind === "image"
        ? { image_url: null, image_name: null, updated_at: new Date() }
        : { business_image: null, updated_at: new Date() },
    )
    .where(eq(advertisements.id, row.id))
    .returning();
  if (previous?.startsWith(`ads/${row.id}/`)) await storage.delete(previous);
  return presentAd(updated!, viewer);
}
