import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { estimateFromSketches } from "../../modules/insight/visitor-estimate.ts";
import { makeResource, makeUser } from "../../test/factories.ts";
import { downloads } from "../schema/index.ts";
import { DEMO_VIEW_DAYS, insertDemoInsight } from "./demo-insight.ts";
import { rows, seedTestbed } from "./seed-testbed.ts";

describe("demo seed: page views for the insight charts", () => {
  const bed = seedTestbed(async ({ db }) => {
    const creator = await makeUser(db);
    const old = await makeResource(db, {
      users_id: creator.id,
      published_at: new Date(Date.now() - 400 * 86_400_000),
    });
    const fresh = await makeResource(db, {
      users_id: creator.id,
      published_at: new Date(Date.now() - 5 * 86_400_000),
    });
    const users = await Promise.all(Array.from({ length: 12 }, () => makeUser(db)));
    await db.insert(downloads).values([
      ...users.map((u, i) => ({
        resource_id: old.id,
        users_id: u.id,
        created_at: new Date(Date.now() - i * 3 * 86_400_000),
      })),
      { resource_id: fresh.id, users_id: users[0]!.id },
    ]);
    await db.transaction((tx) => insertDemoInsight(tx));
  });

  it("gives listed resources views over the last 90 days (none before publication), each with its visitor and source", async () => {
    const [stats] = await rows<{ days: number; views: number; first: string; actions: number }>(
      bed.db,
      sql`select count(*) filter (where views > 0)::int as days, sum(views)::int as views, min(day)::text as first,
            sum(downloads + purchases)::int as actions
          from resource_daily_stats where day > insight_day(now()) - ${DEMO_VIEW_DAYS}::int`,
    );
    const [marks] = await rows<{ n: number }>(
      bed.db,
      sql`select count(*)::int as n from resource_view_marks`,
    );
    const [sources] = await rows<{ n: number }>(
      bed.db,
      sql`select sum(views)::int as n from resource_daily_sources`,
    );
    expect(stats!.views).toBeGreaterThan(stats!.actions * 3);
    expect(marks!.n).toBe(stats!.views);
    expect(sources!.n).toBe(stats!.views);
    const [creatorSources] = await rows<{ n: number }>(
      bed.db,
      sql`select sum(views)::int as n from creator_daily_sources`,
    );
    expect(creatorSources!.n).toBe(stats!.views);
    // Each day's sketch holds the day's visitors: merged, they estimate the creator's distinct visitors.
    const sketches = await rows<{ sketch: Uint8Array }>(
      bed.db,
      sql`select sketch from creator_visitor_sketches`,
    );
    const [distinct] = await rows<{ n: number }>(
      bed.db,
      sql`select count(distinct visitor)::int as n from resource_view_marks`,
    );
    const estimate = estimateFromSketches(sketches.map((r) => new Uint8Array(r.sketch)));
    expect(Math.abs(estimate - distinct!.n) / distinct!.n).toBeLessThan(0.1);
    const [early] = await rows<{ n: number }>(
      bed.db,
      sql`select count(*)::int as n from resource_view_marks m join resources r on r.id = m.resource_id
          where m.day < insight_day(r.published_at)`,
    );
    expect(early!.n).toBe(0);
  });
});
