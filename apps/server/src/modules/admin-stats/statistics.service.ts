import {
  averageRating,
  checkStatisticsPeriod,
  type StatisticsBucket,
  type StatisticsFigures,
  type StatisticsResponse,
  statisticsBucketStarts,
} from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { validationFailed } from "../../platform/errors.ts";
import { getSiteSettings } from "../site/index.ts";

const EMPTY: StatisticsFigures = {
  signUps: 0,
  activeUsers: 0,
  resourcesPublished: 0,
  downloads: 0,
  sales: 0,
  salesAmount: 0,
  tips: 0,
  tipsAmount: 0,
  donations: 0,
  donationsAmount: 0,
  adImpressions: 0,
  adClicks: 0,
  adIncome: 0,
  reviews: 0,
  reviewsAverage: null,
};

/** The figures that add up (the reviews' average is worked out from their count and rating sum). */
type Metric = Exclude<keyof StatisticsFigures, "reviewsAverage">;

/**
 * /admin/statistics: every figure of the period in one round trip of SQL aggregates. Each source is
 * filtered on its own indexed time column (users, resources.published_at, downloads, sales, tips,
 * donations, reviews and ledger_transactions by created_at; ad_daily_stats and user_active_days by day)
 * between the period's first and last local day, then grouped with date_trunc in the site's time zone.
 * Reviews come with the sum of their ratings, so a bucket's average and the period's are both exact.
 */
export async function statistics(
  db: Db,
  query: { from: string; to: string; bucket: StatisticsBucket },
): Promise<StatisticsResponse> {
  const { from, to, bucket } = query;
  const problem = checkStatisticsPeriod(from, to, bucket);
  if (problem) {
    throw validationFailed(
      problem === "to_before_from" ? { to: problem } : { bucket: problem },
      problem === "to_before_from"
        ? "The period ends before it starts"
        : "That period has too many buckets for one chart; choose weeks or months",
    );
  }
  const { timeZone } = await getSiteSettings(db);
  // Local midnight of the first day and of the day after the last, as instants: the ranges the indexes serve.
  const lo = sql`((${from}::date)::timestamp at time zone ${timeZone})`;
  const hi = sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`;
  // Grouped by the truncated local time; only the few groups are formatted (to_char per row is costly).
  const period = (column: string) =>
    sql.raw(`date_trunc('${bucket}', ${column} at time zone '${timeZone.replaceAll("'", "''")}')`);
  const dayPeriod = (column: string) => sql.raw(`date_trunc('${bucket}', ${column}::timestamp)`);
  const inDays = (column: string) => sql`${sql.raw(column)} between ${from}::date and ${to}::date`;

  const result = await db.execute<{ metric: string; period: string | null; n: string; amount: string }>(sql`
    select metric, to_char(p, 'YYYY-MM-DD') as period, n, amount from (
    select 'signUps' as metric, ${period("created_at")} as p, count(*) as n, 0 as amount
      from users where created_at >= ${lo} and created_at < ${hi} group by 2
    union all
    select 'activeUsers', ${dayPeriod("day")}, count(distinct users_id), 0
      from user_active_days where ${inDays("day")} group by 2
    union all
    select 'activeUsersTotal', null::timestamp, count(distinct users_id), 0 from user_active_days where ${inDays("day")}
    union all
    select 'resourcesPublished', ${period("published_at")}, count(*), 0
      from resources where published_at >= ${lo} and published_at < ${hi} group by 2
    union all
    select 'downloads', ${period("created_at")}, count(*), 0
      from downloads where created_at >= ${lo} and created_at < ${hi} group by 2
    union all
    select 'sales', ${period("created_at")}, count(*), sum(amount_cents)
      from sales where created_at >= ${lo} and created_at < ${hi} group by 2
    union all
    select 'tips', ${period("created_at")}, count(*), sum(amount_cents)
      from tips where created_at >= ${lo} and created_at < ${hi} group by 2
    union all
    select 'donations', ${period("created_at")}, count(*), sum(amount_cents)
      from donations where created_at >= ${lo} and created_at < ${hi} group by 2
    union all
    select 'ads', ${dayPeriod("day")}, sum(impressions), sum(clicks)
      from ad_daily_stats where ${inDays("day")} group by 2
    union all
    select 'adIncome', ${period("t.created_at")}, 0, -sum(e.amount_cents)
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.account = 'platform_revenue'
      where t.kind = 'ad' and t.created_at >= ${lo} and t.created_at < ${hi} group by 2
    union all
    select 'reviews', ${period("created_at")}, count(*), sum(rating)
      from reviews where created_at >= ${lo} and created_at < ${hi} and hidden_at is null group by 2) s`);

  const series = new Map(statisticsBucketStarts(from, to, bucket).map((p) => [p, { ...EMPTY }]));
  const totals = { ...EMPTY };
  // Each bucket's rating sum beside its figures, and the period's.
  const ratingSums = new Map<StatisticsFigures, number>();
  const add = (figures: StatisticsFigures, metric: Metric, value: number) => {
    figures[metric] += value;
  };
  for (const row of result.rows) {
    const n = Number(row.n);
    const amount = Number(row.amount);
    if (row.metric === "activeUsersTotal") {
      totals.activeUsers = n;
      continue;
    }
    const figures = series.get(row.period!);
    // A row outside the listed buckets would be a bug in the bucket rule; it is not silently dropped.
    if (!figures) throw new Error(`statistics bucket ${row.period} is not in the period`);
    const pairs: [Metric, number][] =
      row.metric === "ads"
        ? [
            ["adImpressions", n],
            ["adClicks", amount],
          ]
        : row.metric === "adIncome"
          ? [["adIncome", amount]]
          : row.metric === "sales" || row.metric === "tips" || row.metric === "donations"
            ? [
                [row.metric, n],
                [`${row.metric}Amount`, amount],
              ]
            : [[row.metric as Metric, n]];
    for (const [metric, value] of pairs) {
      add(figures, metric, value);
      if (metric !== "activeUsers") add(totals, metric, value);
    }
    // A review row's amount is its bucket's rating sum.
    if (row.metric === "reviews") {
      ratingSums.set(figures, (ratingSums.get(figures) ?? 0) + amount);
      ratingSums.set(totals, (ratingSums.get(totals) ?? 0) + amount);
    }
  }
  for (const figures of [...series.values(), totals]) {
    figures.reviewsAverage = averageRating(figures.reviews, ratingSums.get(figures) ?? 0);
  }
  return {
    from,
    to,
    bucket,
    timeZone,
    series: [...series.entries()].map(([p, figures]) => ({ period: p, ...figures })),
    totals,
  };
}
