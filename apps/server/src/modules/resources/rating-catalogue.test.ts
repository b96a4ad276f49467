import {
  bayesianRating,
  RESULT_COUNT_CAP,
  type ResourceCard,
  type ResourceListQuery,
  resourceListQuerySchema,
  searchTerms,
} from "@market/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { users } from "../../db/schema/index.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeResource, makeUser } from "../../test/factories.ts";
import { countKey, listPublishedResources } from "./resource-list.service.ts";
import { indexedTerms } from "./search-sql.ts";

/**
 * "Top rated" and "N stars & up" on the catalogue (issue 21). Reviews are written with SQL, as any writer
 * would: the reviews trigger (migration 0020) keeps each resource's count and sum, and the database
 * computes the shown average and the Bayesian score from them.
 *
 * The worked example, with the prior of ten 4-star ratings (RATING_PRIOR, DECISIONS.md):
 *   one-five      one 5-star review            (40 + 5) / (10 + 1)    = 45/11  = 4.0909   average 5.0
 *   forty-good    forty reviews, sum 192 (4.8) (40 + 192) / (10 + 40) = 232/50 = 4.64     average 4.8
 *   tie-popular   a 4 and a 5, 50 downloads    (40 + 9) / (10 + 2)    = 49/12  = 4.0833   average 4.5
 *   tie-quiet     a 4 and a 5, 10 downloads    the same score: fewer downloads, after tie-popular
 *   rounds-up     twenty reviews, sum 79       (40 + 79) / 30         = 3.9667  average 3.95, shown 4.0
 *   just-below    twenty reviews, sum 78       (40 + 78) / 30         = 3.9333  average 3.9
 *   poor          three 2-star reviews         (40 + 6) / 13          = 3.5385  average 2.0
 *   unrated-hit   no review, 1,000 downloads   no score: after every rated one, however popular
 * so forty good reviews outrank one perfect one, and a single review barely moves a resource off the prior.
 */
describe("ratings in the catalogue: Top rated and the minimum rating", () => {
  let t: TestApp;
  let reviewers: (typeof users.$inferSelect)[];
  const DAY = 86_400_000;
  const start = Date.now() - 30 * DAY;

  /** The resources of the worked example, oldest first (the default order lists them newest first). */
  const RESOURCES = [
    { name: "one-five", title: "Fractions Bingo", grade: "3", type: "Game", price: 0, ratings: [5] },
    {
      name: "forty-good",
      title: "Fractions Worksheets",
      grade: "3",
      type: "Worksheet",
      price: 500,
      // 32 fives and 8 fours: 160 + 32 = 192, an average of 4.8.
      ratings: [...Array(32).fill(5), ...Array(8).fill(4)],
    },
    {
      name: "unrated-hit",
      title: "Fractions Puzzles",
      grade: "3",
      type: "Game",
      price: 0,
      ratings: [],
      downloads: 1000,
    },
    {
      name: "tie-popular",
      title: "Volcano Game",
      grade: "5",
      type: "Game",
      price: 300,
      ratings: [4, 5],
      downloads: 50,
    },
    {
      name: "tie-quiet",
      title: "Volcano Quiz",
      grade: "5",
      type: "Game",
      price: 300,
      ratings: [5, 4],
      downloads: 10,
    },
    {
      name: "rounds-up",
      title: "Fractions Task Cards",
      grade: "3",
      type: "Worksheet",
      price: 400,
      // 19 fours and a 3: 76 + 3 = 79 over 20 = 3.95, shown as 4.0.
      ratings: [...Array(19).fill(4), 3],
    },
    {
      name: "just-below",
      title: "Fractions Review",
      grade: "5",
      type: "Worksheet",
      price: 0,
      // 18 fours and two 3s: 72 + 6 = 78 over 20 = 3.9.
      ratings: [...Array(18).fill(4), 3, 3],
    },
    { name: "poor", title: "Fractions Dominoes", grade: "3", type: "Game", price: 0, ratings: [2, 2, 2] },
  ] as const;
  const UNRATED_QUIET = "unrated-quiet";

  beforeAll(async () => {
    t = await buildTestApp();
    const creator = await makeUser(t.db, { username: "rated_maker" });
    reviewers = [];
    for (let i = 0; i < 40; i++) reviewers.push(await makeUser(t.db));
    for (const [i, r] of RESOURCES.entries()) {
      const row = await makeResource(t.db, {
        users_id: creator.id,
        name: r.name,
        title: r.title,
        grade: r.grade,
        type: r.type,
        price: r.price,
        download_count: "downloads" in r ? r.downloads : 20 + i,
        published_at: new Date(start + i * DAY),
      });
      if (r.ratings.length > 0) {
        await t.db.execute(sql`
          insert into reviews (resource_id, users_id, rating)
          select ${row.id}::uuid, (${sql.raw(`array['${reviewers.map((u) => u.id).join("','")}']`)}::uuid[])[n],
                 (${sql.raw(`array[${r.ratings.join(",")}]`)}::smallint[])[n]
          from generate_series(1, ${r.ratings.length}::int) n`);
      }
    }
    await makeResource(t.db, {
      users_id: creator.id,
      name: UNRATED_QUIET,
      title: "Map Skills Posters",
      grade: "4",
      type: "Poster",
      price: 0,
      download_count: 5,
      published_at: new Date(start + 20 * DAY),
    });
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/resources?pageSize=48&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { resources: ResourceCard[]; total: number; totalIsCapped: boolean };
  };
  const names = async (query: string) => (await list(query)).resources.map((r) => r.name);

  it("the worked example's numbers are the domain's rule", () => {
    expect(bayesianRating(1, 5)).toBeCloseTo(45 / 11, 10);
    expect(bayesianRating(40, 192)).toBeCloseTo(4.64, 10);
    expect(bayesianRating(40, 192)!).toBeGreaterThan(bayesianRating(1, 5)!);
    expect(bayesianRating(20, 79)).toBeCloseTo(119 / 30, 10);
  });

  it("keeps each resource's count and sum by trigger, and its score by the database", async () => {
    const rows = await t.db.execute<{
      name: string;
      rating_count: number;
      rating_sum: number;
      rating_score: number;
    }>(
      sql`select name, rating_count, rating_sum, rating_score from resources where name in ('one-five', 'forty-good')
          order by name`,
    );
    expect(rows.rows.map((r) => [r.name, r.rating_count, r.rating_sum, Number(r.rating_score)])).toEqual([
      ["forty-good", 40, 192, 4.64],
      ["one-five", 1, 5, 45 / 11],
    ]);
  });

  it("orders Top rated by the Bayesian score, ties by downloads, unrated last by downloads", async () => {
    expect(await names("sort=rating")).toEqual([
      "forty-good", // 4.64
      "one-five", // 4.0909
      "tie-popular", // 4.0833, 50 downloads
      "tie-quiet", // 4.0833, 10 downloads
      "rounds-up", // 3.9667
      "just-below", // 3.9333
      "poor", // 3.5385
      "unrated-hit", // no reviews, 1,000 downloads
      UNRATED_QUIET, // no reviews, 5 downloads
    ]);
  });

  it("pages Top rated without losing or repeating a resource", async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/resources?sort=rating&pageSize=4&page=${page}`,
      });
      pages.push(...(res.json().resources as ResourceCard[]).map((r) => r.name));
    }
    expect(pages).toEqual(await names("sort=rating"));
  });

  it("gives every card its rating: the shown average and the count, or null and 0 without reviews", async () => {
    const cards = new Map((await list("sort=rating")).resources.map((r) => [r.name, r.rating]));
    expect(cards.get("forty-good")).toEqual({ average: 4.8, count: 40 });
    expect(cards.get("one-five")).toEqual({ average: 5, count: 1 });
    expect(cards.get("rounds-up")).toEqual({ average: 4, count: 20 });
    expect(cards.get("just-below")).toEqual({ average: 3.9, count: 20 });
    expect(cards.get("unrated-hit")).toEqual({ average: null, count: 0 });
    expect(cards.get(UNRATED_QUIET)).toEqual({ average: null, count: 0 });
  });

  it("keeps only resources whose shown average reaches the minimum; 3.95 shows as 4.0 and passes 4", async () => {
    const four = await list("minRating=4");
    // The default order: newest first.
    expect(four.resources.map((r) => r.name)).toEqual([
      "rounds-up",
      "tie-quiet",
      "tie-popular",
      "forty-good",
      "one-five",
    ]);
    expect(four.total).toBe(5);
    expect(await names("minRating=5")).toEqual(["one-five"]);
    expect(await names("minRating=4&sort=rating")).toEqual([
      "forty-good",
      "one-five",
      "tie-popular",
      "tie-quiet",
      "rounds-up",
    ]);
    expect(await names("minRating=3&sort=rating")).toEqual([
      "forty-good",
      "one-five",
      "tie-popular",
      "tie-quiet",
      "rounds-up",
      "just-below",
    ]);
    expect(await names("minRating=2&sort=downloads")).toEqual([
      "tie-popular",
      "poor",
      "just-below",
      "rounds-up",
      "forty-good",
      "one-five",
      "tie-quiet",
    ]);
  });

  it("never lets an unrated resource pass, not even at one star", async () => {
    const one = await list("minRating=1&sort=downloads");
    expect(one.total).toBe(7);
    expect(one.resources.map((r) => r.name)).not.toContain("unrated-hit");
    expect(one.resources.map((r) => r.name)).not.toContain(UNRATED_QUIET);
    expect(one.resources.every((r) => r.rating.count > 0)).toBe(true);
  });

  it.each<[string, string[]]>([
    ["grade=3", ["rounds-up", "forty-good", "one-five"]],
    ["grade=5", ["tie-quiet", "tie-popular"]],
    ["grade=3&type=Game", ["one-five"]],
    ["type=Game", ["tie-quiet", "tie-popular", "one-five"]],
    ["type=Worksheet", ["rounds-up", "forty-good"]],
    ["price=free", ["one-five"]],
    ["price=paid", ["rounds-up", "tie-quiet", "tie-popular", "forty-good"]],
    ["grade=3&price=paid&sort=price-asc", ["rounds-up", "forty-good"]],
    ["grade=3&sort=rating", ["forty-good", "one-five", "rounds-up"]],
  ])("works with the other filters: minRating=4&%s", async (filters, expected) => {
    const answer = await list(`minRating=4&${filters}`);
    expect(answer.resources.map((r) => r.name)).toEqual(expected);
    expect(answer.total).toBe(expected.length);
  });

  it("works with search, in relevance order and in the orders a search may choose", async () => {
    // "fractions": in every title but the volcano ones and the posters.
    const ranked = await list("q=fractions&minRating=4");
    // All three have the word whole in the title: the same relevance, then the most downloaded first.
    expect(ranked.resources.map((r) => r.name)).toEqual(["rounds-up", "forty-good", "one-five"]);
    expect(ranked.total).toBe(3);
    expect(await names("q=fractions&minRating=4&sort=rating")).toEqual([
      "forty-good",
      "one-five",
      "rounds-up",
    ]);
    expect(await names("q=fractions&sort=rating")).toEqual([
      "forty-good",
      "one-five",
      "rounds-up",
      "just-below",
      "poor",
      "unrated-hit",
    ]);
    expect(await names("q=fractions&minRating=4&sort=newest")).toEqual([
      "rounds-up",
      "forty-good",
      "one-five",
    ]);
    expect(await names("q=fractions&minRating=3&grade=5")).toEqual(["just-below"]);
    expect(await names("q=fractions&minRating=4&grade=5")).toEqual([]);
    expect(await names("q=volcano&minRating=4")).toEqual(["tie-popular", "tie-quiet"]);
    expect(await names("q=volcano&minRating=5")).toEqual([]);
    expect(await names("q=fractio&minRating=4&type=Game")).toEqual(["one-five"]);
  });

  it("a search's shaped statements tell a minimum rating from none, and one minimum from another", async () => {
    // The same shape of search with and without the filter, then with different values, one after another.
    expect(await names("q=fractions")).toHaveLength(6);
    expect(await names("q=fractions&minRating=4")).toHaveLength(3);
    expect(await names("q=fractions&minRating=2")).toHaveLength(5);
    expect(await names("q=fractions")).toHaveLength(6);
    expect(await names("q=fractions&minRating=5")).toEqual(["one-five"]);
  });

  it("filters a search past the count's cap (read by relevance bands) by the minimum too", async () => {
    // A total past the cap, as a broad search's count would have left it: the page is read by bands.
    const counts = new TtlCache<number>(60_000);
    const query: ResourceListQuery = resourceListQuerySchema.parse({
      q: "fractions",
      minRating: "4",
      pageSize: "48",
    });
    const terms = (await indexedTerms(t.db, searchTerms("fractions", false)))!;
    // A minimum is part of what a total counts: each minimum has its own.
    expect(countKey(query, terms)).not.toBe(countKey({ ...query, minRating: undefined }, terms));
    expect(countKey(query, terms)).not.toBe(countKey({ ...query, minRating: 3 }, terms));
    counts.set(countKey(query, terms), RESULT_COUNT_CAP + 1);
    const answer = await listPublishedResources(t.db, query, counts);
    expect(answer.totalIsCapped).toBe(true);
    expect(answer.resources.map((r) => r.name)).toEqual(["rounds-up", "forty-good", "one-five"]);
    const grade5 = resourceListQuerySchema.parse({ q: "fractions", minRating: "3", grade: "5" });
    counts.set(countKey(grade5, terms), RESULT_COUNT_CAP + 1);
    expect((await listPublishedResources(t.db, grade5, counts)).resources.map((r) => r.name)).toEqual([
      "just-below",
    ]);
  });

  it("refuses a minimum outside 1 to 5 or not a whole number", async () => {
    for (const bad of ["0", "6", "4.5", "four", ""]) {
      const res = await t.app.inject({ method: "GET", url: `/api/resources?minRating=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe("validation_failed");
    }
  });
});
