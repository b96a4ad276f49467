import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config.ts";
import { copyLocalFilesToBucket } from "../platform/storage-copy.ts";
import { readWholeUpload } from "../platform/uploads.ts";
import { startS3Server, TEST_BUCKET, type TestS3Server } from "../test/s3-server.ts";

const run = promisify(execFile);
const MIGRATE = join(REPO_ROOT, "apps/server/src/cli/storage-migrate.ts");

/** The local store's layout: $DATA_DIR/files/<folder>/<...>, with a write in progress beside the files. */
const FILES: Record<string, string> = {
  "previews/r1/a.webp": "preview a",
  "previews/r1/generated/f1-1.webp": "generated page",
  "resource-files/r1/full.pdf": "%PDF premium",
  "avatars/u1.png": "avatar",
  "help/e1/video.mp4": "v".repeat(3000),
};

async function makeFolder(root: string) {
  for (const [key, body] of Object.entries(FILES)) {
    await mkdir(join(root, key, ".."), { recursive: true });
    await writeFile(join(root, key), body);
  }
  // Not stored files: an unfinished local write, and a name no key can have.
  await writeFile(join(root, "previews/r1/b.webp.0a1b2c3d4e5f.part"), "half");
  await writeFile(join(root, "stray file.txt"), "x");
}

/**
 * `npm run storage:migrate` (issue 24): the local folder copied into a bucket of a real S3-protocol server,
 * and a second run after an interrupted one copies only what is missing.
 */
describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("storage:migrate", () => {
  let s3: TestS3Server;
  let root: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    root = await mkdtemp(join(tmpdir(), "market-migrate-"));
    await makeFolder(join(root, "files"));
  });
  afterAll(async () => {
    await s3.close();
    await rm(root, { recursive: true, force: true });
  });

  const contents = async (storage: ReturnType<TestS3Server["storage"]>) => {
    const found: Record<string, string> = {};
    for await (const { key } of storage.list()) {
      const read = await storage.read(key);
      found[key] = (await readWholeUpload(read!.stream, 1_000_000)).toString();
    }
    return found;
  };

  it("copies every stored file under its key, and after an interrupted run copies only the rest", async () => {
    const bucket = s3.storage("site");
    // As an earlier run stopped halfway would have left it: two files there, one of them a different size
    // (the local file changed since).
    await bucket.put("avatars/u1.png", Buffer.from("avatar"));
    await bucket.put("previews/r1/a.webp", Buffer.from("older preview"));
    const lines: string[] = [];
    const report = await copyLocalFilesToBucket({
      from: join(root, "files"),
      to: bucket,
      say: (line) => lines.push(line),
      everyFiles: 2,
    });
    expect(report).toMatchObject({ files: 5, copied: 4, skipped: 1, failed: [] });
    expect(lines[0]).toBe(`5 files in ${join(root, "files")}: 1 already in the bucket, 4 to copy (0.0 MB)`);
    expect(lines).toContain("copied 2 of 4 (0.0 MB of 0.0 MB)");
    expect(await contents(bucket)).toEqual(FILES);

    const again = await copyLocalFilesToBucket({ from: join(root, "files"), to: bucket, say: () => {} });
    expect(again).toMatchObject({ files: 5, copied: 0, skipped: 5, failed: [] });
  });

  it("runs as a command with STORAGE_URL, saying what it did, and refuses without a bucket", async () => {
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: root,
      LOG_LEVEL: "silent",
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    };
    const url = `s3://S3RVER:S3RVER@${TEST_BUCKET}/by-command?endpoint=${s3.endpoint}`;
    const first = await run(process.execPath, ["--import", "tsx", MIGRATE], {
      cwd: REPO_ROOT,
      env: { ...env, STORAGE_URL: url },
    });
    expect(first.stdout).toContain("5 files in");
    expect(first.stdout).toContain("Done: 5 copied, 0 were already there.");
    expect(await contents(s3.storage("by-command"))).toEqual(FILES);
    const second = await run(process.execPath, ["--import", "tsx", MIGRATE], {
      cwd: REPO_ROOT,
      env: { ...env, STORAGE_URL: url },
    });
    expect(second.stdout).toContain("Done: 0 copied, 5 were already there.");

    const refused = await run(process.execPath, ["--import", "tsx", MIGRATE], { cwd: REPO_ROOT, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain("STORAGE_URL must name the bucket");

    const wrongBucket = url.replace(TEST_BUCKET, "no-such-bucket");
    const unreachable = await run(process.execPath, ["--import", "tsx", MIGRATE], {
      cwd: REPO_ROOT,
      env: { ...env, STORAGE_URL: wrongBucket },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(unreachable).toMatchObject({ code: 1 });
    expect((unreachable as { stderr: string }).stderr).toContain(
      'Nothing was copied: storage bucket "no-such-bucket" is not reachable',
    );
  });
});
