import type { ResourceCard } from "@market/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import { SITE_TODAY } from "../commerce/index.ts";
import {
  type BundleContentsRow,
  presentBundleCard,
  presentResourceCard,
  type ResourceCardRow,
} from "./resource.presenter.ts";

/**
 * A resources row `r` whose sale counts today: the domain's saleRunsOn in SQL, true or false (never null),
 * for every query that shows or filters by a sale price (a charge asks priceOn).
 */
export const SALE_RUNS = sql`(r.sale_price is not null and r.sale_end is not null and r.sale_end >= ${SITE_TODAY})`;

/** Listed on the public grids: approved and active. Matches the partial indexes of the resources table. */
export const LISTED = sql`r.approval_status = 'approved' and r.status = 'active'`;

/**
 * The cards of the rows `page` names (a from-item yielding `id`; `row` finds each one's resources row),
 * joined with their creator and cover, in `order` (when given); `extra` adds columns. A sale price
 * shows only while its sale runs.
 */
export function cardsSql(page: SQL, order?: SQL, extra: SQL = sql``, row: SQL = sql`r.id = page.id`): SQL {
  return sql`
    select r.id, r.name, r.title, r.subtitle, r.grade, r.subject_area, r.type, r.price,
           case when ${SALE_RUNS} then r.sale_price end as sale_price,
           case when ${SALE_RUNS} then to_char(r.sale_end, 'YYYY-MM-DD') end as sale_end,
           r.download_count, r.is_featured, r.background_color, r.excluded_colors, r.updated_at,
           r.rating_count, r.rating_sum,
           u.id as creator_id, u.username as creator_username, u.first_name as creator_first_name,
           u.avatar_locator as creator_avatar_locator, cover.storage_key as cover_locator${extra}
    from ${page}
    join resources r on ${row}
    join users u on u.id = r.users_id
    left join lateral (select p.storage_key from resource_previews p where p.resource_id = r.id
                       order by p.order_index limit 1) cover on true
    ${order ? sql`order by ${order}` : sql``}`;
}

/**
 * Cards for the resources `ids` selects (a subquery yielding `id`, already ordered and limited), joined
 * with their creator and cover in one query.
 */
export async function selectCards(db: Db, ids: SQL, order: SQL) {
  // Named: every grid page runs it, and planning it cost about as much as running it (issue 19).
  const rows = await executePrepared<ResourceCardRow & Record<string, unknown>>(
    db,
    "grid_cards",
    cardsSql(sql`(${ids}) page`, order),
  );
  return withBundleContents(db, rows.map(presentResourceCard));
}

/**
 * The bundles among a page of cards with what they include (their listed resources, in order) and
 * the cover they borrow: one statement for the page's bundles together, none when it has none.
 */
export async function withBundleContents(db: Db, cards: ResourceCard[]): Promise<ResourceCard[]> {
  const bundleIds = cards.filter((card) => card.isBundle).map((card) => card.id);
  if (bundleIds.length === 0) return cards;
  // One array parameter (a PostgreSQL array literal of ids read from the database), not a list.
  const result = await db.execute<BundleContentsRow>(sql`
    select bi.bundle_id,
           array_agg(r.id::text order by bi.position, r.id) as ids,
           (array_agg(cover.storage_key order by bi.position, r.id)
              filter (where cover.storage_key is not null))[1] as first_cover
    from bundle_items bi
    join resources r on r.id = bi.resource_id and ${LISTED}
    left join lateral (select p.storage_key from resource_previews p where p.resource_id = r.id
                       order by p.order_index limit 1) cover on true
    where bi.bundle_id = any(${`{${bundleIds.join(",")}}`}::uuid[])
    group by bi.bundle_id`);
  const byBundle = new Map(result.rows.map((row) => [row.bundle_id, row]));
  return cards.map((card) => (card.isBundle ? presentBundleCard(card, byBundle.get(card.id)) : card));
}

/** Counts up to `cap` rows: past that a person pages by "next", and counting 100,000 rows costs more than a page. */
export async function countCapped(db: Db, from: SQL, cap: number): Promise<number> {
  const counted = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from (select 1 ${from} limit ${cap + 1}) capped`,
  );
  return Number(counted.rows[0]?.total ?? 0);
}
