import { type InsightSource, referrerHost } from "@market/domain";
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Db } from "../../db/client.ts";
import { sketchPlace } from "./visitor-estimate.ts";
import type { VisitorKey } from "./visitor-key.ts";

export interface PageView {
  resourceId: string;
  source: InsightSource;
  referrer: string | undefined;
  /** The signed-in viewer's id, if any. */
  viewerId: string | undefined;
  address: string;
  userAgent: string | undefined;
}

/**
 * Counts a view of a resource's page: once per visitor per resource per day of the site's time zone.
 * Not counted: a known bot or a request without a user agent (browsers always send one), the creator
 * looking at their own resource, and a resource that is not listed (a draft, a hidden or removed one).
 *
 * One statement, one round trip: the visitor's mark for the day is inserted, and only when it is new
 * are the day's row and the day's source row bumped (ON CONFLICT DO UPDATE, exact under concurrency) and
 * the creator's visitor sketch and sources of the day raised (creator_visitor_sketches and
 * creator_daily_sources, which keep a busy creator's year quick to read).
 * The day is the database's (insight_day, migration 0023), the same day the triggers count in.
 */
export async function recordResourceView(db: Db, visitorKey: VisitorKey, view: PageView): Promise<boolean> {
  const userAgent = view.userAgent?.trim();
  if (!userAgent || isbot(userAgent)) return false;
  const key = visitorKey(view.viewerId ? { userId: view.viewerId } : { address: view.address, userAgent });
  const visitor = key.toString();
  const { register, rank } = sketchPlace(key);
  // A host is kept only for another site; every other source is one row per day.
  const host = view.source === "external" ? (referrerHost(view.referrer) ?? "") : "";
  const result = await db.execute<{ counted: number }>(sql`
    with resource as (
      select id, users_id from resources
      where id = ${view.resourceId} and approval_status = 'approved' and status = 'active'
        and users_id is distinct from ${view.viewerId ?? null}::uuid
    ), mark as (
      insert into resource_view_marks (resource_id, creator_id, day, visitor)
      select id, users_id, insight_day(now()), ${visitor}::bigint from resource
      on conflict do nothing
      returning resource_id, creator_id, day
    ), stats as (
      insert into resource_daily_stats (resource_id, creator_id, day, views)
      select resource_id, creator_id, day, 1 from mark
      on conflict (resource_id, day) do update set views = resource_daily_stats.views + 1
    ), sketch as (
      insert into creator_visitor_sketches (creator_id, day, sketch)
      select creator_id, day, set_byte(insight_empty_sketch(), ${register}, ${rank}) from mark
      on conflict (creator_id, day) do update
        set sketch = set_byte(creator_visitor_sketches.sketch, ${register}, ${rank})
        where get_byte(creator_visitor_sketches.sketch, ${register}) < ${rank}
    ), creator_sources as (
      insert into creator_daily_sources (creator_id, day, source, host, views)
      select creator_id, day, ${view.source}, ${host}, 1 from mark
      on conflict (creator_id, day, source, host) do update set views = creator_daily_sources.views + 1
    ), sources as (
      insert into resource_daily_sources (resource_id, creator_id, day, source, host, views)
      select resource_id, creator_id, day, ${view.source}, ${host}, 1 from mark
      on conflict (resource_id, day, source, host) do update set views = resource_daily_sources.views + 1
    )
    select count(*)::int as counted from mark`);
  return Number(result.rows[0]?.counted ?? 0) > 0;
}
