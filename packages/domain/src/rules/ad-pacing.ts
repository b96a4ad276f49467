import { budgetedDailyImpressions } from "./ad-estimate.ts";

/**
 * Which ad to serve (DECISIONS.md "Advertising": a daily budget buys spend_per_day / cpm x 1000
 * impressions and the ad is charged for what it was shown). Pure and deterministic: the caller
 * passes the random number, so the server draws it and tests replay it.
 */
export interface ServableAd {
  id: string;
  spendPerDayCents: number;
  cpmCents: number;
  impressionsToday: number;
}

/** How far ahead of an even spread through the day an ad may run: 5% of its budget. */
export const AD_PACING_SLACK = 0.05;

/** The impressions an ad's daily budget buys: floor(spend / cpm x 1000). */
export function dailyImpressionBudget(ad: Pick<ServableAd, "spendPerDayCents" | "cpmCents">): number {
  return budgetedDailyImpressions(ad.spendPerDayCents, ad.cpmCents);
}

/**
 * Whether the ad has shown as much as an even spread allows by now: impressionsToday >=
 * budget x min(1, dayFraction + slack). The slack lets every ad start at midnight (its allowance is
 * 5% of its budget, not 0) and absorbs small bursts.
 */
function isAheadOfPace(ad: ServableAd, budget: number, dayFraction: number): boolean {
  return ad.impressionsToday >= budget * Math.min(1, dayFraction + AD_PACING_SLACK);
}

/**
 * Picks the ad for one impression, or null when none has budget left.
 * 1. Ads whose budget is spent (impressionsToday >= the daily budget, or a budget of 0) are out.
 * 2. Ads ahead of their pace are left out, so that a budget is spread over the site day instead of
 *    being spent in the morning; but when every remaining ad is ahead, all of them stay in (an
 *    impression shown beats one wasted, and none of them goes over its budget).
 * 3. One of the rest, chosen with probability proportional to its spendPerDayCents, so that each
 *    ad's share of impressions follows its share of the spend.
 * `random` is in [0, 1); `dayFraction` is the part of the site day gone (0 to 1, clamped). Ads are
 * taken in the order given, so the same inputs always give the same ad.
 */
export function pickAd(ads: readonly ServableAd[], random: number, dayFraction: number): ServableAd | null {
  return adPicker(ads, dayFraction)(random);
}

/**
 * pickAd in two halves: steps 1 and 2 and the running totals of step 3 once for a set of ads at a
 * moment of the day, then one binary search per impression. The server keeps a picker while its
 * snapshot of the running ads and the site clock's second stay the same, so serving an ad costs
 * O(log n) instead of weighing every candidate again.
 */
export function adPicker<T extends ServableAd>(
  ads: readonly T[],
  dayFraction: number,
): (random: number) => T | null {
  const elapsed = Math.min(1, Math.max(0, Number.isFinite(dayFraction) ? dayFraction : 0));
  const withBudget: T[] = [];
  const onPace: T[] = [];
  for (const ad of ads) {
    const budget = dailyImpressionBudget(ad);
    if (ad.impressionsToday >= budget) continue;
    withBudget.push(ad);
    if (!isAheadOfPace(ad, budget, elapsed)) onPace.push(ad);
  }
  const pool = onPace.length > 0 ? onPace : withBudget;
  if (pool.length === 0) return () => null;

  // reachedAfter[i]: the spend of pool[0..i]. An ad with budget left has spendPerDayCents > 0, so the
  // totals rise strictly and the last one is positive.
  const reachedAfter = new Float64Array(pool.length);
  let reached = 0;
  for (let i = 0; i < pool.length; i++) {
    reached += pool[i]!.spendPerDayCents;
    reachedAfter[i] = reached;
  }
  const total = reached;
  return (random) => {
    const r = Math.min(1, Math.max(0, Number.isFinite(random) ? random : 0));
    const target = r * total;
    // The first ad whose running total passes the target (as a scan in order would find it).
    let lo = 0;
    let hi = pool.length - 1; // random of 1, or rounding at the very top, lands on the last
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (target < reachedAfter[mid]!) hi = mid;
      else lo = mid + 1;
    }
    return pool[lo] ?? null;
  };
}
