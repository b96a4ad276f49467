import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize, sep } from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded and generated files live. Keys are relative paths like `previews/ab12.png`.
 * The local folder is the default; an S3-compatible store implements the same interface.
 */
export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
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
    async read(key) {
      if (!STORAGE_KEY.test(key) || key.includes("..")) return null;
      const full = pathOf(key);
      try {
        const info = await stat(full);
        if (!info.isFile()) return null;
        return { stream: createReadStream(full), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
