/**
 * Admin statistics (issue 9): figures over a chosen period, grouped in day, week or month buckets of the
 * site's time zone. Weeks start on Monday, as PostgreSQL's date_trunc('week') does, so the buckets the
 * server's SQL returns and the ones listed here are the same days.
 */
export const STATISTICS_BUCKETS = ["day", "week", "month"] as const;
export type StatisticsBucket = (typeof STATISTICS_BUCKETS)[number];

/** A chart stays readable and a response small: a year of days fits, a decade of days does not. */
export const STATISTICS_MAX_BUCKETS = 400;

export type StatisticsPeriodProblem = "to_before_from" | "too_many_buckets";

const dayMs = 86_400_000;
const toDate = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of the bucket that holds `isoDay`. */
export function bucketStart(isoDay: string, bucket: StatisticsBucket): string {
  const date = toDate(isoDay);
  if (bucket === "month") return `${isoDay.slice(0, 7)}-01`;
  if (bucket === "week") return toIso(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * dayMs));
  return isoDay;
}

function nextBucket(isoDay: string, bucket: StatisticsBucket): string {
  const date = toDate(isoDay);
  if (bucket === "month") {
    date.setUTCMonth(date.getUTCMonth() + 1);
    return toIso(date);
  }
  return toIso(new Date(date.getTime() + (bucket === "week" ? 7 : 1) * dayMs));
}

/** Every bucket's first day from the bucket holding `from` to the one holding `to`, both included. */
export function statisticsBucketStarts(from: string, to: string, bucket: StatisticsBucket): string[] {
  const starts: string[] = [];
  for (let day = bucketStart(from, bucket); day <= to; day = nextBucket(day, bucket)) {
    starts.push(day);
    if (starts.length > STATISTICS_MAX_BUCKETS) break;
  }
  return starts;
}

/** Why a period cannot be shown, or null when it can. */
export function checkStatisticsPeriod(
  from: string,
  to: string,
  bucket: StatisticsBucket,
): StatisticsPeriodProblem | null {
  if (to < from) return "to_before_from";
  if (statisticsBucketStarts(from, to, bucket).length > STATISTICS_MAX_BUCKETS) return "too_many_buckets";
  return null;
}
