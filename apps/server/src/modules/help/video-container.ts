import { Readable } from "node:stream";

export type VideoContainer = "mp4" | "webm";

/** Bytes needed to recognise a container: the ftyp box of MP4, the EBML header and doc type of WebM. */
export const VIDEO_SNIFF_BYTES = 64;

/** ISO base media brands browsers play as MP4 (QuickTime's "qt  " and HEIF stills are not videos we serve). */
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "M4V ",
  "M4VH",
  "M4VP",
  "dash",
  "mmp4",
  "msnv",
  "3gp4",
  "3gp5",
]);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/**
 * What video container the first bytes of a file are, judged from content rather than from its name or the
 * browser's type: MP4 starts with an ftyp box whose major brand is a video one; WebM starts with the EBML
 * magic and names "webm" as its doc type in the header that follows. Null for anything else.
 */
export function sniffVideoContainer(head: Uint8Array): VideoContainer | null {
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp") {
    const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
    if (boxSize >= 16 && MP4_BRANDS.has(ascii(head, 8, 12))) return "mp4";
    return null;
  }
  if (head.length >= 8 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    // The DocType element (0x42 0x82) holds "webm"; Matroska's "matroska" is not a browser video.
    const text = ascii(head, 4, Math.min(head.length, VIDEO_SNIFF_BYTES));
    const at = text.indexOf("\u0042\u0082");
    if (at >= 0 && text.slice(at + 3, at + 7) === "webm") return "webm";
  }
  return null;
}

/**
 * The first `bytes` of an upload, and the whole upload again as a stream (those bytes, then the rest), so a
 * file can be judged by its head before any of it is stored. `drain` reads off what is left of a refused one.
 */
export async function peekHead(source: Readable, bytes = VIDEO_SNIFF_BYTES) {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = Buffer.alloc(0);
  while (head.length < bytes) {
    const next = await chunks.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  const first = head;
  return {
    head: first,
    whole: Readable.from(
      (async function* () {
        if (first.length > 0) yield first;
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
      })(),
    ),
    async drain() {
      for (let next = await chunks.next(); !next.done; next = await chunks.next());
    },
  };
}
