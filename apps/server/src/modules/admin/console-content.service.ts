import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import {
  DEFAULT_TEXTS,
  type SettingChanges,
  SITE_IMAGE_MAX_BYTES,
  type SiteChangeArea,
  type SiteImage,
  type siteImageColorsSchema,
} from "@market/domain";
import { and, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { siteImages, siteImageVariations, siteSettingChanges, texts, users } from "../../db/schema/index.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { siteContentChanged } from "../../platform/catalogue-changes.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { acceptImage } from "../../platform/uploads.ts";
import { getSiteImage } from "../site/index.ts";

/** GET /admin/site-settings/changes: who changed which setting, colour or text, from what to what, and when. */
export async function listSettingChanges(
  db: Db,
  query: { key?: string; area?: SiteChangeArea; page: number; pageSize: number },
): Promise<SettingChanges> {
  const where = and(
    query.key ? eq(siteSettingChanges.key, query.key) : undefined,
    query.area ? eq(siteSettingChanges.area, query.area) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ change: siteSettingChanges, username: users.username })
      .from(siteSettingChanges)
      .leftJoin(users, eq(users.id, siteSettingChanges.changed_by))
      .where(where)
      .orderBy(desc(siteSettingChanges.changed_at), desc(siteSettingChanges.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(siteSettingChanges).where(where),
  ]);
  return {
    changes: rows.map(({ change, username }) => ({
      id: change.id,
      area: change.area as SiteChangeArea,
      key: change.key,
      old_value: change.old_value,
      new_value: change.new_value,
      changed_at: change.changed_at.toISOString(),
      changed_by: change.changed_by && username ? { id: change.changed_by, username } : null,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * PUT /texts/{key}: any well-formed key, because every screen area of the web app keeps its own defaults
 * (its *-texts.ts) that a stored text overrides, and the server cannot list them. GET /texts/values
 * shows it at once on this instance and within VISITOR_CACHE_MS on the others. A real change is recorded
 * in the change log (from null when the default showed before).
 */
export async function putText(db: Db, key: string, value: string, actorId: string) {
  await db.transaction(async (tx) => {
    const [old] = await tx.select({ value: texts.value }).from(texts).where(eq(texts.key, key)).for("update");
    if (old?.value === value) return;
    await tx
      .insert(texts)
      .values({ key, value })
      .onConflictDoUpdate({ target: texts.key, set: { value, updated_at: new Date() } });
    await tx.insert(siteSettingChanges).values({
      area: "text",
      key,
      old_value: old?.value ?? null,
      new_value: value,
      changed_by: actorId,
    });
  });
  siteContentChanged(db);
  return { key, value };
}

/**
 * DELETE /texts/{key}: drops the stored text so the default shows again (the domain's DEFAULT_TEXTS, or the
 * screen area's own); nothing stored is a 404. The change log records it as a change to the default (null).
 */
export async function resetText(db: Db, key: string, actorId: string) {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(texts).where(eq(texts.key, key)).returning({ value: texts.value });
    if (!gone) throw notFound(`No stored text named ${key}`);
    await tx.insert(siteSettingChanges).values({
      area: "text",
      key,
      old_value: gone.value,
      new_value: null,
      changed_by: actorId,
    });
  });
  siteContentChanged(db);
  return { key, value: DEFAULT_TEXTS[key] ?? null };
}

type Colors = z.infer<typeof siteImageColorsSchema>;

async function requireSiteImage(db: Db, key: string) {
  const [row] = await db.select({ key: siteImages.key }).from(siteImages).where(eq(siteImages.key, key));
  if (!row) throw notFound(`No site image ${key}`);
}

/**
 * POST /admin/site-images/{key}/variations: an image (checked from its content, re-encoded as WebP so only
 * images we produced are served) with its alt text and colours; made the page's current variation if asked.
 */
export async function addSiteImageVariation(
  deps: Pick<AppDeps, "db" | "storage">,
  key: string,
  fields: { alt: string; colors: Colors; current: boolean },
  upload: { stream: Readable },
): Promise<SiteImage> {
  const { db, storage } = deps;
  await requireSiteImage(db, key).catch((error) => {
    upload.stream.resume();
    throw error;
  });
  const { encoded } = await acceptImage(upload.stream, {
    maxBytes: SITE_IMAGE_MAX_BYTES,
    refuse: (problem) =>
      problem === "too_large"
        ? new AppError("too_large", `Site images may be at most ${SITE_IMAGE_MAX_BYTES / 1_000_000} MB`, {
            fields: { file: "too_large" },
          })
        : new AppError("unsupported_type", "The file you selected is not a JPG, PNG, BMP or GIF image.", {
            fields: { file: "unsupported_type" },
          }),
  });
  const locator = `site-images/${key}-${randomUUID()}.webp`;
  await storage.put(locator, encoded.data);
  await db.transaction(async (tx) => {
    if (fields.current) {
      await tx
        .update(siteImageVariations)
        .set({ is_current: false })
        .where(and(eq(siteImageVariations.site_image_key, key), eq(siteImageVariations.is_current, true)));
    }
    await tx.insert(siteImageVariations).values({
      site_image_key: key,
      image_locator: locator,
      alt: fields.alt,
      colors: fields.colors,
      is_current: fields.current,
    });
  });
  siteContentChanged(db);
  return getSiteImage(db, key);
}

async function requireVariation(db: Db, key: string, id: string) {
  if (!isUuid(id)) throw notFound("No such variation");
  const [row] = await db
    .select()
    .from(siteImageVariations)
    .where(and(eq(siteImageVariations.id, id), eq(siteImageVariations.site_image_key, key)));
  if (!row) throw notFound("No such variation");
  return row;
}

/** PATCH /admin/site-images/{key}/variations/{id}: its alt text, its colours, or make it the current one. */
export async function changeSiteImageVariation(
  db: Db,
  key: string,
  id: string,
  change: { alt?: string; colors?: Colors; current?: true },
): Promise<SiteImage> {
  await requireVariation(db, key, id);
  await db.transaction(async (tx) => {
    if (change.current) {
      await tx
        .update(siteImageVariations)
        .set({ is_current: false })
        .where(and(eq(siteImageVariations.site_image_key, key), eq(siteImageVariations.is_current, true)));
    }
    await tx
      .update(siteImageVariations)
      .set({
        ...(change.alt !== undefined ? { alt: change.alt } : {}),
        ...(change.colors !== undefined ? { colors: change.colors } : {}),
        ...(change.current ? { is_current: true } : {}),
      })
      .where(eq(siteImageVariations.id, id));
  });
  siteContentChanged(db);
  return getSiteImage(db, key);
}

/**
 * DELETE /admin/site-images/{key}/variations/{id}. The current one is kept while it is the page's only image
 * (a page never loses its picture by accident); deleting the current one of several makes the newest current.
 */
export async function deleteSiteImageVariation(
  deps: Pick<AppDeps, "db" | "storage">,
  key: string,
  id: string,
): Promise<SiteImage> {
  const { db, storage } = deps;
  const row = await requireVariation(db, key, id);
  await db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(siteImageVariations)
      .where(eq(siteImageVariations.site_image_key, key));
    if (n <= 1) throw new AppError("conflict", "A page keeps at least one image; upload another first");
    await tx.delete(siteImageVariations).where(eq(siteImageVariations.id, id));
    if (row.is_current) {
      const [newest] = await tx
        .select({ id: siteImageVariations.id })
        .from(siteImageVariations)
        .where(eq(siteImageVariations.site_image_key, key))
        .orderBy(desc(siteImageVariations.created_at))
        .limit(1);
      if (newest) {
        await tx
          .update(siteImageVariations)
          .set({ is_current: true })
          .where(eq(siteImageVariations.id, newest.id));
      }
    }
  });
  siteContentChanged(db);
  // Files under the seed's own names are shared by fresh databases; only uploads are ours to remove.
  if (/^site-images\/[a-z-]+-[0-9a-f-]{36}\.webp$/.test(row.image_locator))
    await storage.delete(row.image_locator);
  return getSiteImage(db, key);
}
