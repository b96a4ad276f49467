import { RESULT_COUNT_CAP, type ResourceListQuery, type ResourceListResponse } from "@market/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { presentResourceCard, type ResourceCardRow } from "./resource.presenter.ts";

const ORDER: Record<ResourceListQuery["sort"], SQL> = {
  newest: sql`r.published_at desc, r.id`,
  downloads: sql`r.download_count desc, r.id`,
  "price-asc": sql`r.price asc, r.id`,
  "price-desc": sql`r.price desc, r.id`,
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
    db.execute<ResourceCardRow & Record<string, unknown>>(sql`
      select r.id, r.name, r.title, r.subtitle, r.grade, r.subject_area, r.type, r.price, r.sale_price,
             to_char(r.sale_end, 'YYYY-MM-DD') as sale_end, r.download_count, r.is_featured,
             r.background_color, r.excluded_colors, r.updated_at,
             u.id as creator_id, u.username as creator_username, u.first_name as creator_first_name,
             u.avatar_locator as creator_avatar_locator,
             (select p.storage_key from resource_previews p where p.resource_id = r.id
               order by p.order_index limit 1) as cover_locator
      from resources r join users u on u.id = r.users_id
      where ${where}
      order by ${ORDER[query.sort]}
      limit ${query.pageSize} offset ${offset}`),
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
