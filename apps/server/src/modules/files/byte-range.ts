import type { ByteRange } from "../../platform/storage.ts";

/**
 * One HTTP byte range (RFC 9110 section 14) of a file of `size` bytes: "bytes=0-99", "bytes=100-" or the
 * last n bytes "bytes=-n". Null when there is no usable Range header (the whole file is sent, as RFC 9110
 * allows for several ranges or a malformed one); "unsatisfiable" when it starts past the end (416). Video
 * players ask for ranges to seek.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const length = Number(to);
    if (length === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}
