import { randomUUID } from "node:crypto";
import { extname } from "node:path";
import type { Readable } from "node:stream";
import { combinedFileBytes, maxCombinedBytes } from "@market/domain";
import { and, eq, ne } from "drizzle-orm";
import { resourceFiles } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { AppError, notFound, validationFailed } from "../../platform/errors.ts";
import { StoredTooLarge } from "../../platform/storage.ts";
import type { UploadStream } from "../../platform/uploads.ts";
import { getSiteSettings } from "../site/index.ts";
import { assertEditable, isOwnKey, loadOwnResource } from "./publishing.policy.ts";
import { presentFile } from "./publishing.presenter.ts";

/** What a downloaded file is announced as; anything else is a plain attachment of bytes. */
const CONTENT_TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".ppt": "application/vnd.ms-powerpoint",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".xls": "application/vnd.ms-excel",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".odt": "application/vnd.oasis.opendocument.text",
  ".zip": "application/zip",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".mp3": "audio/mpeg",
  ".mp4": "video/mp4",
};

/**
 * A file name as people will see it: no folders, no control characters, at most 120 characters,
 * its extension kept. Only the name is kept from the upload; where it is stored is ours.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const kept = [...base].filter((ch) => ch >= " " && ch !== "\u007f" && !'"<>|:*?'.includes(ch)).join("");
  const clean = kept.replace(/\s+/g, " ").trim();
  const ext = extname(clean).slice(0, 10);
  const stem = clean.slice(0, clean.length - extname(clean).length).slice(0, 120 - ext.length);
  return stem.replace(/^\.+/, "") ? `${stem.replace(/^\.+/, "")}${ext}` : `file${ext}`;
}

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[extname(name).toLowerCase()] ?? "application/octet-stream";
}

/**
 * POST /resources/{id}/files: streams the file to storage within what the resource may still hold.
 * Non-premium files together stay within maxCombinedFileSize MB (spec 5); the premium file
 * (`?demo=true`) is counted apart, and a new one replaces the old, as a resource has one full version.
 */
export async function uploadResourceFile(
  { db, storage }: Pick<AppDeps, "db" | "storage">,
  viewer: Viewer,
  idOrName: string,
  upload: { name: string; stream: Readable; isPremium: boolean },
) {
  const row = await loadOwnResource(db, viewer, idOrName);
  assertEditable(row, viewer);
  const settings = await getSiteSettings(db);
  const limit = maxCombinedBytes(settings.maxCombinedFileSize);
  const existing = await db.select().from(resourceFiles).where(eq(resourceFiles.resource_id, row.id));
  const room = upload.isPremium ? limit : limit - combinedFileBytes(existing);
  const tooLarge = () =>
    new AppError(
      "payload_too_large",
      `Files together may not be larger than ${settings.maxCombinedFileSize} MB`,
      { fields: { files: "combined_size_exceeded" } },
    );
  if (room <= 0) {
    upload.stream.resume();
    throw tooLarge();
  }

  const name = sanitizeFileName(upload.name);
  const key = `resource-files/${row.id}/${randomUUID()}${extname(name)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, "")}`;
  let size: number;
  try {
    ({ size } = await storage.write(key, upload.stream, room));
  } catch (error) {
    if (error instanceof StoredTooLarge) throw tooLarge();
    throw error;
  }
  // Cut off by the multipart reader's own limit: a part of a file is never kept as if it were whole.
  if ((upload.stream as UploadStream).truncated) {
    await storage.delete(key);
    throw tooLarge();
  }
  if (size === 0) {
    await storage.delete(key);
    throw validationFailed({ file: "empty" }, "The file is empty");
  }

  const { file, replaced } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(resourceFiles)
      .values({
        resource_id: row.id,
        name,
        storage_key: key,
        content_type: contentTypeOf(name),
        size_bytes: size,
        is_premium_file: upload.isPremium,
      })
      .returning();
    const replaced = upload.isPremium
      ? await tx
          .delete(resourceFiles)
          .where(
            and(
              eq(resourceFiles.resource_id, row.id),
              eq(resourceFiles.is_premium_file, true),
              ne(resourceFiles.id, inserted!.id),
            ),
          )
          .returning({ key: resourceFiles.storage_key })
      : [];
    return { file: inserted!, replaced };
  });
  await Promise.all(
    replaced
      .map((r) => r.key)
      .filter(isOwnKey(row.id))
      .map((k) => storage.delete(k)),
  );
  return { file: presentFile(file) };
}

/** DELETE /resources/files/{id}: the file's row, then its stored bytes. */
export async function deleteResourceFile(
  { db, storage }: Pick<AppDeps, "db" | "storage">,
  viewer: Viewer,
  fileId: string,
) {
  const [file] = await db.select().from(resourceFiles).where(eq(resourceFiles.id, fileId));
  if (!file) throw notFound("No such file");
  const row = await loadOwnResource(db, viewer, file.resource_id).catch((error) => {
    throw error instanceof AppError && error.code === "not_found" ? notFound("No such file") : error;
  });
  assertEditable(row, viewer);
  await db.delete(resourceFiles).where(eq(resourceFiles.id, file.id));
  if (isOwnKey(row.id)(file.storage_key)) await storage.delete(file.storage_key);
  return { deleted: true as const };
}
