import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { resourceFiles, resources, users } from "../../db/schema/index.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { catalogueChanged } from "../../platform/catalogue-changes.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { byIdOrName } from "../resources/index.ts";
import { presentPublicUser } from "../users/index.ts";
import { assertListableFiles } from "./resource-status.service.ts";
import { presentForEditing } from "./resource-views.service.ts";

const AWAITING = eq(resources.approval_status, "awaiting_approval");

/**
 * The admin publishing queue (spec 3: id, status and curator_score): resources awaiting approval, the
 * longest waiting first. Skipped ones have left the queue (spec 4: review).
 */
export async function listReviewQueue(db: Db, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: resources.id,
        name: resources.name,
        title: resources.title,
        status: resources.status,
        approval_status: resources.approval_status,
        curator_score: resources.curator_score,
        price: resources.price,
        submitted_at: resources.submitted_at,
        updated_at: resources.updated_at,
        creator_id: users.id,
        creator_username: users.username,
        creator_first_name: users.first_name,
        creator_avatar_locator: users.avatar_locator,
      })
      .from(resources)
      .innerJoin(users, eq(users.id, resources.users_id))
      .where(AWAITING)
      .orderBy(asc(resources.submitted_at), asc(resources.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(resources).where(AWAITING),
  ]);
  // The reviewer opens the submitted files from the queue, so each item carries its files.
  const files =
    rows.length === 0
      ? []
      : await db
          .select({
            id: resourceFiles.id,
            resource_id: resourceFiles.resource_id,
            name: resourceFiles.name,
            size_bytes: resourceFiles.size_bytes,
            is_premium_file: resourceFiles.is_premium_file,
          })
          .from(resourceFiles)
          .where(
            inArray(
              resourceFiles.resource_id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(resourceFiles.created_at), asc(resourceFiles.id));
  return {
    resources: rows.map((r) => ({
      id: r.id,
      name: r.name,
      title: r.title,
      status: r.status,
      approval_status: r.approval_status,
      curator_score: r.curator_score,
      price: r.price,
      creator: presentPublicUser({
        id: r.creator_id,
        username: r.creator_username,
        first_name: r.creator_first_name,
        avatar_locator: r.creator_avatar_locator,
      }),
      submitted_at: (r.submitted_at ?? r.updated_at).toISOString(),
      files: files
        .filter((f) => f.resource_id === r.id)
        .map((f) => ({
          id: f.id,
          name: f.name,
          size_bytes: Number(f.size_bytes),
          is_premium_file: f.is_premium_file,
        })),
    })),
    total: total?.n ?? 0,
  };
}

async function loadAwaiting(db: Db, idOrName: string) {
  const [row] = await db.select().from(resources).where(byIdOrName(idOrName));
  if (!row) throw notFound("No such resource");
  if (row.approval_status !== "awaiting_approval") {
    throw new AppError("invalid_resource_state", "The resource is not awaiting approval");
  }
  return row;
}

async function creatorOf(db: Db, userId: string) {
  const [creator] = await db
    .select({ email: users.email, first_name: users.first_name })
    .from(users)
    .where(eq(users.id, userId));
  return creator!;
}

/** Approved: listed in the catalogue at once (upload status 2, active), first published now. */
export async function approveResource(
  { db, mailer, config }: Pick<AppDeps, "db" | "mailer" | "config">,
  idOrName: string,
) {
  const row = await loadAwaiting(db, idOrName);
  await assertListableFiles(db, row);
  const [updated] = await db
    .update(resources)
    .set({
      approval_status: "approved",
      status: "active",
      upload_status: 2,
      requires_approval: false,
      rejection_reason: null,
      published_at: row.published_at ?? new Date(),
      updated_at: new Date(),
    })
    .where(and(eq(resources.id, row.id), AWAITING))
    .returning();
  if (!updated) throw new AppError("invalid_resource_state", "The resource is not awaiting approval");
  catalogueChanged(db);
  const creator = await creatorOf(db, row.users_id);
  await mailer.send({
    to: creator.email,
    subject: `"${row.title}" is published`,
    text: `Hello ${creator.first_name},\n\n"${row.title}" was approved and is now in the catalogue:\n${config.publicUrl}/resources/${row.name}\n\nThank you for sharing it.`,
  });
  return presentForEditing(db, updated);
}

/** Rejected: back to the creator, editable, with the reason by e-mail and on the resource. */
export async function rejectResource(
  { db, mailer, config }: Pick<AppDeps, "db" | "mailer" | "config">,
  idOrName: string,
  reason: string,
) {
  const row = await loadAwaiting(db, idOrName);
  const [updated] = await db
    .update(resources)
    .set({
      approval_status: "rejected",
      status: "inactive",
      upload_status: 0,
      rejection_reason: reason,
      updated_at: new Date(),
    })
    .where(and(eq(resources.id, row.id), AWAITING))
    .returning();
  if (!updated) throw new AppError("invalid_resource_state", "The resource is not awaiting approval");
  const creator = await creatorOf(db, row.users_id);
  await mailer.send({
    to: creator.email,
    subject: `"${row.title}" needs changes before it can be published`,
    text: `Hello ${creator.first_name},\n\nA reviewer could not approve "${row.title}" yet. The reason:\n\n${reason}\n\nYou can change it and submit it again:\n${config.publicUrl}/resources/${row.name}/edit`,
  });
  return presentForEditing(db, updated);
}

/** Skipped (spec 4: review): out of the queue, left for later; the creator may submit it again. */
export async function skipResource(db: Db, idOrName: string) {
  const row = await loadAwaiting(db, idOrName);
  // Guarded like approve and reject: a decision taken meanwhile by another admin is not overwritten.
  const [updated] = await db
    .update(resources)
    .set({ approval_status: "skipped", updated_at: new Date() })
    .where(and(eq(resources.id, row.id), AWAITING))
    .returning();
  if (!updated) throw new AppError("invalid_resource_state", "The resource is not awaiting approval");
  return presentForEditing(db, updated);
}

export async function setCuratorScore(db: Db, idOrName: string, score: number | null) {
  const [updated] = await db
    .update(resources)
    .set({ curator_score: score })
    .where(byIdOrName(idOrName))
    .returning();
  if (!updated) throw notFound("No such resource");
  return presentForEditing(db, updated);
}

/**
 * GET /admin/resources/{id}/files/{fileId}: a submitted file, premium or not, for the admin reviewing
 * the resource (the route admits admins only). It is not a download: nothing is counted.
 */
export async function openSubmittedFile(
  { db, storage }: Pick<AppDeps, "db" | "storage">,
  idOrName: string,
  fileId: string,
) {
  const [row] = await db.select({ id: resources.id }).from(resources).where(byIdOrName(idOrName));
  if (!row) throw notFound("No such resource");
  const [file] = await db
    .select()
    .from(resourceFiles)
    .where(and(eq(resourceFiles.id, fileId), eq(resourceFiles.resource_id, row.id)));
  if (!file) throw notFound("No such file");
  const stored = await storage.read(file.storage_key);
  if (!stored) throw notFound("The file is missing");
  return { file, stream: stored.stream, size: stored.size };
}
