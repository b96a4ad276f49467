import type { Readable } from "node:stream";

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
