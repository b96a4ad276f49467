import {
  BUNDLE_CHOICES_MAX,
  BUNDLE_TEXT_LIMITS,
  BUNDLE_TYPE,
  type Bundle,
  type BundleCandidate,
  type BundleCreate,
  type BundlePatch,
  bundleCatalogueFields,
  bundleProblems,
  RESOURCE_UPLOAD_STATUS,
  replaceRestrictedWords,
} from "@market/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bundleItems, resources } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { catalogueChanged } from "../../platform/catalogue-changes.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { validationFailed } from "../../platform/errors.ts";
import { assertMayPublish, uniqueName } from "../publishing/index.ts";
import { LISTED } from "../resources/index.ts";
import { getSiteSettings } from "../site/index.ts";
import { presentBundle } from "./bundle.presenter.ts";
import { type BundleRow, findOwnBundle, findViewableBundle } from "./bundle-lookup.ts";

/**
 * Making and changing bundles (issue 22). A bundle is a resources row of type "Bundle" with its
 * resources in bundle_items; it goes through the same review as a resource: made or changed, it waits
 * in the admins' publishing queue as a submitted resource does (resource-status.service's
 * submitForApproval), and is listed once approved.
 */

interface Candidate extends BundleCandidate {
  grade: string;
  subject_area: string;
}

/** What was found of the asked-for resources (any owner: bundleProblems decides what is allowed). */
async function findCandidates(db: Db, ids: readonly string[]): Promise<Candidate[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<Candidate & Record<string, unknown>>(sql`
    select r.id, r.users_id, r.type, r.price, r.grade, r.subject_area, (${LISTED}) as listed
    from resources r where r.id = any(${`{${ids.join(",")}}`}::uuid[])`);
  return result.rows.map((row) => ({ ...row, price: Number(row.price) }));
}

/** The bundle's resources, its price checked against their sum; their grade and subject for the grids. */
async function checkedContents(db: Db, creatorId: string, resourceIds: readonly string[], price: number) {
  const found = await findCandidates(db, resourceIds);
  const problems = bundleProblems({ creatorId, requestedIds: resourceIds, found, priceCents: price });
  if (Object.keys(problems).length > 0) throw validationFailed(problems as Record<string, string>);
  const byId = new Map(found.map((r) => [r.id, r]));
  return bundleCatalogueFields(resourceIds.map((id) => byId.get(id)!));
}

/**
 * The creator's price for each seat after the first (issue 23; null: the site's percent of the price):
 * never more than the bundle's price, refused on its field as the resource wizard refuses seat_price.
 */
function checkSeatPrice(seatPrice: number | null, price: number) {
  if (seatPrice !== null && seatPrice > price) {
    throw validationFailed(
      { seatPrice: "seat_price_above_price" },
      "A colleague's seat costs at most the bundle's price",
    );
  }
}

/** Its title and description with the site's restricted words replaced, still within their limits. */
async function cleanTexts(db: Db, texts: { title?: string | undefined; description?: string | undefined }) {
  const { restrictedWords } = await getSiteSettings(db);
  const out: { title?: string; description?: string } = {};
  for (const field of ["title", "description"] as const) {
    const value = texts[field];
    if (value === undefined) continue;
    const replaced = replaceRestrictedWords(value, restrictedWords);
    if (Array.from(replaced).length > BUNDLE_TEXT_LIMITS[field].max) {
      throw validationFailed(
        { [field]: "too_long" },
        "The text is too long once restricted words are replaced",
      );
    }
    out[field] = replaced;
  }
  return out;
}

/** What a submitted resource gets (resource-status.service's submitForApproval): it waits for review. */
const submitted = () => ({
  approval_status: "awaiting_approval",
  status: "inactive",
  upload_status: RESOURCE_UPLOAD_STATUS.submitted,
  requires_approval: true,
  submitted_at: new Date(),
  rejection_reason: null,
});

async function saveItems(tx: Pick<Db, "insert" | "delete">, bundleId: string, ids: readonly string[]) {
  await tx.delete(bundleItems).where(eq(bundleItems.bundle_id, bundleId));
  await tx
    .insert(bundleItems)
    .values(ids.map((resource_id, position) => ({ bundle_id: bundleId, resource_id, position })));
}

/** POST /bundles: a new bundle of the viewer's own listed resources, submitted for review at once. */
export async function createBundle(db: Db, viewer: Viewer, input: BundleCreate): Promise<Bundle> {
  assertMayPublish(viewer);
  const texts = await cleanTexts(db, input);
  const filed = await checkedContents(db, viewer.id, input.resourceIds, input.price);
  checkSeatPrice(input.seatPrice ?? null, input.price);
  // Two bundles may pick the same title at once: the unique name decides, and the loser tries the next.
  for (let attempt = 0; ; attempt += 1) {
    const name = await uniqueName(db, texts.title!);
    try {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(resources)
          .values({
            name,
            users_id: viewer.id,
            title: texts.title!,
            description: texts.description!,
            type: BUNDLE_TYPE,
            price: input.price,
            seat_price: input.seatPrice ?? null,
            ...filed,
            ...submitted(),
          })
          .returning({ id: resources.id });
        await saveItems(tx, row!.id, input.resourceIds);
        return row!.id;
      });
      return getBundle(db, id, viewer);
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, "resources_name_key")) continue;
      throw error;
    }
  }
}

const isListed = (row: Pick<BundleRow, "approval_status" | "status">) =>
  row.approval_status === "approved" && row.status === "active";

/**
 * PATCH /bundles/{id}: its creator changes what the body names. New resources or a new price are
 * checked as on creation (a price alone against its listed resources) and take effect at once: the
 * resources are already reviewed, and earlier buyers own any added (resources/ownership.ts). A new
 * title or description is what a reviewer has not seen: the bundle goes back to review, as does any
 * change to a bundle that is not listed (rejected, skipped).
 */
export async function patchBundle(db: Db, viewer: Viewer, idOrName: string, patch: BundlePatch) {
  assertMayPublish(viewer);
  const row = await findOwnBundle(db, idOrName, viewer);
  const texts = await cleanTexts(db, patch);
  const price = patch.price ?? row.price;
  const seatPrice = patch.seatPrice !== undefined ? patch.seatPrice : row.seat_price;
  if (patch.seatPrice !== undefined || patch.price !== undefined) checkSeatPrice(seatPrice, price);
  let filed: ReturnType<typeof bundleCatalogueFields> | null = null;
  if (patch.resourceIds !== undefined || patch.price !== undefined) {
    const ids = patch.resourceIds ?? (await listedItemIds(db, row.id));
    filed = await checkedContents(db, viewer.id, ids, price);
  }
  const changesTexts =
    (texts.title !== undefined && texts.title !== row.title) ||
    (texts.description !== undefined && texts.description !== row.description);
  const wasListed = isListed(row);
  const review = changesTexts || (!wasListed && row.approval_status !== "approved");
  await db.transaction(async (tx) => {
    await tx
      .update(resources)
      .set({
        ...texts,
        price,
        seat_price: seatPrice,
        ...(filed ?? {}),
        ...(review && row.approval_status !== "awaiting_approval" ? submitted() : {}),
        updated_at: new Date(),
      })
      .where(eq(resources.id, row.id));
    if (patch.resourceIds !== undefined) await saveItems(tx, row.id, patch.resourceIds);
  });
  if (wasListed) catalogueChanged(db);
  return getBundle(db, row.id, viewer);
}

/** The bundle's listed resources, in order: what a change of price alone is checked against. */
async function listedItemIds(db: Db, bundleId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select r.id from bundle_items bi join resources r on r.id = bi.resource_id
    where bi.bundle_id = ${bundleId} and ${LISTED} order by bi.position, r.id`);
  return result.rows.map((r) => r.id);
}

/** GET /bundles/{id}: a listed bundle for anybody; an unlisted one for its creator or an admin. */
export async function getBundle(db: Db, idOrName: string, viewer: Viewer | null): Promise<Bundle> {
  return presentBundle(db, await findViewableBundle(db, idOrName, viewer), viewer);
}

/** GET /bundles/choices: the viewer's own listed resources a bundle may include, by title. */
export async function listBundleChoices(db: Db, viewer: Viewer) {
  const result = await db.execute<{
    id: string;
    name: string;
    title: string;
    grade: string;
    subject_area: string;
    price: number;
    cover_locator: string | null;
  }>(sql`
    select r.id, r.name, r.title, r.grade, r.subject_area, r.price,
           (select p.storage_key from resource_previews p where p.resource_id = r.id
             order by p.order_index limit 1) as cover_locator
    from resources r
    where r.users_id = ${viewer.id} and ${LISTED} and r.type <> ${BUNDLE_TYPE}
    order by lower(r.title), r.id
    limit ${BUNDLE_CHOICES_MAX}`);
  return { resources: result.rows.map((row) => ({ ...row, price: Number(row.price) })) };
}
