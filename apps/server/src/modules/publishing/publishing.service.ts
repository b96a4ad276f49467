import {
  addDays,
  applyRestrictedWordsToResource,
  checkPreviewCount,
  checkResourceFiles,
  checkResourceText,
  dayInZone,
  deriveResourceStatus,
  formatSaleEnd,
  PRICE_RULES,
  type PublishingResource,
  parseSaleEnd,
  priceErrorCodes,
  RESOURCE_TEXT_FIELDS,
  type ResourceCreate,
  type ResourcePatch,
  type ResourceStatusAction,
  type ResourceTextFields,
  resolveEditStep,
  resourceStatusActions,
  type SiteSettings,
  saleRunsOn,
  slugBase,
  splitTextList,
  UNSELECTED_ORDER,
  uploadStatusAfter,
} from "@market/domain";
import { and, asc, count, eq, lt, sql } from "drizzle-orm";
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
import { AppError } from "../../platform/errors.ts";
import { getSiteSettings } from "../site/site-settings.service.ts";
import { assertEditable, assertMayPublish, loadOwnResource, type ResourceRow } from "./publishing.policy.ts";
import {
  type PublishingListRow,
  presentPublishingListItem,
  presentPublishingResource,
} from "./publishing.presenter.ts";

const validationFailed = (fields: Record<string, string>) =>
  new AppError("validation_failed", "Some fields are not valid", { fields });

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

async function uniqueName(db: Db, title: string): Promise<string> {
  const base = slugBase(title);
  const taken = await db.execute<{ name: string }>(
    sql`select name from resources where name = ${base} or name like ${`${base}-%`}`,
  );
  const names = new Set(taken.rows.map((r) => r.name));
  if (!names.has(base)) return base;
  for (let n = 2; ; n += 1) if (!names.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function loadExtras(db: Db, row: ResourceRow) {
  const [creator, files, previews, draft] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        first_name: users.first_name,
        avatar_locator: users.avatar_locator,
      })
      .from(users)
      .where(eq(users.id, row.users_id)),
    db
      .select()
      .from(resourceFiles)
      .where(eq(resourceFiles.resource_id, row.id))
      .orderBy(asc(resourceFiles.created_at), asc(resourceFiles.id)),
    db
      .select()
      .from(resourcePreviews)
      .where(eq(resourcePreviews.resource_id, row.id))
      .orderBy(asc(resourcePreviews.order_index), asc(resourcePreviews.created_at)),
    db.select({ step: uploadDrafts.step }).from(uploadDrafts).where(eq(uploadDrafts.resource_id, row.id)),
  ]);
  return { creator: creator[0]!, files, previews, step: draft[0]?.step ?? "pre-check" };
}

export async function presentForEditing(db: Db, row: ResourceRow): Promise<PublishingResource> {
  return presentPublishingResource(row, await loadExtras(db, row));
}

export async function getForEditing(db: Db, viewer: Viewer, idOrName: string) {
  return presentForEditing(db, await loadOwnResource(db, viewer, idOrName));
}

async function rememberStep(db: Db, row: ResourceRow, step: string) {
  await db
    .insert(uploadDrafts)
    .values({ users_id: row.users_id, resource_id: row.id, step })
    .onConflictDoUpdate({ target: uploadDrafts.resource_id, set: { step, updated_at: new Date() } });
}

/**
 * POST /resources (spec 7): the title step creates the resource as "creating" (incomplete). Every given
 * field is checked with the wizard's rules after restricted words are replaced, as they will be saved.
 */
export async function createResource(deps: AppDeps, viewer: Viewer, input: ResourceCreate) {
  assertMayPublish(viewer);
  const creatorId = viewer.isAdmin && input.users_id ? input.users_id : viewer.id;
  const settings = await getSiteSettings(deps.db);
  const fields = applyRestrictedWordsToResource(textFieldsOf(input), settings.restrictedWords);
  const problems = checkResourceText(fields);
  if (!fields.title) problems.title = "required";
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  if (creatorId !== viewer.id) {
    const [creator] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, creatorId));
    if (!creator) throw validationFailed({ users_id: "not_found" });
  }

  // Two creators may pick the same title at once: the unique name decides, and the loser tries the next.
  for (let attempt = 0; ; attempt += 1) {
    const name = await uniqueName(deps.db, fields.title!);
    try {
      const row = await deps.db.transaction(async (tx) => {
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
      return presentForEditing(deps.db, row);
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** The price, sale price and sale end as the form holds them, after a change, with the server's codes. */
async function priceChange(deps: AppDeps, settings: SiteSettings, row: ResourceRow, patch: ResourcePatch) {
  const today = dayInZone(new Date(), settings.timeZone);
  const priceCents = patch.price ?? row.price;
  const salePriceCents = patch.sale_price ?? row.sale_price ?? 0;
  const saleEnd = (patch.sale_end ?? (row.sale_end ? formatSaleEnd(row.sale_end) : "")).trim();
  const [premium] = await deps.db
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
 * PATCH /resources/{id}: saves what the wizard's step changed. A step name alone only remembers where
 * the creator is. Changing an approved resource's content sends it back through review.
 */
export async function patchResource(deps: AppDeps, viewer: Viewer, idOrName: string, patch: ResourcePatch) {
  const row = await loadOwnResource(deps.db, viewer, idOrName);
  const { step, ...changes } = patch;
  if (step !== undefined && !resolveEditStep(step)) throw validationFailed({ step: "unknown_step" });
  const changesContent = Object.keys(changes).length > 0;
  if (changesContent) assertEditable(row, viewer);

  const settings = await getSiteSettings(deps.db);
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
  const price = touchesPrice ? await priceChange(deps, settings, row, changes) : null;
  if (price) Object.assign(problems, price.codes);
  if (Object.keys(problems).length > 0) throw validationFailed(problems);

  const set: Partial<typeof resources.$inferInsert> = { ...text, ...(price?.values ?? {}) };
  if (type !== undefined) set.type = type;
  if (changes.backgroundColor !== undefined) set.background_color = changes.backgroundColor;
  if (changes.excluded_colors !== undefined) set.excluded_colors = changes.excluded_colors;

  const updated = await deps.db.transaction(async (tx) => {
    let current = row;
    if (changesContent) {
      // An approved resource that changes needs a new review before it is listed again (spec 4: derived status).
      if (row.approval_status === "approved" && !viewer.isAdmin) set.requires_approval = true;
      set.updated_at = new Date();
      [current] = (await tx.update(resources).set(set).where(eq(resources.id, row.id)).returning()) as [
        ResourceRow,
      ];
    }
    if (step !== undefined) await rememberStep(tx as unknown as Db, current, resolveEditStep(step)!);
    return current;
  });
  if (changesContent && row.approval_status === "approved") catalogueChanged(deps.db);
  return presentForEditing(deps.db, updated);
}

/** Everything a submission needs (spec 5 Resource text, files, images, price checks), by field. */
async function submissionProblems(
  deps: AppDeps,
  settings: SiteSettings,
  row: ResourceRow,
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {
    ...checkResourceText(
      {
        title: row.title,
        display: row.display,
        subtitle: row.subtitle,
        subject_area: row.subject_area,
        description: row.description,
        grade: row.grade,
        reading_levels: row.reading_levels,
        skills: row.skills,
        standards: row.standards,
        keywords: row.keywords,
      },
      RESOURCE_TEXT_FIELDS,
    ),
  };
  const [files, [previews]] = await Promise.all([
    deps.db
      .select({ size_bytes: resourceFiles.size_bytes, is_premium_file: resourceFiles.is_premium_file })
      .from(resourceFiles)
      .where(eq(resourceFiles.resource_id, row.id)),
    deps.db
      .select({ n: count() })
      .from(resourcePreviews)
      .where(
        and(eq(resourcePreviews.resource_id, row.id), lt(resourcePreviews.order_index, UNSELECTED_ORDER)),
      ),
  ]);
  const filesProblem = checkResourceFiles(files, row.price, settings.maxCombinedFileSize);
  if (filesProblem) problems.files = filesProblem;
  const imagesProblem = checkPreviewCount(previews?.n ?? 0, row.price);
  if (imagesProblem) problems.images = imagesProblem;
  const price = priceErrorCodes({
    priceCents: row.price,
    salePriceCents: row.sale_price ?? 0,
    saleEnd: row.sale_end ? formatSaleEnd(row.sale_end) : "",
    hasPremiumFile: files.some((f) => f.is_premium_file),
    today: dayInZone(new Date(), settings.timeZone),
  });
  // A sale that has simply ended is no reason to refuse a submission; it is dropped below.
  if (price.sale_end === "sale_end_in_past") {
    delete price.sale_end;
    delete price.sale_price;
  }
  return { ...problems, ...price };
}

function assertAction(row: ResourceRow, action: ResourceStatusAction) {
  const status = deriveResourceStatus(row);
  if (!resourceStatusActions(status).includes(action)) {
    throw new AppError("invalid_resource_state", `A resource that is ${status} cannot do ${action}`);
  }
}

/** POST /resources/{id}/approval-request: a complete resource goes to the review queue (awaiting_approval). */
export async function submitForApproval(deps: AppDeps, viewer: Viewer, idOrName: string) {
  const row = await loadOwnResource(deps.db, viewer, idOrName);
  assertAction(row, "submit");
  const settings = await getSiteSettings(deps.db);
  const problems = await submissionProblems(deps, settings, row);
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  const today = dayInZone(new Date(), settings.timeZone);
  const saleOver = !saleRunsOn(row, today);
  const [updated] = await deps.db
    .update(resources)
    .set({
      approval_status: "awaiting_approval",
      status: "inactive",
      upload_status: uploadStatusAfter("submit")!,
      submitted_at: new Date(),
      rejection_reason: null,
      ...(saleOver ? { sale_price: null, sale_end: null } : {}),
      updated_at: new Date(),
    })
    .where(eq(resources.id, row.id))
    .returning();
  return presentForEditing(deps.db, updated!);
}

/** DELETE /resources/{id}/approval-request and POST /resources/{id}/cancel: back to the creator (upload status 0). */
export async function cancelApprovalRequest(deps: AppDeps, viewer: Viewer, idOrName: string) {
  const row = await loadOwnResource(deps.db, viewer, idOrName);
  assertAction(row, "cancelRequest");
  const [updated] = await deps.db
    .update(resources)
    .set({
      // A resource approved before (changed since) goes back to needing review; a new one to incomplete.
      approval_status: row.published_at ? "approved" : "creating",
      requires_approval: true,
      upload_status: uploadStatusAfter("cancelRequest")!,
      updated_at: new Date(),
    })
    .where(eq(resources.id, row.id))
    .returning();
  return presentForEditing(deps.db, updated!);
}

export async function deactivateResource(deps: AppDeps, viewer: Viewer, idOrName: string) {
  const row = await loadOwnResource(deps.db, viewer, idOrName);
  assertAction(row, "deactivate");
  const [updated] = await deps.db
    .update(resources)
    .set({
      status: "inactive",
      requires_approval: false,
      upload_status: uploadStatusAfter("deactivate")!,
      updated_at: new Date(),
    })
    .where(eq(resources.id, row.id))
    .returning();
  catalogueChanged(deps.db);
  return presentForEditing(deps.db, updated!);
}

/**
 * A resource goes into the catalogue only with the files its price promises (spec 5: a paid resource
 * needs its premium file, a free one has none). Submission checks it with everything else; this is the
 * check for the ways in that skip submission: reactivating a deactivated resource (which may have been
 * edited, files included, without a new review) and an admin's approval (admins may edit a resource in
 * review). The combined size is left out: a limit lowered since should not unlist what was approved.
 */
export async function assertListableFiles(db: Db, row: ResourceRow) {
  const files = await db
    .select({ size_bytes: resourceFiles.size_bytes, is_premium_file: resourceFiles.is_premium_file })
    .from(resourceFiles)
    .where(eq(resourceFiles.resource_id, row.id));
  const problem = checkResourceFiles(files, row.price, Number.POSITIVE_INFINITY);
  if (problem) throw validationFailed({ files: problem });
}

export async function reactivateResource(deps: AppDeps, viewer: Viewer, idOrName: string) {
  const row = await loadOwnResource(deps.db, viewer, idOrName);
  assertAction(row, "reactivate");
  await assertListableFiles(deps.db, row);
  const [updated] = await deps.db
    .update(resources)
    .set({ status: "active", upload_status: uploadStatusAfter("reactivate")!, updated_at: new Date() })
    .where(eq(resources.id, row.id))
    .returning();
  catalogueChanged(deps.db);
  return presentForEditing(deps.db, updated!);
}

/**
 * DELETE /resources/{id}: the rows go in one transaction, then the stored files and previews. A resource
 * somebody bought stays (deactivate it instead): its buyers keep their download.
 */
export async function deleteResource(deps: AppDeps, viewer: Viewer, idOrName: string) {
  const row = await loadOwnResource(deps.db, viewer, idOrName);
  assertAction(row, "delete");
  const [sold] = await deps.db.select({ n: count() }).from(sales).where(eq(sales.resource_id, row.id));
  if ((sold?.n ?? 0) > 0) {
    throw new AppError(
      "resource_has_sales",
      "A resource teachers have bought can be deactivated, not deleted",
    );
  }
  const keys = await deps.db.transaction(async (tx) => {
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
  await Promise.all(keys.filter(isOwnKey(row.id)).map((key) => deps.storage.delete(key)));
  if (row.approval_status === "approved") catalogueChanged(deps.db);
  return { deleted: true as const, step: 14 };
}

/** Keys this resource's uploads were stored under (see resource-files.service and previews.service). */
export const isOwnKey = (resourceId: string) => (key: string) => key.includes(`/${resourceId}/`);

/** GET /users/self/publishing: the creator's resources, newest change first, with status and actions. */
export async function listPublishing(db: Db, viewer: Viewer, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db.execute<PublishingListRow & Record<string, unknown>>(sql`
      select r.id, r.name, r.title, r.price, r.approval_status, r.status, r.upload_status, r.requires_approval,
             r.download_count, r.updated_at,
             (select p.storage_key from resource_previews p where p.resource_id = r.id
              order by p.order_index limit 1) as cover_locator
      from resources r where r.users_id = ${viewer.id}
      order by r.updated_at desc, r.id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.select({ n: count() }).from(resources).where(eq(resources.users_id, viewer.id)),
  ]);
  return { resources: rows.rows.map(presentPublishingListItem), total: total?.n ?? 0 };
}
