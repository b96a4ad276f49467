import {
  BUNDLE_TYPE,
  checkPreviewCount,
  checkResourceFiles,
  checkResourceText,
  dayInZone,
  formatSaleEnd,
  priceErrorCodes,
  RESOURCE_TEXT_FIELDS,
  type ResourceStatusAction,
  type SiteSettings,
  saleRunsOn,
  UNSELECTED_ORDER,
  uploadStatusAfter,
} from "@market/domain";
import { and, count, eq, lt } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { resourceFiles, resourcePreviews, resources } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { catalogueChanged } from "../../platform/catalogue-changes.ts";
import { validationFailed } from "../../platform/errors.ts";
import { getSiteSettings } from "../site/index.ts";
import { assertResourceAction, loadOwnResource, type ResourceRow } from "./publishing.policy.ts";
import { presentForEditing } from "./resource-views.service.ts";

/**
 * The creator's status changes (spec 4): submitting for approval, cancelling the request, deactivating
 * and reactivating. Each is allowed only where the derived status offers it (publishing.policy).
 */

/** Everything a submission needs (spec 5 Resource text, files, images, price checks), by field. */
async function submissionProblems(
  db: Db,
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
    db
      .select({ size_bytes: resourceFiles.size_bytes, is_premium_file: resourceFiles.is_premium_file })
      .from(resourceFiles)
      .where(eq(resourceFiles.resource_id, row.id)),
    db
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

/** The change an action makes, with the upload status it leads to (spec 4); the row as it is after. */
async function saveAction(
  db: Db,
  row: ResourceRow,
  action: ResourceStatusAction,
  set: PgUpdateSetSource<typeof resources>,
) {
  const [updated] = await db
    .update(resources)
    .set({ ...set, upload_status: uploadStatusAfter(action)!, updated_at: new Date() })
    .where(eq(resources.id, row.id))
    .returning();
  return updated!;
}

/** POST /resources/{id}/approval-request: a complete resource goes to the review queue (awaiting_approval). */
export async function submitForApproval(db: Db, viewer: Viewer, idOrName: string) {
  const row = await loadOwnResource(db, viewer, idOrName);
  assertResourceAction(row, "submit");
  const settings = await getSiteSettings(db);
  const problems = await submissionProblems(db, settings, row);
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  const today = dayInZone(new Date(), settings.timeZone);
  const saleOver = !saleRunsOn(row, today);
  const updated = await saveAction(db, row, "submit", {
    approval_status: "awaiting_approval",
    status: "inactive",
    submitted_at: new Date(),
    rejection_reason: null,
    ...(saleOver ? { sale_price: null, sale_end: null } : {}),
  });
  return presentForEditing(db, updated);
}

/** DELETE /resources/{id}/approval-request and POST /resources/{id}/cancel: back to the creator (upload status 0). */
export async function cancelApprovalRequest(db: Db, viewer: Viewer, idOrName: string) {
  const row = await loadOwnResource(db, viewer, idOrName);
  assertResourceAction(row, "cancelRequest");
  const updated = await saveAction(db, row, "cancelRequest", {
    // A resource approved before (changed since) goes back to needing review; a new one to incomplete.
    approval_status: row.published_at ? "approved" : "creating",
    requires_approval: true,
  });
  return presentForEditing(db, updated);
}

export async function deactivateResource(db: Db, viewer: Viewer, idOrName: string) {
  const row = await loadOwnResource(db, viewer, idOrName);
  assertResourceAction(row, "deactivate");
  const updated = await saveAction(db, row, "deactivate", { status: "inactive", requires_approval: false });
  catalogueChanged(db);
  return presentForEditing(db, updated);
}

/**
 * A resource goes into the catalogue only with the files its price promises (spec 5: a paid resource
 * needs its premium file, a free one has none). Submission checks it with everything else; this is the
 * check for the ways in that skip submission: reactivating a deactivated resource (which may have been
 * edited, files included, without a new review) and an admin's approval (admins may edit a resource in
 * review). The combined size is left out: a limit lowered since should not unlist what was approved.
 */
export async function assertListableFiles(db: Db, row: ResourceRow) {
  // A bundle has no files of its own: its buyers get its resources' (issue 22).
  if (row.type === BUNDLE_TYPE) return;
  const files = await db
    .select({ size_bytes: resourceFiles.size_bytes, is_premium_file: resourceFiles.is_premium_file })
    .from(resourceFiles)
    .where(eq(resourceFiles.resource_id, row.id));
  const problem = checkResourceFiles(files, row.price, Number.POSITIVE_INFINITY);
  if (problem) throw validationFailed({ files: problem });
}

export async function reactivateResource(db: Db, viewer: Viewer, idOrName: string) {
  const row = await loadOwnResource(db, viewer, idOrName);
  assertResourceAction(row, "reactivate");
  await assertListableFiles(db, row);
  const updated = await saveAction(db, row, "reactivate", { status: "active" });
  catalogueChanged(db);
  return presentForEditing(db, updated);
}
