import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * `Content-Disposition` for a file saved under the name its creator typed (RFC 6266): an ASCII fallback
 * for old clients, and the exact name, UTF-8 percent-encoded, for every browser since 2012.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\w.-]/g, "_");
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * A stored file sent to be saved, never shown from our origin (a creator's file could be HTML): its length
 * (so the client shows progress by bytes, UX.md), its name, no sniffing and no caching. The teacher's
 * download and the reviewer's copy both go out this way.
 */
export function sendFileDownload(
  reply: FastifyReply,
  file: { name: string; content_type: string },
  stream: Readable,
  size: number,
) {
  return reply
    .header("content-type", file.content_type)
    .header("content-length", size)
    .header("content-disposition", attachmentDisposition(file.name))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(stream);
}
