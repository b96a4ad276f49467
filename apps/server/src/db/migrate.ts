import { join } from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migrateWith } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Database } from "./client.ts";

export const MIGRATIONS_FOLDER = join(import.meta.dirname, "migrations");

/** Any constant both sides agree on; it names the lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 7_204_114;

/**
 * Applies the committed SQL migrations; the same files run on PGlite and PostgreSQL. On PostgreSQL,
 * several instances may start at once, so one migrates under an advisory lock while the others wait.
 */
export async function migrate(database: Database, databaseUrl?: string): Promise<void> {
  if (database.engine === "pglite" || !databaseUrl) {
    await migrateWith(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrateWith(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
