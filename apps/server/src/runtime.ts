import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import type { AppDeps } from "./platform/app-types.ts";
import { createMailer } from "./platform/mail.ts";
import { countPayments } from "./platform/outcome-metrics.ts";
import { createPaymentGateway } from "./platform/payment-gateways.ts";
import { openStorage } from "./platform/storage-url.ts";
import { createTokenSigner } from "./platform/tokens.ts";

/**
 * PostgreSQL's autovacuum keeps the planner's statistics current; PGlite has none, so the embedded
 * database is analysed at start and then hourly, lest a grown table keep the plans of an empty one.
 */
async function keepStatisticsFresh(database: Database) {
  // Not on a fresh, empty database: statistics saying "empty" make the planner check foreign keys by
  // sequential scan, which turns a following bulk load (the seeds) quadratic.
  const sized = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from resources limit 1000) r`,
  );
  if (Number(sized.rows[0]?.n ?? 0) >= 1000) await database.db.execute(sql`analyze`);
  setInterval(() => {
    database.db.execute(sql`analyze`).catch(() => {});
  }, 3_600_000).unref();
}

/** Opens the database (migrated) and the platform services a server process needs. */
export async function openRuntime(config: Config): Promise<AppDeps> {
  // A fresh deployment's data folder may not exist yet (the embedded database and local files live in it).
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, "db"),
    poolSize: config.databasePoolSize,
  });
  await migrate(database, config.databaseUrl);
  if (database.engine === "pglite") await keepStatisticsFresh(database);
  const log = pino({ level: config.logLevel });
  return {
    config,
    database,
    db: database.db,
    storage: await openStorage(config.storage, config.dataDir),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailDir: join(config.dataDir, "mail"),
      log,
    }),
    tokens: createTokenSigner(config.jwtSecret),
    // Counted by purpose and outcome for /metrics (payments_total).
    payments: countPayments(createPaymentGateway(config)),
  };
}
