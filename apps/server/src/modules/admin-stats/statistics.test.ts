import type { StatisticsResponse } from "@market/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeResource, makeUser } from "../../test/factories.ts";

/**
 * /admin/statistics over rows seeded at known instants of March 2025. The site's time zone is
 * America/New_York, so 2025-03-01T03:00Z (the evening of 28 February there) falls outside March.
 */
describe("admin statistics", () => {
  let t: TestApp;
  let adminAuth: { authorization: string };
  let userAuth: { authorization: string };
  let creator: { id: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.db);
    const user = await makeUser(t.db);
    adminAuth = await t.authHeader(admin.username);
    userAuth = await t.authHeader(user.username);
    creator = await makeUser(t.db, { created_at: new Date("2025-03-03T15:00:00Z") });
    await makeUser(t.db, { created_at: new Date("2025-03-03T23:00:00Z") });
    await makeUser(t.db, { created_at: new Date("2025-03-12T15:00:00Z") });
    await makeUser(t.db, { created_at: new Date("2025-03-01T03:00:00Z") }); // 28 Feb in New York
    const buyer = await makeUser(t.db, { created_at: new Date("2025-01-01T12:00:00Z") });

    const r1 = await makeResource(t.db, {
      users_id: creator.id,
      published_at: new Date("2025-03-04T12:00:00Z"),
    });
    const r2 = await makeResource(t.db, {
      users_id: creator.id,
      published_at: new Date("2025-03-20T12:00:00Z"),
      status: "inactive", // published in March, deactivated since: it was still published then
    });
    await makeResource(t.db, { users_id: creator.id, published_at: new Date("2025-04-02T12:00:00Z") });

    const at = (iso: string) => sql`${iso}::timestamptz`;
    await t.db.execute(sql`
      insert into downloads (resource_id, users_id, created_at) values
        (${r1.id}, ${buyer.id}, ${at("2025-03-05T12:00:00Z")}),
        (${r2.id}, ${buyer.id}, ${at("2025-03-21T12:00:00Z")}),
        (${r1.id}, ${creator.id}, ${at("2025-03-21T13:00:00Z")})`);
    const [payment] = await t.db
      .execute<{ id: string }>(sql`
        insert into payments (users_id, purpose, amount_cents, status, gateway)
        values (${buyer.id}, 'purchase', 1000, 'captured', 'sandbox') returning id`)
      .then((r) => r.rows);
    const pay = payment!.id;
    await t.db.execute(sql`
      insert into sales (resource_id, buyer_id, amount_cents, payment_id, created_at) values
        (${r1.id}, ${buyer.id}, 499, ${pay}, ${at("2025-03-05T12:00:00Z")}),
        (${r2.id}, ${buyer.id}, 1200, ${pay}, ${at("2025-03-18T12:00:00Z")})`);
    await t.db.execute(sql`
      insert into tips (tipper_id, recipient_id, amount_cents, tip_day, payment_id, created_at) values
        (${buyer.id}, ${creator.id}, 300, '2025-03-06', ${pay}, ${at("2025-03-06T12:00:00Z")})`);
    await t.db.execute(sql`
      insert into donations (users_id, amount_cents, payment_id, created_at) values
        (${buyer.id}, 1000, ${pay}, ${at("2025-03-31T23:00:00Z")}),
        (${buyer.id}, 700, ${pay}, ${at("2025-04-01T05:00:00Z")})`); // 1 April 01:00 in New York
    const [ad] = await t.db
      .execute<{ id: string }>(
        sql`insert into advertisements (users_id, ad_type) values (${creator.id}, '1') returning id`,
      )
      .then((r) => r.rows);
    await t.db.execute(sql`
      insert into ad_daily_stats (ad_id, day, impressions, clicks, spend_cents) values
        (${ad!.id}, '2025-03-03', 100, 3, 20), (${ad!.id}, '2025-03-11', 50, 1, 10), (${ad!.id}, '2025-04-01', 9, 9, 9)`);
    const [ledger] = await t.db
      .execute<{ id: string }>(sql`
        insert into ledger_transactions (kind, created_at) values ('ad', ${at("2025-03-10T12:00:00Z")}) returning id`)
      .then((r) => r.rows);
    await t.db.execute(sql`
      insert into ledger_entries (transaction_id, account, amount_cents, created_at) values
        (${ledger!.id}, 'card_clearing', 2500, ${at("2025-03-10T12:00:00Z")}),
        (${ledger!.id}, 'platform_revenue', -2500, ${at("2025-03-10T12:00:00Z")})`);
    await t.db.execute(sql`
      insert into user_active_days (day, users_id) values
        ('2025-03-03', ${buyer.id}), ('2025-03-04', ${buyer.id}), ('2025-03-04', ${creator.id}),
        ('2025-03-20', ${buyer.id})`);
    // Reviews (issue 21): two in the week of 3 March (5 and 4 stars), one hidden by an admin in the week of
    // 17 March beside a shown 4-star one, and one written on 28 February in New York.
    const reviewer = await makeUser(t.db, { created_at: new Date("2025-01-01T12:00:00Z") });
    await t.db.execute(sql`
      insert into reviews (resource_id, users_id, rating, created_at, hidden_at) values
        (${r1.id}, ${buyer.id}, 5, ${at("2025-03-05T12:00:00Z")}, null),
        (${r1.id}, ${user.id}, 4, ${at("2025-03-06T12:00:00Z")}, null),
        (${r2.id}, ${buyer.id}, 1, ${at("2025-03-18T12:00:00Z")}, ${at("2025-03-19T12:00:00Z")}),
        (${r2.id}, ${user.id}, 4, ${at("2025-03-20T12:00:00Z")}, null),
        (${r2.id}, ${reviewer.id}, 3, ${at("2025-03-01T03:00:00Z")}, null)`);
  });
  afterAll(() => t.close());

  const get = (query: string, auth: Record<string, string> = adminAuth) =>
    t.app.inject({ method: "GET", url: `/api/admin/statistics?${query}`, headers: auth });

  it("gives March by week: every week listed, each figure where it happened in the site's time zone", async () => {
    const res = await get("from=2025-03-01&to=2025-03-31&bucket=week");
    expect(res.statusCode).toBe(200);
    const body = res.json<StatisticsResponse>();
    expect(body.timeZone).toBe("America/New_York");
    expect(body.series.map((s) => s.period)).toEqual([
      "2025-02-24",
      "2025-03-03",
      "2025-03-10",
      "2025-03-17",
      "2025-03-24",
      "2025-03-31",
    ]);
    const week = (p: string) => body.series.find((s) => s.period === p)!;
    expect(week("2025-02-24")).toMatchObject({ signUps: 0, activeUsers: 0 }); // 28 Feb is before the period
    expect(week("2025-03-03")).toMatchObject({
      signUps: 2,
      activeUsers: 2,
      resourcesPublished: 1,
      downloads: 1,
      sales: 1,
      salesAmount: 499,
      tips: 1,
      tipsAmount: 300,
      adImpressions: 100,
      adClicks: 3,
    });
    expect(week("2025-03-10")).toMatchObject({ signUps: 1, adImpressions: 50, adClicks: 1, adIncome: 2500 });
    expect(week("2025-03-17")).toMatchObject({
      resourcesPublished: 1,
      downloads: 2,
      sales: 1,
      salesAmount: 1200,
      activeUsers: 1,
    });
    expect(week("2025-03-31")).toMatchObject({ donations: 1, donationsAmount: 1000 });
    expect(body.totals).toEqual({
      signUps: 3,
      activeUsers: 2, // two people, however many days they were active
      resourcesPublished: 2,
      downloads: 3,
      sales: 2,
      salesAmount: 1699,
      tips: 1,
      tipsAmount: 300,
      donations: 1,
      donationsAmount: 1000,
      adImpressions: 150,
      adClicks: 4,
      adIncome: 2500,
      reviews: 3,
      reviewsAverage: 4.3, // (5 + 4 + 4) / 3, to one decimal
    });
  });

  it("counts the reviews written in each bucket with their average, leaving out the hidden one", async () => {
    const weeks = (await get("from=2025-03-01&to=2025-03-31&bucket=week")).json<StatisticsResponse>();
    expect(weeks.series.map((s) => [s.period, s.reviews, s.reviewsAverage])).toEqual([
      ["2025-02-24", 0, null],
      ["2025-03-03", 2, 4.5],
      ["2025-03-10", 0, null],
      ["2025-03-17", 1, 4],
      ["2025-03-24", 0, null],
      ["2025-03-31", 0, null],
    ]);
    const months = (await get("from=2025-02-01&to=2025-03-31&bucket=month")).json<StatisticsResponse>();
    expect(months.series.map((s) => [s.period, s.reviews, s.reviewsAverage])).toEqual([
      ["2025-02-01", 1, 3],
      ["2025-03-01", 3, 4.3],
    ]);
    expect(months.totals).toMatchObject({ reviews: 4, reviewsAverage: 4 }); // 16 / 4
    // Shown again by an admin, the review counts again (with its one star).
    await t.db.execute(sql`update reviews set hidden_at = null where rating = 1`);
    const again = (await get("from=2025-03-17&to=2025-03-23&bucket=week")).json<StatisticsResponse>();
    expect(again.totals).toMatchObject({ reviews: 2, reviewsAverage: 2.5 });
    await t.db.execute(sql`update reviews set hidden_at = now() where rating = 1`);
  });

  it("gives days and months too, with empty buckets as zeros", async () => {
    const days = (await get("from=2025-03-03&to=2025-03-05&bucket=day")).json<StatisticsResponse>();
    expect(days.series.map((s) => [s.period, s.signUps, s.activeUsers, s.downloads])).toEqual([
      ["2025-03-03", 2, 1, 0],
      ["2025-03-04", 0, 2, 0],
      ["2025-03-05", 0, 0, 1],
    ]);
    const months = (await get("from=2025-02-01&to=2025-04-30&bucket=month")).json<StatisticsResponse>();
    expect(
      months.series.map((s) => [s.period, s.signUps, s.donations, s.resourcesPublished, s.adImpressions]),
    ).toEqual([
      ["2025-02-01", 1, 0, 0, 0],
      ["2025-03-01", 3, 1, 2, 150],
      ["2025-04-01", 0, 1, 1, 9],
    ]);
  });

  it.each([
    ["from=2025-03-10&to=2025-03-01", "to"],
    ["from=2020-01-01&to=2025-12-31&bucket=day", "bucket"],
    ["from=2025-03-01&to=2025-03-31&bucket=year", "bucket"],
    ["from=yesterday&to=2025-03-31", "from"],
    ["to=2025-03-31", "from"],
  ])("refuses %s with 400 naming %s", async (query, field) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it("is for admins only", async () => {
    expect((await get("from=2025-03-01&to=2025-03-31", userAuth)).statusCode).toBe(403);
    expect((await get("from=2025-03-01&to=2025-03-31", {})).statusCode).toBe(401);
  });

  it("counts a signed-in request as a day of activity, once", async () => {
    const visitor = await makeUser(t.db);
    const auth = await t.authHeader(visitor.username);
    for (let i = 0; i < 3; i++) await t.app.inject({ method: "GET", url: "/api/users/self", headers: auth });
    const rows = await t.db.execute(sql`select day from user_active_days where users_id = ${visitor.id}`);
    expect(rows.rows).toHaveLength(1);
  });
});
