import type { Readable } from "node:stream";
import { encodePreview, type InspectedImage, inspectImage } from "./images.ts";

/** An upload over its size limit. Each route answers with its own message, naming its own limit. */
export class UploadTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/**
 * A multipart file stream: @fastify/multipart ends it quietly at the reader's `fileSize` limit and sets
 * `truncated`, so a cut-off stream looks like a complete, smaller file unless this flag is read.
 */
export type UploadStream = Readable & { truncated?: boolean };

/**
 * The multipart reader's `fileSize` for a route whose largest file is `maxBytes`: one byte over, so that
 * a file past the limit is still seen to be past it (and nothing beyond that byte is buffered).
 */
export const multipartFileLimit = (maxBytes: number) => maxBytes + 1;

/**
 * Reads an upload whole into memory (images: small), refusing it with UploadTooLarge as soon as more
 * than `maxBytes` have arrived, or when the multipart reader cut it off at its own limit. Whatever
 * is left of a refused body is read off the connection after the answer (platform/request-drain.ts).
 */
export async function readWholeUpload(stream: UploadStream, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.resume();
      throw new UploadTooLarge(maxBytes);
    }
    chunks.push(chunk as Buffer);
  }
  if (stream.truncated) throw new UploadTooLarge(maxBytes);
  return Buffer.concat(chunks);
}

/** How one route takes an image: its byte limit and its own answers, in its own words and fields. */
export interface ImageLimits {
  maxBytes: number;
  /** The route's refusal of a file over maxBytes, or of one that is not an image it takes. */
  refuse: (problem: "too_large" | "unsupported_type") => Error;
  /** The route's own check of the decoded image (its dimensions): its refusal, or null when it fits. */
  check?: (image: InspectedImage) => Error | null;
}

/**
 * Every image upload's steps: read whole up to `maxBytes`, judged from its content (inspectImage: format,
 * full decode, pixel limit), the route's check, then re-encoded (encodePreview) so that what is stored is
 * an image this server produced. Throws the route's refusal; returns what was sent and what to store.
 */
export async function acceptImage(
  upload: UploadStream,
  limits: ImageLimits,
): Promise<{ image: InspectedImage; encoded: Awaited<ReturnType<typeof encodePreview>> }> {
  const bytes = await readWholeUpload(upload, limits.maxBytes).catch((error) => {
    throw error instanceof UploadTooLarge ? limits.refuse("too_large") : error;
  });
  const image = await inspectImage(bytes);
  if (!image) throw limits.refuse("unsupported_type");
  const problem = limits.check?.(image);
  if (problem) throw problem;
  return { image, encoded: await encodePreview(bytes) };
}
