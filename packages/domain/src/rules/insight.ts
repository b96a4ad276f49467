/**
 * Insight for creators (issue 23): where a resource's visits came from, the periods a creator picks, and
 * the funnel's arithmetic. Counting rules: a page view is counted once per visitor per resource per day
 * (site time zone); known bots and the creator's own views are not counted; no visitor's personal data
 * is kept or shown (a visitor is a keyed hash).
 */

/**
 * Where a visit to a resource's page came from: the site's own search, its grids (catalogue, new, a
 * shelf), the featured list, the creator's profile, a referral (gift or ref link), another site (by its
 * host name), or nothing known (typed, bookmarked, an app).
 */
export const INSIGHT_SOURCES = [
  "search",
  "grid",
  "featured",
  "profile",
  "referral",
  "external",
  "direct",
] as const;
export type InsightSource = (typeof INSIGHT_SOURCES)[number];

/** The periods the insight page offers, in days; "custom" takes dates. */
export const INSIGHT_PERIOD_DAYS = [7, 30, 90, 365] as const;
/** The longest custom period (two years of daily rows). */
export const INSIGHT_MAX_DAYS = 731;

export const INSIGHT_INTERVALS = ["day", "week", "month"] as const;
export type InsightInterval = (typeof INSIGHT_INTERVALS)[number];

/** A referrer's host is kept to this many characters (a host name's limit). */
export const INSIGHT_HOST_MAX = 253;

/**
 * Conversion: purchases and free downloads per unique visitor, as a percentage with one decimal; null
 * without visitors (0/0 is not 0%).
 */
export function conversionPercent(actions: number, uniqueVisitors: number): number | null {
  if (uniqueVisitors <= 0) return null;
  return Math.round((actions / uniqueVisitors) * 1000) / 10;
}

/** The host name of a referrer URL, lower-cased and without "www.", or null when it is not a web address. */
export function referrerHost(referrer: string | undefined | null): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    return host.length > 0 && host.length <= INSIGHT_HOST_MAX ? host : null;
  } catch {
    return null;
  }
}
