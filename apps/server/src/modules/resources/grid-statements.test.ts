import { resourceListQuerySchema } from "@market/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import { seedSyntheticResources } from "../../db/seed/synthetic.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { LISTED, SALE_RUNS } from "./card-query.ts";
import { listPublishedResources } from "./resource-list.service.ts";

const onPostgres = process.env.TEST_DB_ENGINE === "postgres";

/**
 * Issue 19: a grid page's statements are planned once per connection, not on every request, and a
 * grade's "On sale" page reads that grade's sale rows only. PostgreSQL only: PGlite has no named
 * statements and its planner is not what production runs.
 */
describe.runIf(onPostgres)("grid pages' statements on PostgreSQL", () => {
  let t: TestApp;
  /** One connection, so that pg_prepared_statements (per connection) shows every name it was given. */
  let one: Database;

  beforeAll(async () => {
    t = await buildTestApp();
    await seedSyntheticResources(t.db, 3000, { batchSize: 1500, parallel: 1 });
    await t.db.execute(sql`analyze resources`);
    one = await openDatabase({ databaseUrl: t.databaseUrl!, poolSize: 1 });
  });
  afterAll(async () => {
    await one?.close();
    await t?.close();
  });

  const named = async (prefix: string) =>
    (
      await one.db.execute<{ name: string }>(
        sql`select name from pg_prepared_statements where name like ${`${prefix}%`} order by name`,
      )
    ).rows.map((row) => row.name);

  /** A grid page as the route reads its query string. */
  const page = (query: Record<string, string>) =>
    listPublishedResources(one.db, resourceListQuerySchema.parse(query), new TtlCache<number>(0));

  it("runs a page's cards and its store-sale look-up as named statements, reused by the next page", async () => {
    const first = await page({ grade: "5", sort: "price-desc", page: "2" });
    expect(first.resources.length).toBeGreaterThan(0);
    const cards = await named("grid_cards_");
    const sales = await named("running_store_sales_");
    expect(cards).toHaveLength(1);
    expect(sales).toHaveLength(1);
    // Another grade and page of the same shape: the same statements, not new ones.
    await page({ grade: "7", sort: "price-desc", page: "1" });
    expect(await named("grid_cards_")).toEqual(cards);
    expect(await named("running_store_sales_")).toEqual(sales);
  });

  it("names at most 256 texts per process, and runs any text past them unnamed with the same answer", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 300; i++) {
      // Each text differs (its alias), so each would be a statement of its own.
      const [row] = await executePrepared<{ n: number }>(
        one.db,
        "probe",
        sql`select ${i}::int as ${sql.raw(`n${i}`)}`,
      );
      answers.push(Number(Object.values(row!)[0]));
    }
    expect(answers).toEqual(Array.from({ length: 300 }, (_, i) => i));
    const probes = await named("probe_");
    expect(probes.length).toBeGreaterThan(200);
    expect(probes.length).toBeLessThanOrEqual(256);
  });

  it("reads a grade's On sale page from that grade's sale rows (resources_listed_grade_sale_idx)", async () => {
    const plan = await t.db.execute<{ "QUERY PLAN": string }>(
      sql`explain select r.id from resources r where ${LISTED} and r.grade = '5' and ${SALE_RUNS}
          order by r.price desc, r.id desc limit 24 offset 24`,
    );
    const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text, text).toContain("resources_listed_grade_sale_idx");
  });
});
