import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { downloads, resourceFiles, resources } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { AppError, notFound, unauthorized } from "../../platform/errors.ts";
import { findViewableResource, ownsResource } from "./resource-detail.service.ts";

/** How long a download's link into the bucket is valid (STORAGE_SIGNED_URLS): enough to start it, no more. */
export const SIGNED_DOWNLOAD_SECONDS = 60;

/**
 * A file of a resource. Anybody may have the free (non-premium) files; the premium file only its
 * creator, admins and buyers. A download counts once per user, or per visitor address, and resource.
 * With STORAGE_SIGNED_URLS the allowed download is a short-lived link into the bucket instead of a stream.
 */
export async function openDownload(
  deps: Pick<AppDeps, "db" | "storage" | "config">,
  input: {
    resourceIdOrName: string;
    fileId: string;
    viewer: Viewer | null;
    ip: string;
    refCode: string | undefined;
  },
) {
  const { db, storage } = deps;
  const resource = await findViewableResource(db, input.resourceIdOrName, input.viewer);
  const [file] = await db
    .select()
    .from(resourceFiles)
    .where(and(eq(resourceFiles.id, input.fileId), eq(resourceFiles.resource_id, resource.id)));
  if (!file) throw notFound("No such file");
  if (file.is_premium_file && !(await ownsResource(db, resource, input.viewer))) {
    if (!input.viewer) throw unauthorized("invalid_token", "Log in to download this file");
    throw new AppError("forbidden", "This file comes with buying the resource");
  }
  const link =
    deps.config.storageSignedUrls && storage.signedDownloadUrl
      ? await storage.signedDownloadUrl(file.storage_key, file, SIGNED_DOWNLOAD_SECONDS)
      : null;
  const stored = link ? null : await storage.read(file.storage_key);
  if (!link && !stored) throw notFound("The file is missing");

  const visitorKey = input.viewer
    ? null
    : createHash("sha256").update(`visitor:${input.ip}`).digest("hex").slice(0, 32);
  await db.transaction(async (tx) => {
    const counted = await tx
      .insert(downloads)
      .values({
        resource_id: resource.id,
        users_id: input.viewer?.id ?? null,
        visitor_key: visitorKey,
        ref_code: input.refCode?.slice(0, 32) ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: downloads.id });
    if (counted.length > 0) {
      await tx
        .update(resources)
        .set({ download_count: sql`${resources.download_count} + 1` })
        .where(eq(resources.id, resource.id));
    }
  });
  return link ? { file, link } : { file, link: null, stream: stored!.stream, size: stored!.size };
}
