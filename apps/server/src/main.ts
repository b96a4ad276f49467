import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "./db/seed/demo.ts";
import { jobDefinitions } from "./jobs.registry.ts";
import { startHousekeeping } from "./platform/housekeeping.ts";
import { createJobWorker } from "./platform/jobs.ts";
import { openRuntime } from "./runtime.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const deps = await openRuntime(config);
  const seeded = await seedDemoIfEmpty(deps);
  const app = await buildApp(deps);
  const worker = createJobWorker({ db: deps.db, log: app.log, definitions: jobDefinitions(deps) });
  let stopHousekeeping = () => {};

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    stopHousekeeping();
    await worker.stop();
    await app.close();
    await deps.database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  worker.start();
  stopHousekeeping = startHousekeeping(deps.db, app.log);
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}/db`;
  console.log(`\nLesson Loft is running at ${config.publicUrl}  (database: ${where})`);
  if (seeded) console.log("Demo data was seeded into the empty database.");
  console.log(`Demo accounts (password "${config.demoPassword}"): ${DEMO_ACCOUNTS.join(", ")}\n`);
}

await main();
