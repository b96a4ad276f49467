import { randomBytes } from "node:crypto";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize, sep } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where uploaded and generated files live. Keys are relative paths like `previews/ab12.png`.
 * The local folder is the default; an S3-compatible store implements the same interface.
 */
export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  /**
   * Streams `source` into `key`, refusing it (StoredTooLarge, nothing kept) as soon as more than
   * `maxBytes` have arrived: an upload is never held whole in memory, nor written past its limit.
   */
  write(key: string, source: Readable, maxBytes: number): Promise<{ size: number }>;
  /** The stored file, or only `range` of it (inclusive byte offsets, for HTTP range requests); size is the whole file's. */
  read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /**
   * A link that reads `key` straight from the store for `seconds`, answered as a download of `file`; only
   * a bucket has it, and downloads use it when the operator turns on STORAGE_SIGNED_URLS.
   */
  signedDownloadUrl?(
    key: string,
    file: { name: string; content_type: string },
    seconds: number,
  ): Promise<string>;
  /** Resolves when the store answers and takes writes, else rejects saying why: readiness asks it. */
  check(): Promise<void>;
}

export interface ByteRange {
  start: number;
  end: number;
}

export class StoredTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/**
 * Passes a stored file's bytes through, counting them, and fails with StoredTooLarge at the first byte
 * past `maxBytes`: every Storage's write holds an upload to its limit with it (`bytes` is the count).
 */
export function byteLimit(maxBytes: number): Transform & { readonly bytes: number } {
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new StoredTooLarge(maxBytes));
      else done(null, chunk);
    },
  });
  return Object.defineProperty(limit, "bytes", { get: () => bytes }) as Transform & {
    readonly bytes: number;
  };
}

export const STORAGE_KEY = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!STORAGE_KEY.test(key) || key.includes("..")) throw new Error(`invalid storage key: ${key}`);
    const full = normalize(join(root, key));
    if (!full.startsWith(normalize(root) + sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, body);
    },
    async write(key, source, maxBytes) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      const partial = `${full}.${randomBytes(6).toString("hex")}.part`;
      const limit = byteLimit(maxBytes);
      try {
        await pipeline(source, limit, createWriteStream(partial));
        await rename(partial, full);
        return { size: limit.bytes };
      } catch (error) {
        await rm(partial, { force: true });
        // The rest of a refused upload still has to be read off the connection.
        if (error instanceof StoredTooLarge) source.resume();
        throw error;
      }
    },
    async read(key, range) {
      if (!STORAGE_KEY.test(key) || key.includes("..")) return null;
      const full = pathOf(key);
      try {
        const info = await stat(full);
        if (!info.isFile()) return null;
        return { stream: createReadStream(full, range), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async check() {
      // The folder is made on the first write; it must exist by then or be makeable, and be writable.
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
