import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase, PGLITE_EXTENSIONS } from "../db/client.ts";
import { withDatabase } from "./global-setup.ts";

export interface TestDatabase {
  database: Database;
  /** Set on PostgreSQL: a URL another server instance can open on the same database. */
  url?: string;
}

let dumpCache: Blob | null = null;

/** A fresh, migrated database of the engine this test project runs on. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_ENGINE === "postgres") {
    const base = process.env.TEST_DATABASE_URL!;
    const template = inject("pgTemplate");
    const name = `market_t_${template.replace("market_tmpl_", "")}_${randomBytes(4).toString("hex")}`;
    await createFromTemplate(base, name, template);
    const url = withDatabase(base, name);
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    return {
      url,
      database: {
        ...database,
        async close() {
          await database.close();
          await dropWhenIdle(base, name);
        },
      },
    };
  }
  dumpCache ??= new Blob([await readFile(inject("pgliteDump"))]);
  const client = await PGlite.create({ loadDataDir: dumpCache, extensions: PGLITE_EXTENSIONS });
  return { database: await openDatabase({ pglite: client }) };
}

/**
 * PostgreSQL refuses to copy a template that another CREATE DATABASE is reading at that instant, so
 * test files running in parallel take turns under an advisory lock.
 */
async function createFromTemplate(base: string, name: string, template: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(7204115)");
    await client.query(`create database ${name} template ${template}`);
  } finally {
    await client.query("select pg_advisory_unlock(7204115)").catch(() => {});
    await client.end();
  }
}

/**
 * pool.end() resolves while its sockets are still closing; dropping WITH (FORCE) then would kill
 * them mid-close and surface as unhandled errors. So wait until the database has no sessions left.
 */
async function dropWhenIdle(base: string, name: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    for (let i = 0; i < 250; i++) {
      const { rows } = await client.query(
        "select count(*)::int as n from pg_stat_activity where datname = $1",
        [name],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
