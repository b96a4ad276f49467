/**
 * Dates as people read them: one format everywhere, in the user's own locale (the browser's language),
 * for calendar days. A calendar day (YYYY-MM-DD: a sale's end, a payout date, a line's day in the site's
 * time zone) is that same day for every reader, so it is formatted in UTC, where it cannot shift.
 * `locale` is for tests and for a screen that must pin one; leave it out everywhere else.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    formatters.set(key, made);
  }
  return made;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/** An ISO calendar date (YYYY-MM-DD) as "Jan 5, 2026" (in English; "5 janv. 2026" in French), the same day everywhere. */
export function formatIsoDate(iso: string, locale?: string): string {
  const match = ISO_DAY.exec(iso);
  if (!match) return iso;
  return formatter(locale, { month: "short", day: "numeric", year: "numeric" }).format(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  );
}

/** Grades 1 to 12 and K read "Grade 3"; named grades (Pre-K, Higher Education) stand alone. */
export function isNumberedGrade(grade: string): boolean {
  return /^(\d{1,2}|K)$/.test(grade);
}

/** An ISO calendar date as "Dec 1" (a sale's end is always within 30 days, spec 9). */
export function formatMonthDay(iso: string, locale?: string): string {
  const match = ISO_DAY.exec(iso);
  if (!match) return iso;
  return formatter(locale, { month: "short", day: "numeric" }).format(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  );
}

/** A calendar month (YYYY-MM) as "Nov 2026", or with `short` as "Nov" (a chart's axis). */
export function formatMonth(isoMonth: string, options: { short?: boolean; locale?: string } = {}): string {
  const match = ISO_MONTH.exec(isoMonth);
  if (!match) return isoMonth;
  return formatter(
    options.locale,
    options.short ? { month: "short" } : { month: "short", year: "numeric" },
  ).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}
