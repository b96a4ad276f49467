import { DEFAULT_SITE_SETTINGS } from "./site-settings.ts";

/**
 * The calendar day in the site's time zone, as YYYY-MM-DD: sale ends and ad statistics are per local
 * day (DECISIONS.md: a sale runs until the end of its end date in `timeZone`).
 */
export function dayInZone(date: Date, timeZone = DEFAULT_SITE_SETTINGS.timeZone): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}

/** An ISO day plus `days` calendar days. */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
