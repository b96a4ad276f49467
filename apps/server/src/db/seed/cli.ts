/**
 * `npm run seed -- [--resources N] [--ads N] [--top-up]`: migrates, seeds the demo data into an empty
 * database, then adds N synthetic resources (and N running ads) for benchmarks. With --top-up the
 * numbers are totals: only what the database lacks is added, so a benchmark can reuse a database that
 * took minutes to fill.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfigOrReport } from "../../config.ts";
import { openRuntime } from "../../runtime.ts";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "./demo.ts";
import { countSyntheticResources, seedSyntheticResources } from "./synthetic.ts";
import { countSyntheticAds, seedSyntheticAds } from "./synthetic-ads.ts";

const USAGE = "usage: tsx src/db/seed/cli.ts [--resources N] [--ads N] [--top-up]";

async function main(): Promise<number> {
  let resources = 0;
  let ads = 0;
  let topUp = false;
  try {
    const { values } = parseArgs({
      options: {
        resources: { type: "string" },
        ads: { type: "string" },
        "top-up": { type: "boolean" },
        help: { type: "boolean" },
      },
    });
    topUp = values["top-up"] === true;
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (values.resources !== undefined) {
      resources = Number(values.resources);
      if (!Number.isInteger(resources) || resources < 0)
        throw new Error("--resources must be a whole number");
    }
    if (values.ads !== undefined) {
      ads = Number(values.ads);
      if (!Number.isInteger(ads) || ads < 0) throw new Error("--ads must be a whole number");
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }

  const config = loadConfigOrReport();
  if (!config) return 1;

  let t = performance.now();
  const deps = await openRuntime(config);
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}/db`;
  console.log(`Database ready (${where}), migrated in ${ms(t)}.`);
  try {
    t = performance.now();
    // Production never gets the demo accounts (and their published password) unless SEED_DEMO=true.
    const seeded = config.seedDemo ? await seedDemoIfEmpty(deps) : false;
    console.log(
      seeded
        ? `Demo data seeded in ${ms(t)}. Accounts (password "${config.demoPassword}"): ${DEMO_ACCOUNTS.join(", ")}`
        : config.seedDemo
          ? "The database already has users; demo data was not seeded."
          : "Demo data is not seeded in production (set SEED_DEMO=true to seed it anyway).",
    );
    if (ads > 0) {
      const existing = topUp ? await countSyntheticAds(deps.db) : 0;
      const result = await seedSyntheticAds(deps.db, Math.max(0, ads - existing));
      console.log(
        `Added ${result.created} running synthetic ads in ${result.ms} ms${existing > 0 ? ` (${existing} were running)` : ""}.`,
      );
    }
    if (resources > 0) {
      const existing = topUp ? await countSyntheticResources(deps.db) : 0;
      const missing = Math.max(0, resources - existing);
      if (topUp) console.log(`The database holds ${existing} synthetic resources; ${missing} to add.`);
      // Run even when nothing is missing: it puts the shared preview and files into this storage.
      const result = await seedSyntheticResources(deps.db, missing, { storage: deps.storage });
      if (result.created > 0) {
        const rate = Math.round(result.created / Math.max(result.ms / 1000, 0.001));
        console.log(
          `Added ${result.created} synthetic resources over ${result.creators} creators in ${result.ms} ms (${rate}/s${result.indexMs === null ? "" : `; ${result.indexMs} ms of it building the indexes again`}).`,
        );
        t = performance.now();
        // Bulk loads leave the planner blind and the visibility map empty; without this the grid's
        // queries pick sequential plans (PGlite has no autovacuum to do it later).
        await deps.db.execute(sql`vacuum analyze`);
        console.log(`Vacuumed and analysed in ${ms(t)}.`);
      }
    }
  } finally {
    await deps.database.close();
  }
  return 0;
}

function ms(since: number): string {
  return `${Math.round(performance.now() - since)} ms`;
}

process.exitCode = await main();
