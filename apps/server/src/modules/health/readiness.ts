import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReadinessResponse } from "@market/domain/api/health";
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER } from "../../db/migrate.ts";
import type { AppDeps } from "../../platform/app-types.ts";

/**
 * How long each part may take to answer before it counts as failed: a load balancer's probe times out
 * after a few seconds itself, and a hung database must read as "not ready", not as a hung probe.
 */
export const READY_CHECK_TIMEOUT_MS = 2000;

let lastMigrationAt: number | null = null;

/**
 * When this build's last migration was generated (its journal's last `when`): drizzle records that
 * moment with each migration it applies, so the database is current when it has one as late.
 */
function lastJournalMigrationAt(): number {
  if (lastMigrationAt === null) {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    lastMigrationAt = Math.max(0, ...journal.entries.map((entry) => entry.when));
  }
  return lastMigrationAt;
}

function withinTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("no answer in time")), READY_CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function checkDatabase(
  deps: Pick<AppDeps, "db">,
): Promise<Pick<ReadinessResponse, "database" | "migrations">> {
  try {
    // One query answers both: the database is up, and it has this build's last migration.
    const result = await withinTime(
      deps.db.execute<{ current: boolean }>(sql`
        select coalesce(max(created_at), 0) >= ${lastJournalMigrationAt()} as current
        from drizzle.__drizzle_migrations`),
    );
    return { database: "ok", migrations: result.rows[0]?.current ? "ok" : "pending" };
  } catch {
    // No migrations table yet reads like a database that is down; ask the plain question to tell them apart.
    try {
      await withinTime(deps.db.execute(sql`select 1`));
      return { database: "ok", migrations: "pending" };
    } catch {
      return { database: "failed", migrations: "unknown" };
    }
  }
}

async function checkStorage(deps: Pick<AppDeps, "storage">): Promise<ReadinessResponse["storage"]> {
  try {
    await withinTime(deps.storage.check());
    return "ok";
  } catch {
    return "failed";
  }
}

/** Every part asked at once; ready only when all of them are, and never while the process stops. */
export async function checkReadiness(
  deps: Pick<AppDeps, "db" | "storage">,
  stopping: boolean,
): Promise<ReadinessResponse> {
  const [database, storage] = await Promise.all([checkDatabase(deps), checkStorage(deps)]);
  const ready = !stopping && database.database === "ok" && database.migrations === "ok" && storage === "ok";
  return {
    status: ready ? "ok" : "unavailable",
    ...database,
    storage,
    ...(stopping ? { stopping: true } : {}),
  };
}
