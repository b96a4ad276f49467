import { describe, expect, it } from "vitest";
import { AD_PACING_SLACK, adPicker, dailyImpressionBudget, pickAd, type ServableAd } from "./ad-pacing.ts";

/** A small seeded PRNG, so the simulations are the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ad = (id: string, spendPerDayCents: number, cpmCents: number, impressionsToday = 0): ServableAd => ({
  id,
  spendPerDayCents,
  cpmCents,
  impressionsToday,
});

/** Serves `count` impressions spread evenly over the day; returns the impressions per ad id. */
function simulate(
  ads: ServableAd[],
  count: number,
  seed: number,
  onServe?: (dayFraction: number, ads: ServableAd[]) => void,
): { shown: Map<string, number>; unserved: number } {
  const random = mulberry32(seed);
  const shown = new Map(ads.map((a) => [a.id, 0]));
  let unserved = 0;
  for (let i = 0; i < count; i += 1) {
    const dayFraction = i / count;
    const picked = pickAd(ads, random(), dayFraction);
    if (picked) {
      picked.impressionsToday += 1;
      shown.set(picked.id, (shown.get(picked.id) ?? 0) + 1);
    } else unserved += 1;
    onServe?.(dayFraction, ads);
  }
  return { shown, unserved };
}

describe("dailyImpressionBudget (floor(spend / cpm x 1000))", () => {
  it.each([
    [500, 200, 2500],
    [500, 300, 1666],
    [100, 100, 1000],
    [1, 1000, 1],
    [1, 1001, 0],
    [0, 100, 0],
  ])("%i cents a day at %i cpm -> %i impressions", (spend, cpm, budget) =>
    expect(dailyImpressionBudget({ spendPerDayCents: spend, cpmCents: cpm })).toBe(budget),
  );
});

describe("pickAd", () => {
  // A: 100 cents, B: 300 cents, both budget 1000 / 3000 at cpm 100: A takes [0, 0.25), B [0.25, 1).
  const a = ad("A", 100, 100);
  const b = ad("B", 300, 100);

  it.each<[string, ServableAd[], number, number, string | null]>([
    ["no ads", [], 0.5, 0.5, null],
    ["weighted by spend: 0 picks the first", [a, b], 0, 0.5, "A"],
    ["weighted by spend: just under A's quarter", [a, b], 0.2499, 0.5, "A"],
    ["weighted by spend: at A's quarter, B", [a, b], 0.25, 0.5, "B"],
    ["weighted by spend: the top", [a, b], 0.9999, 0.5, "B"],
    ["a random of 1 still picks", [a, b], 1, 0.5, "B"],
    ["a budget of 0 (spend 0) is never served", [ad("Z", 0, 100), b], 0, 0.5, "B"],
    ["a spent budget is out (1000 of 1000)", [ad("A", 100, 100, 1000), b], 0, 1, "B"],
    ["everything spent", [ad("A", 100, 100, 1000), ad("B", 300, 100, 3000)], 0.5, 0.5, null],
    // Halfway through the day A may have shown 1000 x (0.5 + 0.05) = 550.
    ["on pace at 549 of 550", [ad("A", 100, 100, 549), b], 0, 0.5, "A"],
    ["ahead of pace at 550 of 550: B instead", [ad("A", 100, 100, 550), b], 0, 0.5, "B"],
    ["at midnight the slack lets an ad start (allowance 50)", [ad("A", 100, 100, 49), b], 0, 0, "A"],
    ["at midnight 50 of 1000 is ahead", [ad("A", 100, 100, 50), b], 0, 0, "B"],
    ["from 95% of the day only the budget limits", [ad("A", 100, 100, 999), b], 0, 0.95, "A"],
    [
      "every ad ahead: still picks among those under budget",
      [ad("A", 100, 100, 600), ad("B", 300, 100, 1800)],
      0,
      0.5,
      "A",
    ],
    ["every ad ahead, one spent: the other", [ad("A", 100, 100, 1000), ad("B", 300, 100, 1800)], 0, 0.5, "B"],
    ["a dayFraction past 1 counts as the end of the day", [ad("A", 100, 100, 999), b], 0, 3, "A"],
  ])("%s", (_, ads, random, dayFraction, id) =>
    expect(pickAd(ads, random, dayFraction)?.id ?? null).toBe(id),
  );

  it("uses a 5% slack", () => expect(AD_PACING_SLACK).toBe(0.05));
});

describe("adPicker (pickAd's search over running totals)", () => {
  // The rule as first written: scan the pool in order and take the first ad whose running total passes.
  function scanPick(ads: ServableAd[], random: number, dayFraction: number) {
    const budgetLeft = ads.filter((x) => x.impressionsToday < dailyImpressionBudget(x));
    const onPace = budgetLeft.filter(
      (x) => x.impressionsToday < dailyImpressionBudget(x) * Math.min(1, dayFraction + AD_PACING_SLACK),
    );
    const pool = onPace.length > 0 ? onPace : budgetLeft;
    const target = random * pool.reduce((sum, x) => sum + x.spendPerDayCents, 0);
    let reached = 0;
    for (const x of pool) {
      reached += x.spendPerDayCents;
      if (target < reached) return x.id;
    }
    return pool.at(-1)?.id ?? null;
  }

  it("picks what a scan in order picks, for 500 ads and 20,000 draws", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const ads = Array.from({ length: 500 }, (_, i) =>
      ad(`ad${i}`, 100 + Math.floor(random() * 5000), 100 + (i % 5) * 50, Math.floor(random() * 40_000)),
    );
    for (const dayFraction of [0, 0.3, 0.97]) {
      const pick = adPicker(ads, dayFraction);
      const differing: number[] = [];
      for (let i = 0; i < 20_000 / 3; i++) {
        const r = random();
        if ((pick(r)?.id ?? null) !== scanPick(ads, r, dayFraction)) differing.push(r);
      }
      expect(differing).toEqual([]);
      expect(pick(0)?.id).toBe(scanPick(ads, 0, dayFraction));
      expect(pick(1)?.id).toBe(scanPick(ads, 1, dayFraction));
    }
  });
});

describe("pickAd over a day (100,000 impressions, seeded)", () => {
  it("gives each ad its share of spend within 2 percentage points when budgets are ample", () => {
    // Spends of 100, 200, 300 and 400 cents: 10%, 20%, 30% and 40% of the spend. A cpm of 1 cent
    // gives budgets of 100,000 to 400,000 impressions, more than the day's 100,000.
    const ads = [ad("A", 100, 1), ad("B", 200, 1), ad("C", 300, 1), ad("D", 400, 1)];
    const { shown, unserved } = simulate(ads, 100_000, 42);
    expect(unserved).toBe(0);
    for (const [id, spendShare] of [
      ["A", 0.1],
      ["B", 0.2],
      ["C", 0.3],
      ["D", 0.4],
    ] as const) {
      expect(Math.abs(shown.get(id)! / 100_000 - spendShare)).toBeLessThan(0.02);
    }
  });

  it("never goes over a daily budget when budgets are tight, and spends them all", () => {
    // cpm 100: budgets of 1000, 2000, 3000 and 4000 impressions, 10,000 in all against 100,000 visits.
    const ads = [ad("A", 100, 100), ad("B", 200, 100), ad("C", 300, 100), ad("D", 400, 100)];
    // Over-budget moments are collected and asserted once: 400,000 expect() calls took seconds on their own.
    const overBudget: string[] = [];
    const { shown, unserved } = simulate(ads, 100_000, 7, (_, now) => {
      for (const a of now) {
        if (a.impressionsToday > dailyImpressionBudget(a)) overBudget.push(`${a.id}: ${a.impressionsToday}`);
      }
    });
    expect(overBudget.slice(0, 5)).toEqual([]);
    expect([...shown.values()]).toEqual([1000, 2000, 3000, 4000]);
    expect(unserved).toBe(90_000);
  });

  it("spreads a tight budget over the day when other ads can take the traffic", () => {
    // T outbids the others ten to one but buys only 1000 impressions (1000 cents at cpm 1000);
    // without pacing it would take them all in the first hours.
    const tight = ad("T", 1000, 1000);
    const ads = [tight, ad("A", 100, 1), ad("B", 100, 1)];
    const budget = dailyImpressionBudget(tight);
    expect(budget).toBe(1000);
    let checked = 0;
    simulate(ads, 100_000, 2026, (dayFraction) => {
      // Never more than the even spread plus the slack (plus the impression just shown).
      expect(tight.impressionsToday).toBeLessThanOrEqual(
        budget * Math.min(1, dayFraction + AD_PACING_SLACK) + 1,
      );
      checked += 1;
    });
    expect(checked).toBe(100_000);
    expect(tight.impressionsToday).toBe(budget);
  });
});
