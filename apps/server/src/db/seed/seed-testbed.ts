import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Config } from "../../config.ts";
import { createLocalStorage, type Storage } from "../../platform/storage.ts";
import { createTestDatabase, type TestDatabase } from "../../test/database.ts";
import type { Db } from "../client.ts";

export const SEED_TEST_CONFIG = { demoPassword: "teach-demo-2026" } as Config;

/** Listed on the public grids, as the seeds' tests count them. */
export const LISTED = sql.raw("approval_status = 'approved' and status = 'active'");

export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

export interface SeedBed {
  db: Db;
  storage: Storage;
  /** A stored file's bytes, by its key. */
  file(key: string): Promise<Buffer>;
}

/**
 * A seed test file's database and file store, fresh for the file and removed after it; `prepare` runs
 * once in between (a seed whose results the file's tests then read).
 */
export function seedTestbed(prepare?: (bed: SeedBed) => Promise<void>): SeedBed {
  let t: TestDatabase | undefined;
  let root = "";
  const bed = {
    db: undefined as unknown as Db,
    storage: undefined as unknown as Storage,
    file: (key: string) => readFile(join(root, "files", key)),
  };
  beforeAll(async () => {
    t = await createTestDatabase();
    bed.db = t.database.db;
    root = await mkdtemp(join(tmpdir(), "seed-test-"));
    bed.storage = createLocalStorage(join(root, "files"));
    await prepare?.(bed);
  });
  afterAll(async () => {
    await t?.database.close();
    if (root) await rm(root, { recursive: true, force: true });
  });
  return bed;
}
