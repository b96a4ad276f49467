const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** An ISO calendar date (YYYY-MM-DD) as "Jan 5, 2026", the same day everywhere. */
export function formatIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  return dateFormat.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** Grades 1 to 12 and K read "Grade 3"; named grades (Pre-K, Higher Education) stand alone. */
export function isNumberedGrade(grade: string): boolean {
  return /^(\d{1,2}|K)$/.test(grade);
}

const monthDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** An ISO calendar date as "Dec 1" (a sale's end is always within 30 days, spec 9). */
export function formatMonthDay(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  return monthDay.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}
