import { join } from "node:path";
import pino from "pino";
import type { AppDeps } from "./app.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import { createMailer } from "./platform/mail.ts";
import { createLocalStorage } from "./platform/storage.ts";
import { createTokenSigner } from "./platform/tokens.ts";

/** Opens the database (migrated) and the platform services a server process needs. */
export async function openRuntime(config: Config): Promise<AppDeps> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, "db"),
    poolSize: config.databasePoolSize,
  });
  await migrate(database, config.databaseUrl);
  const log = pino({ level: config.logLevel });
  return {
    config,
    database,
    db: database.db,
    storage: createLocalStorage(join(config.dataDir, "files")),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailDir: join(config.dataDir, "mail"),
      log,
    }),
    tokens: createTokenSigner(config.jwtSecret),
  };
}
