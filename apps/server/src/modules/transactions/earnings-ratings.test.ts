import type { ResourceRatingsResponse } from "@market/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeResource, makeUser } from "../../test/factories.ts";

/** Issue 21: the creator's earnings page shows the ratings of each of their resources. */
describe("GET /earnings/self/ratings", () => {
  let t: TestApp;
  let creatorAuth: { authorization: string };
  let readerAuth: { authorization: string };
  let ids: Record<"fractions" | "tides" | "retired" | "unrated" | "draft", string>;

  beforeAll(async () => {
    t = await buildTestApp();
    const creator = await makeUser(t.db);
    const reader = await makeUser(t.db);
    const teachers = await Promise.all([1, 2, 3, 4].map(() => makeUser(t.db)));
    creatorAuth = await t.authHeader(creator.username);
    readerAuth = await t.authHeader(reader.username);
    const own = (over: Parameters<typeof makeResource>[1]) => makeResource(t.db, over);
    const [fractions, tides, retired, unrated, draft] = await Promise.all([
      own({ users_id: creator.id, name: "fractions", title: "Fractions Fun" }),
      own({ users_id: creator.id, name: "tides", title: "Tides" }),
      // Published once and deactivated since: its reviews still say how it went.
      own({ users_id: creator.id, name: "retired", title: "Retired unit", status: "inactive" }),
      own({ users_id: creator.id, name: "unrated", title: "Unrated worksheet" }),
      own({
        users_id: creator.id,
        name: "draft",
        title: "Draft",
        approval_status: "creating",
        published_at: null,
      }),
    ]);
    ids = {
      fractions: fractions.id,
      tides: tides.id,
      retired: retired.id,
      unrated: unrated.id,
      draft: draft.id,
    };
    const someoneElses = await makeResource(t.db, { users_id: reader.id, title: "Not theirs" });
    const [a, b, c, d] = teachers.map((u) => u.id) as [string, string, string, string];
    // Fractions: 5, 4 and 4 stars shown, and a 1-star review an admin hid (it counts nowhere).
    await t.db.execute(sql`
      insert into reviews (resource_id, users_id, rating, hidden_at) values
        (${fractions.id}, ${a}, 5, null), (${fractions.id}, ${b}, 4, null), (${fractions.id}, ${c}, 4, null),
        (${fractions.id}, ${d}, 1, now()),
        (${tides.id}, ${a}, 2, null),
        (${retired.id}, ${b}, 5, null),
        (${someoneElses.id}, ${c}, 3, null)`);
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string>) =>
    t.app.inject({ method: "GET", url: "/api/earnings/self/ratings", headers });

  it("lists each published resource with its average, count and distribution, most reviewed first", async () => {
    const res = await get(creatorAuth);
    expect(res.statusCode).toBe(200);
    const { resources } = res.json<ResourceRatingsResponse>();
    expect(resources).toEqual([
      {
        id: ids.fractions,
        name: "fractions",
        title: "Fractions Fun",
        rating: { average: 4.3, count: 3, distribution: [0, 0, 0, 2, 1] },
      },
      // One review each: the better rated first.
      {
        id: ids.retired,
        name: "retired",
        title: "Retired unit",
        rating: { average: 5, count: 1, distribution: [0, 0, 0, 0, 1] },
      },
      {
        id: ids.tides,
        name: "tides",
        title: "Tides",
        rating: { average: 2, count: 1, distribution: [0, 1, 0, 0, 0] },
      },
      // Unrated: no average rather than zero stars. The draft, never published, is not listed.
      {
        id: ids.unrated,
        name: "unrated",
        title: "Unrated worksheet",
        rating: { average: null, count: 0, distribution: [0, 0, 0, 0, 0] },
      },
    ]);
    expect(resources.map((r) => r.id)).not.toContain(ids.draft);
  });

  it("follows a review being shown again and deleted, as the card's rating does", async () => {
    await t.db.execute(
      sql`update reviews set hidden_at = null where resource_id = ${ids.fractions} and rating = 1`,
    );
    await t.db.execute(sql`delete from reviews where resource_id = ${ids.tides}`);
    const { resources } = (await get(creatorAuth)).json<ResourceRatingsResponse>();
    const rating = (id: string) => resources.find((r) => r.id === id)?.rating;
    expect(rating(ids.fractions)).toEqual({ average: 3.5, count: 4, distribution: [1, 0, 0, 2, 1] });
    expect(rating(ids.tides)).toEqual({ average: null, count: 0, distribution: [0, 0, 0, 0, 0] });
    const [card] = await t.db
      .execute<{ rating_count: number; rating_average: string }>(
        sql`select rating_count, rating_average from resources where id = ${ids.fractions}`,
      )
      .then((r) => r.rows);
    expect([card?.rating_count, Number(card?.rating_average)]).toEqual([4, 3.5]);
  });

  it("shows each user only their own resources, and no one who is not signed in", async () => {
    const theirs = (await get(readerAuth)).json<ResourceRatingsResponse>().resources;
    expect(theirs.map((r) => r.title)).toEqual(["Not theirs"]);
    expect((await get({})).statusCode).toBe(401);
  });
});
