import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

const AD_TITLE_PREFIX = "Synthetic ad ";

/** How many synthetic ads are running (a benchmark reusing a database tops them up to its N). */
export async function countSyntheticAds(db: Db): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from advertisements
        where starts_with(title, ${AD_TITLE_PREFIX}) and running_status = 'running' and ends_at > now()`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * N running ads spread over the five types for the serving benchmark (issue: Advertising, Speed): each
 * with a budget and a random share of its day's impressions already served, owned by the first creator.
 */
export async function seedSyntheticAds(db: Db, count: number): Promise<{ created: number; ms: number }> {
  const started = performance.now();
  await db.execute(sql`
    insert into advertisements (users_id, ad_type, approval_status, running_status, title, description, button,
      subtitle, subject, statement, click_url, image_url, image_name, spend_per_day, run_days_total, grades,
      starts_at, ends_at)
    select (select id from users order by created_at limit 1), ((g % 5) + 1)::text, 'approved', 'running',
      ${AD_TITLE_PREFIX}::text || g, 'Classroom supplies for every teacher', 'Shop now', 'For teachers', 'Supplies',
      'Paid for by a member of the community', 'https://ads.example.com/' || g, null, 'ad.png',
      500 + (g % 20) * 100, 30, case when g % 3 = 0 then array['3'] else '{}'::text[] end,
      now() - interval '1 day', now() + interval '29 days'
    from generate_series(1, ${count}) g`);
  return { created: count, ms: Math.round(performance.now() - started) };
}
