import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { adminQuery, withDatabase } from "../test/global-setup.ts";
import { type Database, openDatabase } from "./client.ts";
import { MIGRATIONS_FOLDER, migrate } from "./migrate.ts";

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};

/** Polls `check` until it holds (no fixed sleeps); fails past `withinMs`. */
async function until(withinMs: number, check: () => Promise<boolean>) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Several instances starting together on an EMPTY PostgreSQL database (issue 24): one migrates under
 * the advisory lock while the others wait, then finds nothing left to do. Each test gets a database of
 * its own, made empty here (not from the test template, which is migrated already) and dropped after.
 */
describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("migrations when instances start together", () => {
  const base = process.env.TEST_DATABASE_URL!;
  const opened: Database[] = [];
  const made: string[] = [];

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
    for (const name of made.splice(0)) await adminQuery(base, `drop database if exists ${name} with (force)`);
  });

  async function emptyDatabase(): Promise<string> {
    const name = `ops_mig_${randomBytes(5).toString("hex")}`;
    await adminQuery(base, `create database ${name}`);
    made.push(name);
    return withDatabase(base, name);
  }

  async function open(url: string): Promise<Database> {
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    opened.push(database);
    return database;
  }

  async function appliedMigrations(url: string): Promise<string[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string }>(
        "select hash from drizzle.__drizzle_migrations order by id",
      );
      return rows.map((row) => row.hash);
    } finally {
      await client.end();
    }
  }

  it("lets two instances migrate an empty database at once: both finish, each migration ran once", async () => {
    const url = await emptyDatabase();
    const [first, second] = await Promise.all([open(url), open(url)]);
    await Promise.all([migrate(first!, url), migrate(second!, url)]);
    const applied = await appliedMigrations(url);
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied).size).toBe(applied.length);
    // Both instances work on the result.
    for (const database of [first!, second!]) {
      const { rows } = await database.db.$client.query("select count(*)::int as n from users");
      expect(rows[0]).toEqual({ n: 0 });
    }
    // A later start finds nothing to do.
    await migrate(await open(url), url);
    expect(await appliedMigrations(url)).toEqual(applied);
  });

  it("waits for the lock before touching anything, and migrates once it is free", async () => {
    const url = await emptyDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      // Another instance mid-migration holds the lock (the constant migrate.ts takes).
      await holder.query("select pg_advisory_lock(7204114)");
      const migrating = migrate(await open(url), url);
      let done = false;
      void migrating.then(() => (done = true));
      // The migrating instance is seen waiting on the advisory lock...
      await until(10_000, async () => {
        const { rows } = await holder.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
        );
        return rows[0].n === 1;
      });
      // ...having created nothing: not even drizzle's own schema.
      const { rows } = await holder.query(
        "select count(*)::int as n from pg_namespace where nspname = 'drizzle'",
      );
      expect(rows[0]).toEqual({ n: 0 });
      expect(done).toBe(false);
      await holder.query("select pg_advisory_unlock(7204114)");
      await migrating;
      expect(await appliedMigrations(url)).toHaveLength(journal.entries.length);
    } finally {
      await holder.end();
    }
  });
});
