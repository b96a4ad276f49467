import { RESULT_COUNT_CAP, type ResourceListQuery, type ResourceListResponse } from "@market/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { presentResourceCard, type ResourceCardRow } from "./resource.presenter.ts";

/**
 * Each order matches its partial index exactly (drizzle writes DESC indexes as NULLS LAST), so a page
 * is read straight off the index instead of sorting every listed resource.
 */
const ORDER: Record<ResourceListQuery["sort"], SQL> = {
  newest: sql`r.published_at desc nulls last, r.id`,
  downloads: sql`r.download_count desc nulls last, r.id`,
  "price-asc": sql`r.price asc, r.id asc`,
  "price-desc": sql`r.price desc, r.id desc`,
};

/**
 * One page of the public grid: approved and active resources, each with its creator and cover
 * (the first preview) in the same query, so a page costs two queries whatever its size.
 * The WHERE matches the partial indexes of the resources table.
 */
export async function listPublishedResources(
  db: Db,
  query: ResourceListQuery,
): Promise<ResourceListResponse> {
  const where = query.featured
    ? sql`r.approval_status = 'approved' and r.status = 'active' and r.is_featured and (r.featured_until is null or r.featured_until > now())`
    : sql`r.approval_status = 'approved' and r.status = 'active'`;
  const offset = (query.page - 1) * query.pageSize;
  const [rows, counted] = await Promise.all([
    // The page's ids come off the index first; only those rows are then joined and given a cover, so a
    // deep page does not build cards for every row it skips.
    db.execute<ResourceCardRow & Record<string, unknown>>(sql`
      select r.id, r.name, r.title, r.subtitle, r.grade, r.subject_area, r.type, r.price, r.sale_price,
             to_char(r.sale_end, 'YYYY-MM-DD') as sale_end, r.download_count, r.is_featured,
             r.background_color, r.excluded_colors, r.updated_at,
             u.id as creator_id, u.username as creator_username, u.first_name as creator_first_name,
             u.avatar_locator as creator_avatar_locator, cover.storage_key as cover_locator
      from (select r.id from resources r where ${where}
            order by ${ORDER[query.sort]} limit ${query.pageSize} offset ${offset}) page
      join resources r on r.id = page.id
      join users u on u.id = r.users_id
      left join lateral (select p.storage_key from resource_previews p where p.resource_id = r.id
                         order by p.order_index limit 1) cover on true
      order by ${ORDER[query.sort]}`),
    // Counting stops at RESULT_COUNT_CAP: past that a person pages by "next", and an exact count of
    // 100,000 rows would cost more than the page itself.
    db.execute<{ total: number }>(
      sql`select count(*)::int as total from (select 1 from resources r where ${where} limit ${RESULT_COUNT_CAP + 1}) capped`,
    ),
  ]);
  const total = Number(counted.rows[0]?.total ?? 0);
  return {
    resources: rows.rows.map(presentResourceCard),
    page: query.page,
    pageSize: query.pageSize,
    total: Math.min(total, RESULT_COUNT_CAP),
    totalIsCapped: total > RESULT_COUNT_CAP,
  };
}
