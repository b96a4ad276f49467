import {
  conversionPercent,
  INSIGHT_MAX_DAYS,
  type InsightFigures,
  type InsightInterval,
  type InsightResponse,
  type InsightSource,
} from "@market/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound, validationFailed } from "../../platform/errors.ts";
import { estimateFromSketches, INSIGHT_EXACT_VISITORS } from "./visitor-estimate.ts";

export interface InsightRange {
  from: string;
  to: string;
  interval: InsightInterval;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** `from` ≤ `to`, at most INSIGHT_MAX_DAYS days counting both ends; else a 400 naming the field. */
function checkRange({ from, to }: InsightRange) {
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (!Number.isFinite(days)) throw validationFailed({ from: "invalid_date" });
  if (days < 1) throw validationFailed({ to: "before_from" }, "The period ends before it starts");
  if (days > INSIGHT_MAX_DAYS) {
    throw validationFailed({ from: "period_too_long" }, `A period is at most ${INSIGHT_MAX_DAYS} days`);
  }
}

/**
 * The first day of the interval holding `day`, but never before `from`: a week starts on Monday, a month
 * on its first, and the first point of a period that starts mid-week is labelled with the period's first
 * day. Written once for both ends: the SQL below groups with the same rule.
 */
function periodStart(day: string, from: string, interval: InsightInterval): string {
  let start = day;
  if (interval === "week") {
    const n = dayNumber(day);
    const weekday = (new Date(n * DAY_MS).getUTCDay() + 6) % 7;
    start = dayOf(n - weekday);
  } else if (interval === "month") {
    start = `${day.slice(0, 7)}-01`;
  }
  return start < from ? from : start;
}

const periodSql = (range: InsightRange, day: SQL) =>
  range.interval === "day"
    ? sql`${day}`
    : sql`greatest(date_trunc(${range.interval}, ${day}::timestamp)::date, ${range.from}::date)`;

/** More than one resource reads the creators' daily sources (one row per source a day, not per resource). */
const sourcesOf = (scope: InsightScope) =>
  "creatorId" in scope && scope.resourceId ? sql`resource_daily_sources` : sql`creator_daily_sources`;

const ZERO: InsightFigures = {
  views: 0,
  uniqueVisitors: 0,
  downloads: 0,
  purchases: 0,
  revenueCents: 0,
  favorites: 0,
  follows: 0,
};

/** Whose insight: one creator's resources (or one of them), or the whole site's. */
export type InsightScope = { creatorId: string; resourceId?: string } | { site: true };

/**
 * The funnel over a period, read from the daily rows only (migration 0023): a few index ranges, whatever
 * the number of raw events. Every interval of the period is present (zeros included). Each total is the
 * sum of its series, except uniqueVisitors: a visitor who came in two intervals is one visitor of the
 * period, so its total is counted distinct over the whole period (DECISIONS "insight"): exactly from the
 * marks, or for a busy creator's long period (more views than INSIGHT_EXACT_VISITORS) estimated within a
 * few percent from the daily sketches (visitor-estimate.ts).
 */
export async function readInsight(
  db: Db,
  scope: InsightScope,
  range: InsightRange,
): Promise<InsightResponse> {
  checkRange(range);
  const { from, to } = range;
  const inRange = sql`day between ${from}::date and ${to}::date`;
  let whose: SQL = sql`true`;
  let follower: SQL = sql`true`;
  if ("creatorId" in scope) {
    whose = scope.resourceId
      ? sql`creator_id = ${scope.creatorId} and resource_id = ${scope.resourceId}`
      : sql`creator_id = ${scope.creatorId}`;
    follower = sql`users_id = ${scope.creatorId}`;
  }
  const period = periodSql(range, sql`day`);

  const [stats, follows, sources] = await Promise.all([
    db.execute<{
      period: string;
      views: number;
      downloads: number;
      purchases: number;
      revenue: number;
      favorites: number;
    }>(sql`
      select ${period}::text as period, sum(views)::int as views, sum(downloads)::int as downloads,
        sum(purchases)::int as purchases, sum(revenue_cents)::int as revenue, sum(favorites)::int as favorites
      from resource_daily_stats where ${whose} and ${inRange}
      group by 1`),
    db.execute<{ period: string; follows: number }>(sql`
      select ${period}::text as period, sum(follows)::int as follows
      from creator_daily_follows where ${follower} and ${inRange}
      group by 1`),
    db.execute<{ source: InsightSource; host: string; views: number }>(sql`
      select source, host, sum(views)::int as views
      from ${sourcesOf(scope)} where ${whose} and ${inRange}
      group by source, host having sum(views) > 0
      order by 3 desc, source, host`),
  ]);
  // Views bound the marks to read: a busy creator's long period is estimated from the day's sketches.
  const views = stats.rows.reduce((total, row) => total + Number(row.views), 0);
  const visitors =
    "creatorId" in scope && !scope.resourceId && views > INSIGHT_EXACT_VISITORS
      ? await estimatedVisitors(db, scope.creatorId, range)
      : await countedVisitors(db, whose, range);

  const points = new Map<string, InsightFigures & { period: string }>();
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    const start = periodStart(dayOf(n), from, range.interval);
    if (!points.has(start)) points.set(start, { period: start, ...ZERO });
  }
  const at = (p: string | null) => (p === null ? undefined : points.get(p));
  for (const row of stats.rows) {
    const point = at(row.period);
    if (!point) continue;
    point.views = Number(row.views);
    point.downloads = Number(row.downloads);
    point.purchases = Number(row.purchases);
    point.revenueCents = Number(row.revenue);
    point.favorites = Number(row.favorites);
  }
  let uniqueVisitors = 0;
  for (const row of visitors) {
    if (row.period === null) uniqueVisitors = row.visitors;
    else {
      const point = at(row.period);
      if (point) point.uniqueVisitors = row.visitors;
    }
  }
  for (const row of follows.rows) {
    const point = at(row.period);
    if (point) point.follows = Number(row.follows);
  }

  const series = [...points.values()];
  const sum = (figure: keyof InsightFigures) => series.reduce((total, point) => total + point[figure], 0);
  const totals = {
    views: sum("views"),
    uniqueVisitors,
    downloads: sum("downloads"),
    purchases: sum("purchases"),
    revenueCents: sum("revenueCents"),
    favorites: sum("favorites"),
    follows: sum("follows"),
  };
  return {
    from,
    to,
    interval: range.interval,
    series,
    totals: {
      ...totals,
      conversionPercent: conversionPercent(totals.purchases + totals.downloads, uniqueVisitors),
    },
    sources: sources.rows.map((row) => ({
      source: row.source,
      host: row.host === "" ? null : row.host,
      views: Number(row.views),
    })),
  };
}

type VisitorCounts = { period: string | null; visitors: number }[];

/** Each interval's distinct visitors and (period null) the whole period's, counted from the marks. */
async function countedVisitors(db: Db, whose: SQL, range: InsightRange): Promise<VisitorCounts> {
  // One pass over the marks: each interval's visitors, and (the grouping set ()) the period's.
  const result = await db.execute<{ period: string | null; visitors: number }>(sql`
    select ${periodSql(range, sql`day`)}::text as period, count(distinct visitor)::int as visitors
    from resource_view_marks where ${whose} and day between ${range.from}::date and ${range.to}::date
    group by grouping sets ((1), ())`);
  return result.rows.map((row) => ({ period: row.period, visitors: Number(row.visitors) }));
}

/** The same, estimated from the creator's daily sketches (365 rows of 1 KB for a year), merged here. */
async function estimatedVisitors(db: Db, creatorId: string, range: InsightRange): Promise<VisitorCounts> {
  const result = await db.execute<{ day: string; sketch: Buffer | Uint8Array | string }>(sql`
    select day::text as day, sketch from creator_visitor_sketches
    where creator_id = ${creatorId} and day between ${range.from}::date and ${range.to}::date`);
  const byPeriod = new Map<string, Uint8Array[]>();
  const all: Uint8Array[] = [];
  for (const row of result.rows) {
    const sketch = asBytes(row.sketch);
    const period = periodStart(row.day, range.from, range.interval);
    byPeriod.set(period, [...(byPeriod.get(period) ?? []), sketch]);
    all.push(sketch);
  }
  return [
    { period: null, visitors: estimateFromSketches(all) },
    ...[...byPeriod].map(([period, sketches]) => ({ period, visitors: estimateFromSketches(sketches) })),
  ];
}

/** bytea as node-postgres (a Buffer) or PGlite (a Uint8Array) hands it over; text '\\x..' otherwise. */
function asBytes(value: Buffer | Uint8Array | string): Uint8Array {
  if (typeof value !== "string") return value;
  return Buffer.from(value.startsWith("\\x") ? value.slice(2) : value, "hex");
}

/** The signed-in creator's insight; a resource that is not theirs is answered as no resource at all. */
export async function readOwnInsight(
  db: Db,
  creatorId: string,
  query: InsightRange & { resourceId?: string | undefined },
): Promise<InsightResponse> {
  if (query.resourceId) {
    const owner = await db.execute<{ users_id: string }>(
      sql`select users_id from resources where id = ${query.resourceId}`,
    );
    if (owner.rows[0]?.users_id !== creatorId) throw notFound("No such resource");
    return readInsight(db, { creatorId, resourceId: query.resourceId }, query);
  }
  return readInsight(db, { creatorId }, query);
}
