import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advertisements } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";
import { displayAd, ServingCache } from "./serving.service.ts";

/** A small seeded PRNG (mulberry32), so the simulation is the same on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Issue 7 (Speed and fairness): the serving path itself, from the SQL that finds the eligible ads to the
 * domain's pickAd, over 100,000 selections. Each running ad's share of impressions follows its share of
 * spend within 2 percentage points; stopped and expired ads, and other types, get none. (The daily-budget
 * side is simulated in packages/domain ad-pacing.test.ts, where impressions accumulate.)
 */
describe("ad serving fairness over 100,000 selections", () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  let ownerId = "";

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await makeUser(t.db);
    ownerId = owner.id;
    const ad = (name: string, spend: number, extra: Partial<typeof advertisements.$inferInsert> = {}) => ({
      users_id: owner.id,
      ad_type: "5" as const,
      approval_status: "approved",
      running_status: "running",
      title: name,
      click_url: "https://fair.example.com",
      image_name: "a.png",
      spend_per_day: spend,
      grades: [],
      starts_at: new Date(),
      ends_at: new Date(Date.now() + 7 * 86_400_000),
      ...extra,
    });
    const rows = await t.db
      .insert(advertisements)
      .values([
        ad("big", 3000),
        ad("middle", 2000),
        ad("small", 1000),
        ad("stopped", 9000, { running_status: "stopped" }),
        ad("expired", 9000, { ends_at: new Date(Date.now() - 60_000) }),
        ad("other type", 9000, { ad_type: "4" }),
      ])
      .returning();
    for (const row of rows) ids[row.title!] = row.id;
  });
  afterAll(() => t.close());

  it("gives each running ad its share of spend, within 2 points, and the others nothing", async () => {
    // A long-lived cache, as in production: the eligible ads are read once, then chosen from in memory.
    const cache = new ServingCache(t.db, 3_600_000);
    const random = seeded(2026);
    const shown = new Map<string, number>();
    const runs = 100_000;
    for (let i = 0; i < runs; i++) {
      const { ad } = await displayAd(t.db, null, { type: "5" }, cache, random());
      if (ad) shown.set(ad.id, (shown.get(ad.id) ?? 0) + 1);
    }
    const total = [...shown.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(runs);
    for (const [name, spendShare] of [
      ["big", 0.5],
      ["middle", 2 / 6],
      ["small", 1 / 6],
    ] as const) {
      expect(Math.abs((shown.get(ids[name]!) ?? 0) / runs - spendShare)).toBeLessThan(0.02);
    }
    for (const name of ["stopped", "expired", "other type"]) expect(shown.get(ids[name]!)).toBeUndefined();
  });

  it("serves the grid (no type named) its card types 1 and 2 by spend, and no other type", async () => {
    const card = (title: string, adType: "1" | "2", spend: number) => ({
      users_id: ownerId,
      ad_type: adType,
      approval_status: "approved",
      running_status: "running",
      title,
      click_url: "https://grid.example.com",
      image_name: "a.png",
      spend_per_day: spend,
      grades: [],
      starts_at: new Date(),
      ends_at: new Date(Date.now() + 7 * 86_400_000),
    });
    const rows = await t.db
      .insert(advertisements)
      .values([card("grid banner", "1", 1000), card("grid card", "2", 3000)])
      .returning();
    const cache = new ServingCache(t.db, 3_600_000);
    const random = seeded(7);
    const shown = new Map<string, number>();
    const runs = 20_000;
    for (let i = 0; i < runs; i++) {
      const { ad } = await displayAd(t.db, null, {}, cache, random());
      shown.set(ad?.ad_type ?? "none", (shown.get(ad?.ad_type ?? "none") ?? 0) + 1);
    }
    expect([...shown.keys()].sort()).toEqual(["1", "2"]);
    expect(Math.abs(shown.get("1")! / runs - 0.25)).toBeLessThan(0.02);
    expect(rows.map((r) => r.ad_type)).toEqual(["1", "2"]);
  });
});
