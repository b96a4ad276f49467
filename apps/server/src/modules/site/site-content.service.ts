import type { SiteImage } from "@market/domain";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { colors, siteImages, siteImageVariations, systemAvatars, texts } from "../../db/schema/index.ts";
import { siteContentChanged } from "../../platform/catalogue-changes.ts";
import { notFound } from "../../platform/errors.ts";

export async function getTexts(db: Db): Promise<Record<string, string>> {
  const rows = await db.select({ key: texts.key, value: texts.value }).from(texts);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function listColors(db: Db) {
  const rows = await db.select().from(colors).orderBy(asc(colors.position));
  return rows.map(presentColor);
}

export async function updateColor(db: Db, name: string, css: string) {
  const [row] = await db.update(colors).set({ css }).where(eq(colors.name, name)).returning();
  if (!row) throw notFound(`No colour named ${name}`);
  siteContentChanged();
  return presentColor(row);
}

function presentColor(row: typeof colors.$inferSelect) {
  return { id: row.id, name: row.name, css: row.css, cssVarName: row.css_var_name };
}

type VariationRow = typeof siteImageVariations.$inferSelect;

function presentVariation(v: VariationRow) {
  return {
    id: v.id,
    image_locator: v.image_locator,
    alt: v.alt,
    colors: (v.colors as { css_var_name: string; color_hex: string }[]) ?? [],
  };
}

/** Every page key with its variations, in two queries whatever the number of keys. */
export async function listSiteImages(db: Db, onlyKey?: string): Promise<SiteImage[]> {
  const images = onlyKey
    ? await db.select().from(siteImages).where(eq(siteImages.key, onlyKey))
    : await db.select().from(siteImages).orderBy(asc(siteImages.key));
  if (images.length === 0) return [];
  const variations = onlyKey
    ? await db
        .select()
        .from(siteImageVariations)
        .where(eq(siteImageVariations.site_image_key, onlyKey))
        .orderBy(asc(siteImageVariations.created_at))
    : await db.select().from(siteImageVariations).orderBy(asc(siteImageVariations.created_at));
  return images.map((img) => {
    const mine = variations.filter((v) => v.site_image_key === img.key);
    const current = mine.find((v) => v.is_current) ?? mine[0] ?? null;
    return {
      key: img.key,
      title: img.title,
      variation: current ? presentVariation(current) : null,
      variations: mine.map(presentVariation),
      image_field_names: img.image_field_names,
    };
  });
}

export async function getSiteImage(db: Db, key: string): Promise<SiteImage> {
  const [image] = await listSiteImages(db, key);
  if (!image) throw notFound(`No site image ${key}`);
  return image;
}

export async function listSystemAvatars(db: Db) {
  return db.select().from(systemAvatars).orderBy(asc(systemAvatars.id));
}
