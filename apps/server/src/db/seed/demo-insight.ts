import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";

/** How far back the demo's page views go: the insight page's 90-day period is full. */
export const DEMO_VIEW_DAYS = 90;

/**
 * Page views for the demo's listed resources over the last DEMO_VIEW_DAYS days (issue 23), so that the
 * creators' insight charts are not empty. Run after the downloads and sales (whose triggers have filled
 * the same daily rows): a day's views follow its downloads and purchases (three to seven views per
 * action, conversion as on a real marketplace), plus a few views on quiet days. Each view is a visitor
 * mark (a made-up 64-bit number, like the beacon's hashes); one in five is a visitor who looked at several
 * resources that day, so a creator's unique visitors are fewer than their views; sources are spread as a catalogue's would be,
 * other sites named by host. One statement, deterministic (hashes, no random()), a few seconds at most.
 */
export async function insertDemoInsight(tx: Tx): Promise<void> {
  await tx.execute(sql`
    with days as (
      select r.id as resource_id, r.users_id as creator_id, d.day,
        least(coalesce(s.downloads + s.purchases, 0), 20) as actions,
        hashtext(r.id::text || d.day::text) & 2147483647 as h
      from resources r
      cross join lateral (
        select insight_day(now()) - k as day from generate_series(0, ${DEMO_VIEW_DAYS - 1}::int) k) d
      left join resource_daily_stats s on s.resource_id = r.id and s.day = d.day
      where r.approval_status = 'approved' and r.status = 'active' and insight_day(r.published_at) <= d.day
    ), views as (
      select resource_id, creator_id, day,
        ('x' || substr(md5(case when n % 5 = 0 then 'demo-visitor:' || day || ':' || n
          else 'demo-visitor:' || day || ':' || resource_id || ':' || n end), 1, 16))::bit(64)::bigint as visitor,
        (hashtext(resource_id::text || day::text || n) & 2147483647) % 100 as pick
      from days cross join lateral generate_series(1, actions * (3 + h % 5) + h % 4) n
    ), marks as (
      insert into resource_view_marks (resource_id, creator_id, day, visitor)
      select resource_id, creator_id, day, visitor from views
      on conflict do nothing
    ), registers as (
      select creator_id, day, insight_register(visitor) as register, max(insight_register_rank(visitor)) as rank
      from views group by 1, 2, 3
    ), sketches as (
      insert into creator_visitor_sketches (creator_id, day, sketch)
      select d.creator_id, d.day, decode(string_agg(lpad(to_hex(coalesce(r.rank, 0)), 2, '0'), '' order by g), 'hex')
      from (select distinct creator_id, day from registers) d cross join generate_series(0, 1023) g
      left join registers r on r.creator_id = d.creator_id and r.day = d.day and r.register = g
      group by d.creator_id, d.day
    ), stats as (
      insert into resource_daily_stats (resource_id, creator_id, day, views)
      select resource_id, creator_id, day, count(*) from views group by 1, 2, 3
      on conflict (resource_id, day) do update set views = excluded.views
    ), classified as (
      select resource_id, creator_id, day,
        case when pick < 34 then 'search' when pick < 58 then 'grid' when pick < 66 then 'featured'
          when pick < 76 then 'profile' when pick < 81 then 'referral' when pick < 90 then 'external'
          else 'direct' end as source,
        case when pick between 81 and 89
          then (array['pinterest.com', 'facebook.com', 'google.com', 'teachersblog.example'])[1 + pick % 4]
          else '' end as host
      from views
    ), creator_sources as (
      insert into creator_daily_sources (creator_id, day, source, host, views)
      select creator_id, day, source, host, count(*) from classified group by 1, 2, 3, 4
    )
    insert into resource_daily_sources (resource_id, creator_id, day, source, host, views)
    select resource_id, creator_id, day, source, host, count(*) from classified
    group by 1, 2, 3, 4, 5`);
}
