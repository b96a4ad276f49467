import { Readable } from "node:stream";
import type { ImageWidth } from "@market/domain";
import sharp from "sharp";
import { MAX_INPUT_PIXELS } from "./images.ts";
import type { Storage } from "./storage.ts";
import { readWholeUpload } from "./uploads.ts";

/**
 * Stored pictures at the widths they are shown (`/api/files/{key}?w=320`): a WebP copy per width, made
 * the first time it is asked for and kept in storage beside the original, so each is encoded once.
 *
 * WebP at quality 80, not AVIF: on the demo previews (692x896) AVIF was 40% smaller (4.5 KB instead of
 * 7.6 KB at 320 pixels) but took ten to fifteen times as long to encode (200-1,200 ms instead of 20-55 ms),
 * and would need a second copy per width and `Vary: Accept`, which most shared caches do not keep apart.
 */

/** Originals that can be resized: the raster pictures the files route serves (not SVG, not video). */
export const RESIZABLE = /\.(png|jpe?g|gif|webp)$/i;

/** Originals larger than this are served as they are (ours are re-encoded WebP under 1 MB). */
const MAX_SOURCE_BYTES = 20_000_000;

/**
 * Where the copy of `key` at `width` is kept: a folder of its own, which no upload writes to and which
 * the files route does not serve by name, so no key a user can cause or ask for is ever one of these.
 */
export const variantKey = (key: string, width: ImageWidth) => `sized/w${width}/${key}.webp`;

/** Copies being made in this process, so that a burst of first requests for one encodes it once. */
const making = new Map<string, Promise<boolean>>();

/**
 * Makes the copy of `key` at `width` unless it is there already; false when the original is missing,
 * cannot be decoded within the decompression-bomb limit, or is too large. Other instances may make the
 * same copy at the same time: storage.write lands a file whole (a temporary file renamed into place),
 * so a reader sees one complete copy or the other, and both are the same picture.
 */
export function ensureVariant(storage: Storage, key: string, width: ImageWidth): Promise<boolean> {
  const target = variantKey(key, width);
  const pending = making.get(target);
  if (pending) return pending;
  const made = makeVariant(storage, key, width, target).finally(() => making.delete(target));
  making.set(target, made);
  return made;
}

async function makeVariant(storage: Storage, key: string, width: ImageWidth, target: string) {
  const original = await storage.read(key);
  if (!original) return false;
  if (original.size > MAX_SOURCE_BYTES) {
    original.stream.destroy();
    return false;
  }
  const bytes = await readWholeUpload(original.stream, MAX_SOURCE_BYTES);
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" })
      .autoOrient()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return false;
  }
  await storage.write(target, Readable.from([webp]), webp.length);
  return true;
}
