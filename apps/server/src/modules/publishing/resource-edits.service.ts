import {
  addDays,
  applyRestrictedWordsToResource,
  BUNDLE_TYPE,
  checkResourceText,
  dayInZone,
  formatSaleEnd,
  PRICE_RULES,
  parseSaleEnd,
  priceErrorCodes,
  type ResourceCreate,
  type ResourcePatch,
  type ResourceTextFields,
  resolveEditStep,
  type SiteSettings,
  slugBase,
  splitTextList,
} from "@market/domain";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  resourceFiles,
  resourcePreviews,
  resources,
  sales,
  uploadDrafts,
  users,
} from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { catalogueChanged } from "../../platform/catalogue-changes.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { AppError, validationFailed } from "../../platform/errors.ts";
import { getSiteSettings } from "../site/index.ts";
import {
  assertEditable,
  assertMayPublish,
  assertResourceAction,
  isOwnKey,
  loadOwnResource,
  type ResourceRow,
} from "./publishing.policy.ts";
import { presentForEditing } from "./resource-views.service.ts";

/** The wizard's saves: creating a resource from its title, each step's changes, and deleting it. */

/** Lists arrive as arrays or as the text the wizard's input holds. */
const toList = (value: string | string[]) =>
  typeof value === "string" ? splitTextList(value) : splitTextList(value.join("\n"));

/** The spec's alternative names (subject, gradeLevel, readingLevel) onto the stored ones. */
function textFieldsOf(input: ResourcePatch | ResourceCreate): ResourceTextFields & { type?: string } {
  const fields: ResourceTextFields & { type?: string } = {};
  const given = input as ResourcePatch & ResourceCreate;
  if (given.title !== undefined) fields.title = given.title.trim();
  if (given.display !== undefined) fields.display = given.display?.trim() || null;
  if (given.subtitle !== undefined) fields.subtitle = given.subtitle?.trim() || null;
  const subject = given.subject_area ?? given.subject;
  if (subject !== undefined) fields.subject_area = subject.trim();
  if (given.description !== undefined) fields.description = given.description.trim();
  const grade = given.grade ?? given.gradeLevel;
  if (grade !== undefined) fields.grade = grade.trim();
  const reading = given.reading_levels !== undefined ? given.reading_levels : given.readingLevel;
  if (reading !== undefined) fields.reading_levels = reading?.trim() || null;
  if (given.skills !== undefined) fields.skills = toList(given.skills);
  if (given.standards !== undefined) fields.standards = toList(given.standards);
  if (given.keywords !== undefined) fields.keywords = toList(given.keywords);
  if (given.type !== undefined) fields.type = given.type;
  return fields;
}

/** A URL name for a new resource (or bundle) from its title, with -2, -3 ... when taken. */
export async function uniqueName(db: Db, title: string): Promise<string> {
  const base = slugBase(title);
  const taken = await db.execute<{ name: string }>(
    sql`select name from resources where name = ${base} or name like ${`${base}-%`}`,
  );
  const names = new Set(taken.rows.map((r) => r.name));
  if (!names.has(base)) return base;
  for (let n = 2; ; n += 1) if (!names.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Where the creator is in the wizard; Pick<Db, "insert">: the database or a transaction of it. */
async function rememberStep(db: Pick<Db, "insert">, row: ResourceRow, step: string) {
  await db
    .insert(uploadDrafts)
    .values({ users_id: row.users_id, resource_id: row.id, step })
    .onConflictDoUpdate({ target: uploadDrafts.resource_id, set: { step, updated_at: new Date() } });
}

/**
 * POST /resources (spec 7): the title step creates the resource as "creating" (incomplete). Every given
 * field is checked with the wizard's rules after restricted words are replaced, as they will be saved.
 */
export async function createResource(db: Db, viewer: Viewer, input: ResourceCreate) {
  assertMayPublish(viewer);
  const creatorId = viewer.isAdmin && input.users_id ? input.users_id : viewer.id;
  const settings = await getSiteSettings(db);
  const fields = applyRestrictedWordsToResource(textFieldsOf(input), settings.restrictedWords);
  const problems = checkResourceText(fields);
  if (!fields.title) problems.title = "required";
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  if (creatorId !== viewer.id) {
    const [creator] = await db.select({ id: users.id }).from(users).where(eq(users.id, creatorId));
    if (!creator) throw validationFailed({ users_id: "not_found" });
  }

  // Two creators may pick the same title at once: the unique name decides, and the loser tries the next.
  for (let attempt = 0; ; attempt += 1) {
    const name = await uniqueName(db, fields.title!);
    try {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(resources)
          .values({
            name,
            users_id: creatorId,
            title: fields.title!,
            display: fields.display ?? null,
            subtitle: fields.subtitle ?? null,
            subject_area: fields.subject_area ?? "",
            description: fields.description ?? "",
            grade: fields.grade ?? "",
            reading_levels: fields.reading_levels ?? null,
            skills: fields.skills ?? [],
            standards: fields.standards ?? [],
            keywords: fields.keywords ?? [],
            type: fields.type ?? "Other",
            approval_status: "creating",
            status: "inactive",
            upload_status: 0,
            requires_approval: true,
          })
          .returning();
        await tx
          .insert(uploadDrafts)
          .values({ users_id: creatorId, resource_id: created!.id, step: "title" });
        return created!;
      });
      return presentForEditing(db, row);
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** The price, sale price and sale end as the form holds them, after a change, with the server's codes. */
async function priceChange(db: Db, settings: SiteSettings, row: ResourceRow, patch: ResourcePatch) {
  const today = dayInZone(new Date(), settings.timeZone);
  const priceCents = patch.price ?? row.price;
  const salePriceCents = patch.sale_price ?? row.sale_price ?? 0;
  const saleEnd = (patch.sale_end ?? (row.sale_end ? formatSaleEnd(row.sale_end) : "")).trim();
  const [premium] = await db
    .select({ n: count() })
    .from(resourceFiles)
    .where(and(eq(resourceFiles.resource_id, row.id), eq(resourceFiles.is_premium_file, true)));
  const codes = priceErrorCodes({
    priceCents,
    salePriceCents,
    saleEnd,
    hasPremiumFile: (premium?.n ?? 0) > 0,
    today,
  });
  // A sale end with * is accepted (spec 5) as "the longest sale allowed".
  const saleEndIso =
    salePriceCents === 0
      ? null
      : saleEnd.includes("*")
        ? addDays(today, PRICE_RULES.saleMaxDaysAhead)
        : parseSaleEnd(saleEnd);
  return {
    codes,
    values: {
      price: priceCents,
      sale_price: salePriceCents === 0 ? null : salePriceCents,
      sale_end: saleEndIso,
    },
  };
}

/**
 * The creator's price for each seat after the first (issue 23; null: the site's percent). It is never
 * more than the resource's price, checked when either changes; a free resource sells no seats, so it
 * is not checked there.
 */
function seatPriceChange(row: ResourceRow, patch: ResourcePatch) {
  if (patch.seat_price === undefined && patch.price === undefined) return { code: null };
  const seatPrice = patch.seat_price !== undefined ? patch.seat_price : row.seat_price;
  const priceCents = patch.price ?? row.price;
  const above = seatPrice !== null && priceCents > 0 && seatPrice > priceCents;
  return { code: above ? "seat_price_above_price" : null };
}

/**
 * PATCH /resources/{id}: saves what the wizard's step changed. A step name alone only remembers where
 * the creator is. Changing an approved resource's content sends it back through review.
 */
export async function patchResource(db: Db, viewer: Viewer, idOrName: string, patch: ResourcePatch) {
  const row = await loadOwnResource(db, viewer, idOrName);
  const { step, ...changes } = patch;
  if (step !== undefined && !resolveEditStep(step)) throw validationFailed({ step: "unknown_step" });
  const changesContent = Object.keys(changes).length > 0;
  // A bundle's texts, resources and price obey the bundle's rules: PATCH /bundles/{id} changes them.
  if (changesContent && row.type === BUNDLE_TYPE) {
    throw new AppError("invalid_resource_state", "A bundle is changed on its own editing page");
  }
  if (changesContent) assertEditable(row, viewer);

  const settings = await getSiteSettings(db);
  const fields = applyRestrictedWordsToResource(textFieldsOf(changes), settings.restrictedWords);
  const { type, ...text } = fields;
  const problems: Record<string, string> = { ...checkResourceText(text) };
  // The title's limit depends on the display value, given or stored.
  if (text.title !== undefined || text.display !== undefined) {
    const title = checkResourceText(
      { title: text.title ?? row.title, display: text.display !== undefined ? text.display : row.display },
      ["title"],
    ).title;
    if (title) problems.title = title;
    else delete problems.title;
  }
  const touchesPrice =
    changes.price !== undefined || changes.sale_price !== undefined || changes.sale_end !== undefined;
  const price = touchesPrice ? await priceChange(db, settings, row, changes) : null;
  if (price) Object.assign(problems, price.codes);
  const seat = seatPriceChange(row, changes);
  if (seat.code) problems.seat_price = seat.code;
  if (Object.keys(problems).length > 0) throw validationFailed(problems);

  const set: Partial<typeof resources.$inferInsert> = { ...text, ...(price?.values ?? {}) };
  if (changes.seat_price !== undefined) set.seat_price = changes.seat_price;
  if (type !== undefined) set.type = type;
  if (changes.backgroundColor !== undefined) set.background_color = changes.backgroundColor;
  if (changes.excluded_colors !== undefined) set.excluded_colors = changes.excluded_colors;

  const updated = await db.transaction(async (tx) => {
    let current = row;
    if (changesContent) {
      // An approved resource that changes needs a new review before it is listed again (spec 4: derived status).
      if (row.approval_status === "approved" && !viewer.isAdmin) set.requires_approval = true;
      set.updated_at = new Date();
      [current] = (await tx.update(resources).set(set).where(eq(resources.id, row.id)).returning()) as [
        ResourceRow,
      ];
    }
    if (step !== undefined) await rememberStep(tx, current, resolveEditStep(step)!);
    return current;
  });
  if (changesContent && row.approval_status === "approved") catalogueChanged(db);
  return presentForEditing(db, updated);
}

/**
 * DELETE /resources/{id}: the rows go in one transaction, then the stored files and previews. A resource
 * somebody bought stays (deactivate it instead): its buyers keep their download.
 */
export async function deleteResource(
  { db, storage }: Pick<AppDeps, "db" | "storage">,
  viewer: Viewer,
  idOrName: string,
) {
  const row = await loadOwnResource(db, viewer, idOrName);
  assertResourceAction(row, "delete");
  const [sold] = await db.select({ n: count() }).from(sales).where(eq(sales.resource_id, row.id));
  if ((sold?.n ?? 0) > 0) {
    throw new AppError(
      "resource_has_sales",
      "A resource teachers have bought can be deactivated, not deleted",
    );
  }
  const keys = await db.transaction(async (tx) => {
    const files = await tx
      .select({ key: resourceFiles.storage_key })
      .from(resourceFiles)
      .where(eq(resourceFiles.resource_id, row.id));
    const previews = await tx
      .select({ key: resourcePreviews.storage_key })
      .from(resourcePreviews)
      .where(eq(resourcePreviews.resource_id, row.id));
    await tx.delete(resources).where(eq(resources.id, row.id));
    return [...files, ...previews].map((f) => f.key);
  });
  // Shared keys (demo and synthetic data use one stored file for many resources) are left alone.
  await Promise.all(keys.filter(isOwnKey(row.id)).map((key) => storage.delete(key)));
  if (row.approval_status === "approved") catalogueChanged(db);
  return { deleted: true as const, step: 14 };
}
