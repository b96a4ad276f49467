import { INSIGHT_MAX_DAYS, type InsightFigures } from "@market/domain";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../test/factories.ts";
import { insightTestbed } from "./insight-testbed.ts";
import { INSIGHT_EXACT_VISITORS } from "./visitor-estimate.ts";

const FIGURES = ["views", "downloads", "purchases", "revenueCents", "favorites", "follows"] as const;

describe("insight: what a creator and an admin read", () => {
  const bed = insightTestbed();

  /** Daily rows written directly: a period's history without waiting for days to pass. */
  const history = async (
    resourceId: string,
    creatorId: string,
    rows: [day: string, views: number, downloads: number][],
  ) => {
    for (const [day, views, downloads] of rows) {
      await bed.t.db.execute(sql`
        insert into resource_daily_stats (resource_id, creator_id, day, views, downloads, purchases, revenue_cents)
        values (${resourceId}, ${creatorId}, ${day}, ${views}, ${downloads}, 1, 700)`);
    }
  };

  it("has every day of the period, zeros included, and totals that are the sums of the series", async () => {
    const resource = await bed.resource();
    const today = bed.today();
    const from = bed.dayFrom(today, -9);
    await history(resource.id, bed.creator.id, [
      [bed.dayFrom(today, -8), 5, 1],
      [bed.dayFrom(today, -3), 7, 2],
    ]);
    await bed.view(resource.id);
    await bed.view(resource.id, { auth: bed.auth.reader });

    const { status, body } = await bed.insight({ from, to: today });
    expect(status).toBe(200);
    expect(body.series).toHaveLength(10);
    expect(body.series[0]!.period).toBe(from);
    expect(body.series.at(-1)!).toMatchObject({ period: today, views: 2, uniqueVisitors: 2 });
    expect(body.series[1]).toMatchObject({ views: 5, downloads: 1, purchases: 1, revenueCents: 700 });
    expect(body.series[2]).toMatchObject({ views: 0, downloads: 0, purchases: 0, revenueCents: 0 });
    for (const figure of FIGURES) {
      expect(body.totals[figure], figure).toBe(
        body.series.reduce((t, p) => t + p[figure as keyof InsightFigures], 0),
      );
    }
    expect(body.totals).toMatchObject({
      views: 14,
      downloads: 3,
      purchases: 2,
      revenueCents: 1400,
      uniqueVisitors: 2,
    });
    // (2 purchases + 3 downloads) per 2 visitors.
    expect(body.totals.conversionPercent).toBe(250);
  });

  it("groups by week (from Monday) and month, the first point labelled with the period's first day", async () => {
    const { body: weeks } = await bed.insight({ from: "2026-03-04", to: "2026-03-31", interval: "week" });
    expect(weeks.series.map((p) => p.period)).toEqual([
      "2026-03-04",
      "2026-03-09",
      "2026-03-16",
      "2026-03-23",
      "2026-03-30",
    ]);
    const { body: months } = await bed.insight({ from: "2025-12-15", to: "2026-02-01", interval: "month" });
    expect(months.series.map((p) => p.period)).toEqual(["2025-12-15", "2026-01-01", "2026-02-01"]);
  });

  it("counts a visitor of several days once in the period's total, and says so: the total is not the sum", async () => {
    const resource = await bed.resource();
    const today = bed.today();
    await bed.view(resource.id, { auth: bed.auth.reader });
    await bed.t.db.execute(
      sql`update resource_view_marks set day = day - 1 where resource_id = ${resource.id}`,
    );
    await bed.view(resource.id, { auth: bed.auth.reader });
    const { body } = await bed.insight({ from: bed.dayFrom(today, -1), to: today, resourceId: resource.id });
    expect(body.series.map((p) => p.uniqueVisitors)).toEqual([1, 1]);
    expect(body.totals.uniqueVisitors).toBe(1);
  });

  it("estimates a busy creator's distinct visitors from the day's sketches, counted by the beacon", async () => {
    const busy = await makeUser(bed.t.db);
    const resource = await bed.resource(busy);
    for (let i = 0; i < 3; i++) await bed.view(resource.id);
    const today = bed.today();
    // A past day busier than the exact count reads: the period is estimated.
    await bed.t.db.execute(sql`
      insert into resource_daily_stats (resource_id, creator_id, day, views)
      values (${resource.id}, ${busy.id}, ${bed.dayFrom(today, -2)}, ${INSIGHT_EXACT_VISITORS + 1})`);
    const { body } = await bed.insight(
      { from: bed.dayFrom(today, -2), to: today },
      await bed.t.tokenFor(busy.id),
    );
    // Linear counting on 1,024 registers: three visitors are three (two if two share a register, 0.3%).
    expect(body.totals.uniqueVisitors).toBeGreaterThanOrEqual(2);
    expect(body.totals.uniqueVisitors).toBeLessThanOrEqual(3);
    expect(body.series.at(-1)!.uniqueVisitors).toBe(body.totals.uniqueVisitors);
    expect(body.series[0]!.uniqueVisitors).toBe(0);
  });

  it("lists the sources most first, with the other sites by host", async () => {
    const resource = await bed.resource();
    for (let i = 0; i < 3; i++) await bed.view(resource.id, { body: { source: "search" } });
    await bed.view(resource.id, {
      body: { source: "external", referrer: "https://www.pinterest.com/pin/1" },
    });
    await bed.view(resource.id, { body: { source: "external", referrer: "https://pinterest.com/pin/2" } });
    await bed.view(resource.id, { body: { source: "external", referrer: "https://blog.example.org/post" } });
    const { body } = await bed.insight({ from: bed.today(), to: bed.today(), resourceId: resource.id });
    expect(body.sources).toEqual([
      { source: "search", host: null, views: 3 },
      { source: "external", host: "pinterest.com", views: 2 },
      { source: "external", host: "blog.example.org", views: 1 },
    ]);
  });

  it("reads only the creator's own resources: another creator's resourceId is refused", async () => {
    const theirs = await bed.resource(bed.otherCreator);
    await bed.view(theirs.id);
    const refused = await bed.insight({ from: bed.today(), to: bed.today(), resourceId: theirs.id });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe("not_found");
    const unknown = await bed.insight({
      from: bed.today(),
      to: bed.today(),
      resourceId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
    // Their views are not in this creator's "all resources" either; they are in their own.
    const mine = await bed.insight({ from: bed.today(), to: bed.today() });
    const own = await bed.insight({ from: bed.today(), to: bed.today() }, bed.auth.otherCreator);
    expect(own.body.totals.views).toBe(1);
    expect(mine.body.totals.views + own.body.totals.views).toBeGreaterThan(mine.body.totals.views);
    const anonymous = await bed.insight({ from: bed.today(), to: bed.today() }, {});
    expect(anonymous.status).toBe(401);
  });

  it("refuses a period that ends before it starts, is too long, or is not made of dates", async () => {
    const today = bed.today();
    const cases: Record<string, string>[] = [
      { from: today, to: bed.dayFrom(today, -1) },
      { from: bed.dayFrom(today, -INSIGHT_MAX_DAYS), to: today },
      { from: "2026-13-01", to: today },
      { from: today, to: today, interval: "year" },
      { from: today, to: today, resourceId: "x" },
      { to: today },
    ];
    for (const query of cases) {
      const res = await bed.insight(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
    const longest = await bed.insight({
      from: bed.dayFrom(today, 1 - INSIGHT_MAX_DAYS),
      to: today,
      interval: "month",
    });
    expect(longest.status).toBe(200);
  });

  it("gives admins the same funnel for the whole site, and no one else", async () => {
    const mine = await bed.resource();
    const theirs = await bed.resource(bed.otherCreator);
    await bed.view(mine.id, { auth: bed.auth.reader });
    await bed.view(theirs.id, { auth: bed.auth.reader });
    const site = await bed.insight(
      { from: bed.today(), to: bed.today() },
      bed.auth.admin,
      "/api/admin/insight",
    );
    expect(site.status).toBe(200);
    const mineOnly = await bed.insight({ from: bed.today(), to: bed.today() });
    expect(site.body.totals.views).toBeGreaterThan(mineOnly.body.totals.views);
    expect(site.body.totals.uniqueVisitors).toBeGreaterThanOrEqual(1);
    const creator = await bed.insight(
      { from: bed.today(), to: bed.today() },
      bed.auth.creator,
      "/api/admin/insight",
    );
    expect(creator.status).toBe(403);
    const visitor = await bed.insight({ from: bed.today(), to: bed.today() }, {}, "/api/admin/insight");
    expect(visitor.status).toBe(401);
  });
});
