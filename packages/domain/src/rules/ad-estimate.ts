/**
 * The ad estimate (spec 7 GET /advertisements/estimate; DECISIONS.md "Advertising", "Estimate"):
 * how many impressions and clicks a budget should buy, and the ad's share of its type's spend.
 */

/** The click-through rate assumed while a type has no click history: 0.5%. */
export const DEFAULT_CLICK_THROUGH_RATE = 0.005;

/**
 * Impressions a daily budget buys at a price per thousand: floor(spend / cpm x 1000).
 * Computed as floor(spend x 1000 / cpm), so whole results are exact. A price of 0 or less buys
 * nothing rather than everything: it is a broken setting, not a free ad.
 */
export function budgetedDailyImpressions(spendPerDayCents: number, cpmCents: number): number {
  if (spendPerDayCents <= 0 || cpmCents <= 0) return 0;
  return Math.floor((spendPerDayCents * 1000) / cpmCents);
}

/** Absorbs binary rounding (1000 x 0.005 may land a hair under 5) before rounding down. */
const floorCount = (value: number) => Math.max(0, Math.floor(value + 1e-9));

/**
 * The estimate, all inputs for the ad's type:
 *
 *   share       = spend / (spend + runningDailySpend)           (0 when spend is 0)
 *   budgeted    = floor(spend / cpm x 1000)                      impressions a day the budget buys
 *   impressions = floor(min(budgeted, share x averageDailyImpressions) x runDays)
 *   clicks      = floor(impressions x (clickThroughRate ?? 0.005))
 *
 * spend is spend_per_day in cents; runningDailySpend is the summed spend_per_day of the type's
 * running ads (not including this one); averageDailyImpressions and clickThroughRate are the type's
 * over the last 30 days, the rate a fraction (0.012 is 1.2%), null when there is no history (0.5% is
 * then used; a rate of 0 is history and is kept). With no impression history the estimate is 0
 * impressions: it promises only what the site has shown it can deliver.
 * share is returned unrounded, as a fraction of 1.
 */
export function estimateAd(input: {
  spendPerDayCents: number;
  runDaysTotal: number;
  cpmCents: number;
  runningDailySpendCents: number;
  averageDailyImpressions: number;
  clickThroughRate: number | null;
}): { impressions: number; clicks: number; share: number } {
  const spend = Math.max(0, input.spendPerDayCents);
  const others = Math.max(0, input.runningDailySpendCents);
  const days = Math.max(0, input.runDaysTotal);
  const average = Math.max(0, input.averageDailyImpressions);
  const share = spend === 0 ? 0 : spend / (spend + others);
  // min(budgeted, share x average) x days, each side multiplied out so whole numbers stay exact.
  const budgetedTotal = budgetedDailyImpressions(spend, input.cpmCents) * days;
  const sharedTotal = spend === 0 ? 0 : (spend * average * days) / (spend + others);
  const impressions = floorCount(Math.min(budgetedTotal, sharedTotal));
  const rate = Math.max(0, input.clickThroughRate ?? DEFAULT_CLICK_THROUGH_RATE);
  const clicks = floorCount(impressions * rate);
  return { impressions, clicks, share };
}
