import { resolveSiteSettings, type SiteSettings, type SiteSettingsPatch } from "@market/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { siteSettingChanges, siteSettings } from "../../db/schema/index.ts";
import { servingChanged } from "../../platform/catalogue-changes.ts";

/**
 * Settings are read from the database on every call, not cached per process, so a change made on
 * one server instance is in force in every other's services at once (one scan of a tiny table). The
 * public configuration answers are held a moment by the response cache (platform/response-cache.ts).
 */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
  return resolveSiteSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** Applies a validated partial change in one transaction, recording each changed key in the change log. */
export async function updateSiteSettings(
  db: Db,
  patch: SiteSettingsPatch,
  actorId: string,
): Promise<SiteSettings> {
  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      const [old] = await tx
        .select({ value: siteSettings.value })
        .from(siteSettings)
        .where(eq(siteSettings.key, key))
        .for("update");
      await tx
        .insert(siteSettings)
        .values({ key, value, updated_by: actorId })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { value, updated_by: actorId, updated_at: new Date() },
        });
      await tx.insert(siteSettingChanges).values({
        area: "setting",
        key,
        old_value: old?.value ?? null,
        new_value: value,
        changed_by: actorId,
      });
    }
  });
  servingChanged(db);
  return getSiteSettings(db);
}
