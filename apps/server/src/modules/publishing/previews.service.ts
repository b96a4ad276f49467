import { randomUUID } from "node:crypto";
import { COVER_ORDER, checkPreviewImage, PREVIEW_IMAGE_RULES, UNSELECTED_ORDER } from "@market/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../../db/client.ts";
import { resourceFiles, resourcePreviews } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { encodePreview, inspectImage } from "../../platform/images.ts";
import { isPdf, renderPdfPages } from "../../platform/pdf-pages.ts";
import { acceptImage, readWholeUpload, type UploadStream } from "../../platform/uploads.ts";
import { assertEditable, isOwnKey, loadOwnResource, type ResourceRow } from "./publishing.policy.ts";
import { presentPreview } from "./publishing.presenter.ts";

const MESSAGES = {
  too_large: "A preview image may be at most 1,000,000 bytes",
  insufficient_dimensions: "A preview image must be at least 692 by 896 pixels",
  unsupported_type: "A preview must be a JPG, PNG, BMP or GIF image",
} as const;

/** The database or a transaction of it: the order's statements run inside the caller's transaction. */
type Executor = Pick<Db, "execute">;

const previewRefused = (code: keyof typeof MESSAGES) =>
  new AppError(code, MESSAGES[code], { fields: { file: code } });

/**
 * Selected previews are numbered 0..n-1 in their order (the cover first); unselected ones keep 999
 * (spec 4: toggling off sets 999; the first selected is the cover, order -1, then normalised to 0..n).
 */
async function normalizeOrder(db: Executor, resourceId: string) {
  await db.execute(sql`
    update resource_previews p set order_index = n.position - 1
    from (select id, row_number() over (order by order_index, created_at, id) as position
          from resource_previews where resource_id = ${resourceId} and order_index < ${UNSELECTED_ORDER}) n
    where p.id = n.id and p.order_index <> n.position - 1`);
}

/** Makes room at `position` among the selected previews, so the one placed there goes before the rest. */
async function placeAt(db: Executor, resourceId: string, previewId: string | null, position: number) {
  if (position === UNSELECTED_ORDER || position === COVER_ORDER) return;
  await db.execute(sql`
    update resource_previews set order_index = order_index + 1
    where resource_id = ${resourceId} and order_index >= ${position} and order_index < ${UNSELECTED_ORDER}
      ${previewId ? sql`and id <> ${previewId}` : sql``}`);
}

async function nextPosition(db: Executor, resourceId: string) {
  const [row] = await db
    .execute<{ n: number }>(sql`
    select count(*)::int as n from resource_previews
    where resource_id = ${resourceId} and order_index < ${UNSELECTED_ORDER}`)
    .then((r) => r.rows);
  return row?.n ?? 0;
}

async function storePreview(
  { db, storage }: Pick<AppDeps, "db" | "storage">,
  row: ResourceRow,
  image: { data: Buffer; width: number; height: number },
  opts: { orderIndex?: number; selected?: boolean; generatedName?: string | null },
) {
  const key = `previews/${row.id}/${randomUUID()}.webp`;
  await storage.put(key, image.data);
  try {
    const preview = await db.transaction(async (tx) => {
      const order =
        opts.selected === false ? UNSELECTED_ORDER : (opts.orderIndex ?? (await nextPosition(tx, row.id)));
      await placeAt(tx, row.id, null, order);
      const [inserted] = await tx
        .insert(resourcePreviews)
        .values({
          resource_id: row.id,
          order_index: order,
          storage_key: key,
          size_bytes: image.data.length,
          width: image.width,
          height: image.height,
          generated_name: opts.generatedName ?? null,
        })
        .returning();
      await normalizeOrder(tx, row.id);
      const [fresh] = await tx.select().from(resourcePreviews).where(eq(resourcePreviews.id, inserted!.id));
      return fresh!;
    });
    return { preview: presentPreview(preview) };
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/**
 * POST /resources/{id}/previews (and the resources-preview variant): an uploaded image, checked from its
 * content (spec 5: at most 1,000,000 bytes, at least 692x896, jpg, jpeg, png, bmp or gif), re-encoded.
 */
export async function uploadPreview(
  deps: Pick<AppDeps, "db" | "storage">,
  viewer: Viewer,
  idOrName: string,
  upload: { stream: UploadStream; orderIndex?: number; selected?: boolean },
) {
  const row = await loadOwnResource(deps.db, viewer, idOrName);
  assertEditable(row, viewer);
  const { encoded } = await acceptImage(upload.stream, {
    maxBytes: PREVIEW_IMAGE_RULES.maxBytes,
    refuse: previewRefused,
    check: (image) => {
      const problem = checkPreviewImage(image);
      return problem ? previewRefused(problem) : null;
    },
  });
  return storePreview(deps, row, encoded, upload);
}

const GENERATED = { maxFiles: 5, maxPagesPerFile: 6, maxSourceBytes: 50_000_000 } as const;
const generatedKey = (resourceId: string, name: string) => `previews/${resourceId}/generated/${name}.webp`;

/**
 * GET /resources/{id}/previews/generated: previews rendered from the uploaded (non-premium) files, the
 * pages of a PDF or the images themselves, so a creator can pick pages instead of making screenshots.
 * Rendered once per file and kept; a file that cannot be read simply offers none.
 */
export async function generatedPreviews(
  { db, storage }: Pick<AppDeps, "db" | "storage">,
  viewer: Viewer,
  idOrName: string,
) {
  const row = await loadOwnResource(db, viewer, idOrName);
  const files = await db
    .select()
    .from(resourceFiles)
    .where(and(eq(resourceFiles.resource_id, row.id), eq(resourceFiles.is_premium_file, false)))
    .orderBy(asc(resourceFiles.created_at))
    .limit(GENERATED.maxFiles);
  const previews: { name: string; locator: string; width: number; height: number }[] = [];
  for (const file of files) {
    if (file.size_bytes > GENERATED.maxSourceBytes) continue;
    const source = await storage.read(file.storage_key);
    if (!source) continue;
    const bytes = await readWholeUpload(source.stream, GENERATED.maxSourceBytes).catch(() => null);
    if (!bytes) continue;
    for (const page of await renderSource(bytes)) {
      const name = `${file.id}-${page.page}`;
      const key = generatedKey(row.id, name);
      await storage.put(key, page.data);
      previews.push({ name, locator: key, width: page.width, height: page.height });
    }
  }
  return { previews };
}

async function renderSource(bytes: Buffer) {
  const { minWidth, minHeight } = PREVIEW_IMAGE_RULES;
  if (isPdf(bytes)) {
    const pages = await renderPdfPages(bytes, {
      maxPages: GENERATED.maxPagesPerFile,
      minWidth,
      minHeight,
    }).catch(() => []);
    return Promise.all(pages.map(async (p) => ({ page: p.page, ...(await encodePreview(p.png)) })));
  }
  const inspected = await inspectImage(bytes);
  if (!inspected || inspected.width < minWidth || inspected.height < minHeight) return [];
  return [{ page: 1, ...(await encodePreview(bytes)) }];
}

/** POST /resources/{id}/previews with generatedPreviewName: a rendered page becomes a preview of its own. */
export async function addGeneratedPreview(
  deps: Pick<AppDeps, "db" | "storage">,
  viewer: Viewer,
  idOrName: string,
  input: { generatedPreviewName: string; orderIndex?: number },
) {
  const row = await loadOwnResource(deps.db, viewer, idOrName);
  assertEditable(row, viewer);
  if (!/^[0-9a-f-]{36}-\d{1,3}$/.test(input.generatedPreviewName))
    throw notFound("No such generated preview");
  const source = await deps.storage.read(generatedKey(row.id, input.generatedPreviewName));
  if (!source) throw notFound("No such generated preview; ask for the generated previews first");
  const data = await readWholeUpload(source.stream, 10_000_000);
  const meta = await sharp(data).metadata();
  return storePreview(
    deps,
    row,
    { data, width: meta.width ?? 0, height: meta.height ?? 0 },
    { orderIndex: input.orderIndex, generatedName: input.generatedPreviewName },
  );
}

async function loadOwnPreview(db: Db, viewer: Viewer, previewId: string) {
  const [preview] = await db.select().from(resourcePreviews).where(eq(resourcePreviews.id, previewId));
  if (!preview) throw notFound("No such preview");
  const row = await loadOwnResource(db, viewer, preview.resource_id).catch((error) => {
    throw error instanceof AppError && error.code === "not_found" ? notFound("No such preview") : error;
  });
  assertEditable(row, viewer);
  return { preview, row };
}

/**
 * PATCH /resources/previews/{id} with orderIndex: 999 deselects it, -1 makes it the cover, another number
 * moves it there among the selected; the order is then normalised.
 */
export async function reorderPreview(db: Db, viewer: Viewer, previewId: string, orderIndex: number) {
  const { preview, row } = await loadOwnPreview(db, viewer, previewId);
  const updated = await db.transaction(async (tx) => {
    await placeAt(tx, row.id, preview.id, orderIndex);
    await tx
      .update(resourcePreviews)
      .set({ order_index: orderIndex })
      .where(eq(resourcePreviews.id, preview.id));
    await normalizeOrder(tx, row.id);
    const [fresh] = await tx.select().from(resourcePreviews).where(eq(resourcePreviews.id, preview.id));
    return fresh!;
  });
  return { preview: presentPreview(updated) };
}

export async function deletePreview(
  { db, storage }: Pick<AppDeps, "db" | "storage">,
  viewer: Viewer,
  previewId: string,
) {
  const { preview, row } = await loadOwnPreview(db, viewer, previewId);
  await db.transaction(async (tx) => {
    await tx.delete(resourcePreviews).where(eq(resourcePreviews.id, preview.id));
    await normalizeOrder(tx, row.id);
  });
  if (isOwnKey(row.id)(preview.storage_key)) await storage.delete(preview.storage_key);
  return { deleted: true as const };
}
