/**
 * `npm run storage:migrate [-- --from FOLDER]`: copies the local files ($DATA_DIR/files, or FOLDER) into the
 * bucket STORAGE_URL names, before a site moves its files to object storage. Resumable: run it again after a
 * stop or a failure and it copies only what the bucket does not hold yet (same key, same size). It copies,
 * never deletes: the folder stays as it was until the operator removes it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfigOrReport } from "../config.ts";
import { copyLocalFilesToBucket } from "../platform/storage-copy.ts";
import { createS3Storage } from "../platform/storage-s3.ts";

const USAGE = "usage: STORAGE_URL=s3://bucket/prefix?... npm run storage:migrate [-- --from FOLDER]";

async function main(): Promise<number> {
  let from: string | undefined;
  try {
    const { values } = parseArgs({ options: { from: { type: "string" }, help: { type: "boolean" } } });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    from = values.from;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }

  const config = loadConfigOrReport();
  if (!config) return 1;
  if (config.storage.kind !== "s3") {
    console.error(`STORAGE_URL must name the bucket to copy into (s3://bucket/prefix?...).\n${USAGE}`);
    return 1;
  }
  const folder = from ?? join(config.dataDir, "files");
  if (!existsSync(folder)) {
    console.error(`There is no folder ${folder} to copy.`);
    return 1;
  }
  const bucket = createS3Storage(config.storage.location);
  try {
    try {
      await bucket.check();
    } catch (error) {
      console.error(`Nothing was copied: ${(error as Error).message}`);
      return 1;
    }
    const report = await copyLocalFilesToBucket({
      from: folder,
      to: bucket,
      say: (line) => console.log(line),
    });
    if (report.failed.length > 0) {
      console.error(`${report.failed.length} files were not copied; run it again to retry them.`);
      return 1;
    }
    console.log(`Done: ${report.copied} copied, ${report.skipped} were already there.`);
    return 0;
  } finally {
    bucket.close();
  }
}

process.exitCode = await main();
