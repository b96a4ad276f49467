import type { ColorPatch, SiteImage } from "@market/domain";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  colors,
  siteImages,
  siteImageVariations,
  siteSettingChanges,
  systemAvatars,
  texts,
} from "../../db/schema/index.ts";
import { siteContentChanged } from "../../platform/catalogue-changes.ts";
import { AppError, notFound } from "../../platform/errors.ts";

export async function getTexts(db: Db): Promise<Record<string, string>> {
  const rows = await db.select({ key: texts.key, value: texts.value }).from(texts);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function listColors(db: Db) {
  const rows = await db.select().from(colors).orderBy(asc(colors.position));
  return rows.map(presentColor);
}

/**
 * PATCH /colors/{name}: the edited entry as GET /colors gives it. Only `css` changes; an `id`, `name` or
 * `cssVarName` sent back must be the stored one (a different one is refused, nothing changed). A real change
 * is recorded in the change log with who made it, in the same transaction.
 */
export async function updateColor(db: Db, name: string, patch: ColorPatch, actorId: string) {
  const color = await db.transaction(async (tx) => {
    const [stored] = await tx.select().from(colors).where(eq(colors.name, name)).for("update");
    if (!stored) throw notFound(`No colour named ${name}`);
    const fixed = { id: stored.id, name: stored.name, cssVarName: stored.css_var_name };
    const changed = (Object.keys(fixed) as (keyof typeof fixed)[]).filter(
      (field) => patch[field] !== undefined && patch[field] !== fixed[field],
    );
    if (changed.length > 0) {
      throw new AppError(
        "validation_failed",
        "Only a colour's value can be changed; its id, name and CSS variable stay as they are",
        { fields: Object.fromEntries(changed.map((field) => [field, "read_only"])) },
      );
    }
    if (stored.css.toLowerCase() === patch.css.toLowerCase()) return stored;
    const [row] = await tx.update(colors).set({ css: patch.css }).where(eq(colors.id, stored.id)).returning();
    await tx.insert(siteSettingChanges).values({
      area: "color",
      key: stored.name,
      old_value: stored.css,
      new_value: patch.css,
      changed_by: actorId,
    });
    return row ?? stored;
  });
  siteContentChanged(db);
  return presentColor(color);
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
