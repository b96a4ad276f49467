import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { STORAGE_KEY } from "./storage.ts";
import type { S3Storage } from "./storage-s3.ts";

export interface CopyReport {
  /** Files found in the folder that are stored files (not a write in progress, nothing foreign). */
  files: number;
  copied: number;
  /** Already in the bucket with the same size: copied by an earlier run. */
  skipped: number;
  bytesCopied: number;
  /** Keys that could not be copied, with why; a second run tries them again. */
  failed: { key: string; reason: string }[];
}

/** Every regular file under `root` as its storage key (the local store's layout: the path below root). */
async function localKeys(root: string): Promise<{ key: string; path: string; size: number }[]> {
  const found: { key: string; path: string; size: number }[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        const key = relative(root, path).split(sep).join("/");
        // A `.part` file is a local write that never finished (storage.ts renames it when it does).
        if (key.endsWith(".part") || !STORAGE_KEY.test(key)) continue;
        found.push({ key, path, size: (await stat(path)).size });
      }
    }
  };
  await walk(root);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * Copies the local store's folder ($DATA_DIR/files) into a bucket, key for key. Resumable: what the bucket
 * already holds with the same size is skipped, so a run that was stopped (or failed on some files) is
 * simply run again. Reports progress through `say` every `everyFiles` files and at the end.
 */
export async function copyLocalFilesToBucket(opts: {
  from: string;
  to: S3Storage;
  say: (line: string) => void;
  concurrency?: number;
  everyFiles?: number;
}): Promise<CopyReport> {
  const { to, say } = opts;
  const files = await localKeys(opts.from);
  const present = new Map<string, number>();
  for await (const object of to.list()) present.set(object.key, object.size);
  const todo = files.filter((f) => present.get(f.key) !== f.size);
  const report: CopyReport = {
    files: files.length,
    copied: 0,
    skipped: files.length - todo.length,
    bytesCopied: 0,
    failed: [],
  };
  const totalBytes = todo.reduce((sum, f) => sum + f.size, 0);
  say(
    `${files.length} files in ${opts.from}: ${report.skipped} already in the bucket, ` +
      `${todo.length} to copy (${megabytes(totalBytes)})`,
  );
  const every = opts.everyFiles ?? 100;
  let done = 0;
  const progress = () =>
    say(
      `copied ${report.copied} of ${todo.length} (${megabytes(report.bytesCopied)} of ${megabytes(totalBytes)})`,
    );

  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const file = todo[next++]!;
      try {
        // The size seen when listing is the limit: a file that grows meanwhile fails and is tried next run.
        const { size } = await to.write(file.key, createReadStream(file.path), file.size);
        report.copied += 1;
        report.bytesCopied += size;
      } catch (error) {
        report.failed.push({ key: file.key, reason: (error as Error).message });
      }
      done += 1;
      if (done % every === 0 && done < todo.length) progress();
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  if (todo.length > 0) progress();
  for (const failure of report.failed) say(`failed: ${failure.key}: ${failure.reason}`);
  return report;
}
