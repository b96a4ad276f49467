import { describe, expect, it } from "vitest";
import { budgetedDailyImpressions, DEFAULT_CLICK_THROUGH_RATE, estimateAd } from "./ad-estimate.ts";
import { DEFAULT_SITE_SETTINGS } from "./site-setting-defaults.ts";

describe("budgetedDailyImpressions (DECISIONS: spend_per_day / cpm x 1000, rounded down)", () => {
  it.each([
    [500, 200, 2500], // type 1's default cpm
    [500, 300, 1666], // type 2: 1666.67
    [500, 100, 5000], // type 3
    [500, 400, 1250], // type 4
    [500, 500, 1000], // type 5
    [1, 300, 3], // 3.33
    [0, 200, 0],
    [500, 0, 0],
    [-100, 200, 0],
  ])("%i cents a day at %i cents cpm -> %i", (spend, cpm, impressions) =>
    expect(budgetedDailyImpressions(spend, cpm)).toBe(impressions),
  );

  it("the defaults buy whole numbers at the settings' cpm prices", () =>
    expect(
      Object.values(DEFAULT_SITE_SETTINGS.adCpmCents).map((cpm) => budgetedDailyImpressions(500, cpm)),
    ).toEqual([2500, 1666, 5000, 1250, 1000]));
});

describe("estimateAd (DECISIONS: share, min(budgeted, share x average) x days, clicks at the CTR or 0.5%)", () => {
  const base = {
    spendPerDayCents: 500,
    runDaysTotal: 7,
    cpmCents: 200,
    runningDailySpendCents: 1500,
    averageDailyImpressions: 10_000,
    clickThroughRate: null as number | null,
  };

  it.each<[string, Partial<typeof base>, { impressions: number; clicks: number; share: number }]>([
    // share 500/2000 = 0.25; budgeted 2500; 0.25 x 10,000 = 2500; x 7 = 17,500; x 0.5% = 87.5 -> 87
    ["defaults, a quarter of the type's spend", {}, { impressions: 17_500, clicks: 87, share: 0.25 }],
    // alone: share 1; budgeted 500/500 x 1000 = 1000 < 100,000; x 7 = 7000; x 1.2% = 84
    [
      "budget-bound: type 5 cpm 500, no other ads, 1.2% CTR",
      { cpmCents: 500, runningDailySpendCents: 0, averageDailyImpressions: 100_000, clickThroughRate: 0.012 },
      { impressions: 7000, clicks: 84, share: 1 },
    ],
    // share 500/1500 = 1/3; budgeted 5000; 1/3 x 3000 = 1000; x 3 = 3000; x 1% = 30
    [
      "traffic-bound: type 3 cpm 100, a third of the spend, 3 days",
      {
        cpmCents: 100,
        runningDailySpendCents: 1000,
        averageDailyImpressions: 3000,
        runDaysTotal: 3,
        clickThroughRate: 0.01,
      },
      { impressions: 3000, clicks: 30, share: 1 / 3 },
    ],
    // share 300/700 = 3/7; budgeted 1000; 3/7 x 1000 = 428.57; x 5 = 2142.86 -> 2142; x 0.5% = 10.71 -> 10
    [
      "fractions round down once, at the end",
      {
        spendPerDayCents: 300,
        runningDailySpendCents: 400,
        cpmCents: 300,
        averageDailyImpressions: 1000,
        runDaysTotal: 5,
      },
      { impressions: 2142, clicks: 10, share: 3 / 7 },
    ],
    // budgeted floor(1666.67) = 1666; x 7 = 11,662; x 0.5% = 58.31 -> 58
    [
      "budgeted impressions are whole: type 2 cpm 300",
      { cpmCents: 300, runningDailySpendCents: 0, averageDailyImpressions: 1_000_000 },
      { impressions: 11_662, clicks: 58, share: 1 },
    ],
    // 1000 x 0.5% = 5 exactly, not 4.999...
    [
      "an exact click count is not lost to rounding",
      { runningDailySpendCents: 0, averageDailyImpressions: 1000, runDaysTotal: 1, cpmCents: 100 },
      { impressions: 1000, clicks: 5, share: 1 },
    ],
    [
      "no impression history: nothing promised",
      { averageDailyImpressions: 0 },
      { impressions: 0, clicks: 0, share: 0.25 },
    ],
    [
      "a 0% click-through history is kept, not replaced by 0.5%",
      { clickThroughRate: 0 },
      { impressions: 17_500, clicks: 0, share: 0.25 },
    ],
    ["no spend", { spendPerDayCents: 0 }, { impressions: 0, clicks: 0, share: 0 }],
    [
      "no spend and no other ads",
      { spendPerDayCents: 0, runningDailySpendCents: 0 },
      { impressions: 0, clicks: 0, share: 0 },
    ],
    ["no run days", { runDaysTotal: 0 }, { impressions: 0, clicks: 0, share: 0.25 }],
    // 30 days: 2500 x 30 = 75,000; x 0.5% = 375
    ["30 days", { runDaysTotal: 30 }, { impressions: 75_000, clicks: 375, share: 0.25 }],
  ])("%s", (_, change, expected) => {
    const result = estimateAd({ ...base, ...change });
    expect(result.impressions).toBe(expected.impressions);
    expect(result.clicks).toBe(expected.clicks);
    expect(result.share).toBeCloseTo(expected.share, 12);
  });

  it("assumes 0.5% while there is no click history", () => expect(DEFAULT_CLICK_THROUGH_RATE).toBe(0.005));

  it("never estimates more than the budget buys, whatever the traffic", () => {
    for (const average of [0, 10, 1000, 1e6, 1e9]) {
      const { impressions } = estimateAd({
        ...base,
        runningDailySpendCents: 0,
        averageDailyImpressions: average,
      });
      expect(impressions).toBeLessThanOrEqual(2500 * 7);
    }
  });
});
