import { DEFAULT_SITE_SETTINGS } from "./site-setting-defaults.ts";

/**
 * The calendar day in the site's time zone, as YYYY-MM-DD: sale ends and ad statistics are per local
 * day (DECISIONS.md: a sale runs until the end of its end date in `timeZone`).
 */
export function dayInZone(date: Date, timeZone = DEFAULT_SITE_SETTINGS.timeZone): string {
  return formatterFor(dayFormatters, "en-CA", timeZone, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}

/**
 * How far through its day the site's time zone is, from 0 (midnight) to just under 1: ad pacing spreads
 * each daily budget across it.
 */
export function dayFractionInZone(date: Date, timeZone = DEFAULT_SITE_SETTINGS.timeZone): number {
  const parts = formatterFor(timeFormatters, "en-GB", timeZone, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (value("hour") % 24) / 24 + value("minute") / 1440;
}

// Making an Intl.DateTimeFormat costs far more than using one (ad serving asks on every page view), so
// one per time zone is kept; the zones in use are the site's one or two.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const timeFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(
  cache: Map<string, Intl.DateTimeFormat>,
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    cache.set(timeZone, formatter);
  }
  return formatter;
}

/** An ISO day plus `days` calendar days. */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
