import { bestSalePrice, resourceListQuerySchema } from "@market/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import { storeSales } from "../../db/schema/index.ts";
import { seedSyntheticResources } from "../../db/seed/synthetic.ts";
import { catalogueChanged } from "../../platform/catalogue-changes.ts";
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

  /** A named statement's plans so far on the one connection: generic (kept) and custom (planned per run). */
  const plans = async (prefix: string) =>
    (
      await one.db.execute<{ name: string; generic_plans: string; custom_plans: string }>(
        sql`select name, generic_plans, custom_plans from pg_prepared_statements where name like ${`${prefix}%`}`,
      )
    ).rows.map((row) => ({
      name: row.name,
      generic: Number(row.generic_plans),
      custom: Number(row.custom_plans),
    }));

  it("runs a page's cards as a named statement, reused by the next page", async () => {
    // A shaped statement is named from its third run (shaped-statement.ts).
    for (const grade of ["5", "6", "7"]) {
      const answer = await page({ grade, sort: "price-desc", page: "2" });
      expect(answer.resources.length).toBeGreaterThan(0);
    }
    const cards = await named("grid_page_");
    expect(cards).toHaveLength(1);
    // Another grade and page of the same shape: the same statement, not a new one.
    await page({ grade: "8", sort: "price-desc", page: "1" });
    expect(await named("grid_page_")).toEqual(cards);
  });

  it("asks for store-wide sales only when a creator on the page runs one, then as a named statement", async () => {
    const query = { grade: "4", price: "paid", sort: "price-desc", page: "1" };
    const before = await page(query);
    // No creator runs a sale: the page is priced without a second statement.
    expect(await named("running_store_sales_")).toEqual([]);
    const card = before.resources[0]!;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await one.db.insert(storeSales).values({
      users_id: card.creator.id,
      percent_off: 20,
      all_resources: true,
      starts_on: day(-1),
      ends_on: day(2),
    });
    catalogueChanged(one.db);
    const during = await page(query);
    const priced = during.resources.find((c) => c.id === card.id)!;
    // The price the rule gives (the lower of its own sale and 20% off), and it is lower than the list price.
    const expected = bestSalePrice(card, { percentOff: 20, endsOn: day(2) });
    expect({ sale_price: priced.sale_price, sale_end: priced.sale_end }).toEqual(expected);
    expect(priced.sale_price).toBeLessThan(card.price);
    // Cards of other creators keep their own prices.
    for (const other of during.resources.filter((c) => c.creator.id !== card.creator.id)) {
      expect(other.sale_price).toBe(before.resources.find((c) => c.id === other.id)?.sale_price);
    }
    const sales = await named("running_store_sales_");
    expect(sales).toHaveLength(1);
    await page({ ...query, page: "2" });
    expect(await named("running_store_sales_")).toEqual(sales);
    await one.db.delete(storeSales);
    catalogueChanged(one.db);
    expect((await page(query)).resources.find((c) => c.id === card.id)?.sale_price).toBe(card.sale_price);
  });

  it("plans a grid page's statement once and keeps that plan for every grade and page", async () => {
    const grades = ["K", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"];
    const before = new Set(await named("grid_page_"));
    const seen: string[][] = [];
    for (const [i, grade] of grades.entries()) {
      const answer = await page({ grade, price: "free", sort: "downloads", page: String((i % 3) + 1) });
      seen.push(answer.resources.map((card) => card.id));
    }
    const [statement, ...others] = (await plans("grid_page_")).filter((p) => !before.has(p.name));
    expect(others).toEqual([]);
    // Named from the third run: five runs planned for their values, then the kept plan for the rest.
    // With the values bound as plain parameters every run was planned anew (custom plans only).
    expect(statement).toBeDefined();
    expect(statement!.generic).toBeGreaterThanOrEqual(grades.length - 2 - 5);
    // The kept plan answers as a fresh one does: the same page through an unnamed statement.
    const fresh = await listPublishedResources(
      t.db,
      resourceListQuerySchema.parse({ grade: "11", price: "free", sort: "downloads", page: "3" }),
      new TtlCache<number>(0),
    );
    expect(seen.at(-1)).toEqual(fresh.resources.map((card) => card.id));
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

  const planOf = async (query: ReturnType<typeof sql>) =>
    (await t.db.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`)).rows
      .map((row) => row["QUERY PLAN"])
      .join("\n");

  it("reads a grade's On sale page in its order from an index alone (resources_listed_sale_*_idx)", async () => {
    await t.db.execute(sql`vacuum resources`);
    const text = await planOf(
      sql`select r.id from resources r where ${LISTED} and r.grade = '5' and ${SALE_RUNS}
          order by r.price desc, r.id desc limit 24 offset 24`,
    );
    expect(text, text).toContain("Index Only Scan Backward using resources_listed_sale_price_idx");
  });

  it("reads Free and Paid pages, and On sale in any order, from an index alone", async () => {
    await t.db.execute(sql`vacuum resources`);
    const free = await planOf(
      sql`select r.id from resources r where ${LISTED} and r.grade = '5' and r.price = 0
          order by r.download_count desc nulls last, r.id limit 24 offset 240`,
    );
    expect(free, free).toContain("Index Only Scan using resources_listed_grade_downloads_idx");
    const paid = await planOf(
      sql`select r.id from resources r where ${LISTED} and r.price > 0
          order by r.published_at desc nulls last, r.id limit 24 offset 240`,
    );
    expect(paid, paid).toContain("Index Only Scan using resources_listed_newest_idx");
    const sale = await planOf(
      sql`select r.id from resources r where ${LISTED} and ${SALE_RUNS}
          order by r.download_count desc nulls last, r.id limit 24`,
    );
    expect(sale, sale).toContain("Index Only Scan using resources_listed_sale_downloads_idx");
  });
});
