import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { HELP_LIMITS, type HelpEntry } from "@market/domain";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { helpEntries } from "../../db/schema/index.ts";
import { AppError, validationFailed } from "../../platform/errors.ts";
import { type Storage, StoredTooLarge } from "../../platform/storage.ts";
import { acceptImage } from "../../platform/uploads.ts";
import { getHelpEntry, type HelpEditDeps, loadHelpRow, mediaRemoval, removeStored } from "./help.service.ts";
import { peekHead, sniffVideoContainer } from "./video-container.ts";

const MESSAGES = {
  imageTooLarge: `A help image may be at most ${HELP_LIMITS.imageMaxBytes / 1024 / 1024} MB`,
  imageType: "A help image must be a JPG, PNG, BMP or GIF image",
  videoTooLarge: `A help video may be at most ${HELP_LIMITS.videoMaxBytes / 1024 / 1024} MB`,
  videoType: "A help video must be an MP4 or WebM file",
  videoEntry: "Only a video entry holds a video",
  nothing: "Send an image or a video (multipart field image or video), or a delete flag",
} as const;

const refused = (
  code: "too_large" | "unsupported_type" | "validation_failed",
  field: string,
  message: string,
) =>
  new AppError(code, message, {
    fields: { [field]: code === "validation_failed" ? "not_a_video_entry" : code },
  });

const fileName = (name: string, fallback: string) => name.split(/[\\/]/).pop()?.slice(0, 200) || fallback;

/** An image, content-checked (format, full decode, pixel limit) and stored re-encoded as WebP. */
async function storeImage(storage: Storage, entryId: string, upload: { name: string; stream: Readable }) {
  const { encoded } = await acceptImage(upload.stream, {
    maxBytes: HELP_LIMITS.imageMaxBytes,
    refuse: (problem) =>
      refused(problem, "image", problem === "too_large" ? MESSAGES.imageTooLarge : MESSAGES.imageType),
  });
  const key = `help/${entryId}/${randomUUID()}.webp`;
  await storage.put(key, encoded.data);
  return {
    image_locator: key,
    image_name: fileName(upload.name, "image"),
    image_size_bytes: encoded.data.length,
  };
}

/**
 * A video, streamed to storage (never held whole in memory) once its first bytes prove it an MP4 or WebM
 * container, and refused as soon as it passes the size limit.
 */
async function storeVideo(storage: Storage, entryId: string, upload: { name: string; stream: Readable }) {
  const { head, whole, drain } = await peekHead(upload.stream);
  const container = sniffVideoContainer(head);
  if (!container) {
    await drain();
    throw refused("unsupported_type", "video", MESSAGES.videoType);
  }
  // The extension tells the file route which content type to serve.
  const key = `help/${entryId}/${randomUUID()}.${container}`;
  try {
    const { size } = await storage.write(key, whole, HELP_LIMITS.videoMaxBytes);
    return { video_locator: key, video_name: fileName(upload.name, "video"), video_size_bytes: size };
  } catch (error) {
    if (!(error instanceof StoredTooLarge)) throw error;
    await drain();
    throw refused("too_large", "video", MESSAGES.videoTooLarge);
  }
}

/**
 * PUT /help/{id}/media (admin): multipart field `image` or `video`, and the flags delete_image and delete_video
 * (spec 3; "delete-image" and "delete-video" are read the same). A new file replaces the old one, which is removed.
 */
export async function putHelpMedia(
  deps: HelpEditDeps,
  id: string,
  request: FastifyRequest,
): Promise<{ item: HelpEntry }> {
  const row = await loadHelpRow(deps.db, id);
  if (!request.isMultipart()) throw validationFailed({ image: "required" }, MESSAGES.nothing);
  const flags = { image: false, video: false };
  const set: Partial<typeof helpEntries.$inferInsert> = {};
  const stored: string[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        const flag = /^delete[-_](image|video)$/.exec(part.fieldname)?.[1] as "image" | "video" | undefined;
        if (flag) flags[flag] = part.value === "true" || part.value === "1";
        continue;
      }
      if (part.fieldname === "image" && !set.image_locator) {
        Object.assign(
          set,
          await storeImage(deps.storage, row.id, { name: part.filename, stream: part.file }),
        );
        stored.push(set.image_locator!);
      } else if (part.fieldname === "video" && !set.video_locator) {
        if (row.type !== "video") {
          part.file.resume();
          throw refused("validation_failed", "video", MESSAGES.videoEntry);
        }
        Object.assign(
          set,
          await storeVideo(deps.storage, row.id, { name: part.filename, stream: part.file }),
        );
        stored.push(set.video_locator!);
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    // One refused part refuses the call: files stored for its other parts are not kept.
    await removeStored(deps.storage, stored);
    throw error;
  }
  if (!set.image_locator && !set.video_locator && !flags.image && !flags.video) {
    throw validationFailed({ image: "required" }, MESSAGES.nothing);
  }
  const removal = mediaRemoval(flags.image && !set.image_locator, flags.video && !set.video_locator);
  await deps.db
    .update(helpEntries)
    .set({ ...removal, ...set, updated_at: new Date() })
    .where(eq(helpEntries.id, row.id));
  await removeStored(deps.storage, [
    ...(set.image_locator || flags.image ? [row.image_locator] : []),
    ...(set.video_locator || flags.video ? [row.video_locator] : []),
  ]);
  return { item: await getHelpEntry(deps.db, row.id) };
}
