import { buildApp } from "./app.ts";
import { loadConfigOrReport } from "./config.ts";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "./db/seed/demo.ts";
import { jobDefinitions } from "./jobs.registry.ts";
import { AdminAccountError, ensureFirstAdmin } from "./modules/auth/admin-accounts.service.ts";
import type { AppDeps } from "./platform/app-types.ts";
import { startHousekeeping } from "./platform/housekeeping.ts";
import { createJobWorker } from "./platform/jobs.ts";
import { shutDown } from "./platform/shutdown.ts";
import { openRuntime } from "./runtime.ts";

async function main() {
  const config = loadConfigOrReport();
  if (!config) process.exit(1);
  const deps = await openRuntime(config);
  const seeded = config.seedDemo ? await seedDemoIfEmpty(deps) : false;
  const firstAdmin = config.firstAdmin ? await makeFirstAdmin(deps, config.firstAdmin) : null;
  const app = await buildApp(deps);
  const worker = createJobWorker({ db: deps.db, log: app.log, definitions: jobDefinitions(deps) });
  let stopHousekeeping = () => {};

  let stopping = false;
  const stop = async (signal: string) => {
    // Once is enough: Ctrl-C under `npm start` arrives twice (from the terminal, and forwarded by start.mjs).
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, "shutting down");
    stopHousekeeping();
    const outcome = await shutDown({
      app,
      worker,
      database: deps.database,
      timeoutMs: config.shutdownTimeoutMs,
      log: app.log,
    });
    process.exit(outcome === "clean" ? 0 : 1);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  worker.start();
  stopHousekeeping = startHousekeeping(deps.db, app.log);
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}/db`;
  console.log(`\nLesson Loft is running at ${config.publicUrl}  (database: ${where})`);
  if (seeded) console.log("Demo data was seeded into the empty database.");
  if (config.seedDemo) {
    console.log(`Demo accounts (password "${config.demoPassword}"): ${DEMO_ACCOUNTS.join(", ")}\n`);
  }
  if (firstAdmin) {
    console.log(
      `Administrator "${firstAdmin}" created; a login link was mailed to ${config.firstAdmin?.email}.\n`,
    );
  }
}

/** ADMIN_EMAIL: a clash (the username taken by someone else) is told, and the site still starts. */
async function makeFirstAdmin(deps: AppDeps, input: { email: string; username: string }) {
  try {
    return await ensureFirstAdmin(deps, input);
  } catch (error) {
    if (!(error instanceof AdminAccountError)) throw error;
    console.error(`ADMIN_EMAIL: no administrator was created: ${error.message}`);
    return null;
  }
}

await main();
