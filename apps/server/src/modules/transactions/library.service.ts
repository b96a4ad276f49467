import {
  BUNDLE_TYPE,
  LIBRARY_PAGE_SIZE,
  type LibraryItem,
  type LibraryResponse,
  type LibrarySource,
} from "@market/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../platform/ids.ts";

/** A resource's cover: its first preview (the grids' rule), as a lateral join named `cover`. */
export const COVER_JOIN = sql`left join lateral (select p.storage_key as locator from resource_previews p
  where p.resource_id = r.id order by p.order_index, p.id limit 1) cover on true`;

/**
 * The file an owner's Download button fetches, as a lateral join named `main_file`: a paid resource's
 * premium file (what buying gives), else its first file.
 */
export const MAIN_FILE_JOIN = sql`left join lateral (select f.id, f.name, f.size_bytes from resource_files f
  where f.resource_id = r.id order by f.is_premium_file desc, f.created_at, f.id limit 1) main_file on true`;

export interface MainFileRow {
  file_id: string | null;
  file_name: string | null;
  file_size: number | string | null;
}

export const presentMainFile = (row: MainFileRow) =>
  row.file_id && row.file_name
    ? { id: row.file_id, name: row.file_name, size_bytes: Number(row.file_size ?? 0) }
    : null;

/**
 * What a user owns, one row per resource, each the way they first got it: bought (not as a gift),
 * received as a gift they claimed, downloaded free (a resource that is free now), or included in a
 * bundle they bought or were given (issue 22: its resources, those added since too, each listed with
 * the bundle it came in; the bundle itself is listed as bought or given). A seat a buyer gave them
 * (issue 23) is listed as a purchase (a bundle's seat: the bundle and its resources), with the buyer as
 * `licensor_id` and no sale or amount of theirs. A refunded sale gives nothing, its seats included
 * (resources/ownership.ts says the same). Each branch reads its own index: sales_buyer_idx,
 * sales_recipient_idx, downloads_user_idx, licence_seats_holder_idx, then bundle_items' primary key.
 */
function ownedBy(userId: string, resource: SQL | null) {
  return sql`
    select distinct on (o.resource_id) o.*
    from (
      select s.resource_id, 'purchase' as source, s.created_at as acquired_at, s.id as sale_id,
             s.amount_cents as amount, null::uuid as giver_id, null::uuid as bundle_id,
             null::uuid as licensor_id
        from sales s where s.buyer_id = ${userId} and not s.is_gift and s.refunded_at is null
      union all
      select s.resource_id, 'gift', coalesce(s.claimed_at, s.created_at), null::uuid, null::int, s.buyer_id,
             null::uuid, null::uuid
        from sales s where s.recipient_id = ${userId} and s.refunded_at is null
      union all
      select d.resource_id, 'free', d.created_at, null::uuid, null::int, null::uuid, null::uuid, null::uuid
        from downloads d join resources fr on fr.id = d.resource_id and fr.price = 0
        where d.users_id = ${userId}
      union all
      select bi.resource_id, 'bundle', s.created_at, s.id, null::int, null::uuid, s.resource_id, null::uuid
        from sales s join bundle_items bi on bi.bundle_id = s.resource_id
        where s.buyer_id = ${userId} and not s.is_gift and s.refunded_at is null
      union all
      select bi.resource_id, 'bundle', coalesce(s.claimed_at, s.created_at), null::uuid, null::int, s.buyer_id,
             s.resource_id, null::uuid
        from sales s join bundle_items bi on bi.bundle_id = s.resource_id
        where s.recipient_id = ${userId} and s.refunded_at is null
      union all
      select s.resource_id, 'purchase', coalesce(ls.assigned_at, ls.created_at), null::uuid, null::int,
             null::uuid, null::uuid, s.buyer_id
        from licence_seats ls join sales s on s.id = ls.sale_id and s.refunded_at is null
        where ls.holder_id = ${userId}
      union all
      select bi.resource_id, 'bundle', coalesce(ls.assigned_at, ls.created_at), null::uuid, null::int,
             null::uuid, s.resource_id, s.buyer_id
        from licence_seats ls join sales s on s.id = ls.sale_id and s.refunded_at is null
        join bundle_items bi on bi.bundle_id = s.resource_id
        where ls.holder_id = ${userId}
    ) o
    join resources r on r.id = o.resource_id
    ${resource ? sql`where ${resource}` : sql``}
    order by o.resource_id, (o.source = 'free'), o.acquired_at`;
}

interface LibraryRow extends MainFileRow, Record<string, unknown> {
  source: LibrarySource;
  acquired_at: string | Date;
  sale_id: string | null;
  amount: number | null;
  id: string;
  name: string;
  title: string;
  available: boolean;
  is_bundle: boolean;
  cover_locator: string | null;
  creator_id: string;
  creator_username: string;
  creator_first_name: string;
  creator_avatar_locator: string | null;
  giver_username: string | null;
  giver_first_name: string | null;
  bundle_id: string | null;
  bundle_name: string | null;
  bundle_title: string | null;
  licensor_id: string | null;
  licensor_username: string | null;
  licensor_first_name: string | null;
  licensor_avatar_locator: string | null;
  /** The seats of the viewer's own purchase (issue 23); null for anything else. */
  seats: number | null;
}

async function selectLibrary(db: Db, owned: SQL, limit: number, offset: number): Promise<LibraryItem[]> {
  const result = await db.execute<LibraryRow>(sql`
    select o.source, o.acquired_at, o.sale_id, o.amount, r.id, r.name, r.title,
           (r.approval_status = 'approved' and r.status = 'active') as available,
           r.type = ${BUNDLE_TYPE} as is_bundle,
           cover.locator as cover_locator,
           u.id as creator_id, u.username as creator_username, u.first_name as creator_first_name,
           u.avatar_locator as creator_avatar_locator,
           giver.username as giver_username, giver.first_name as giver_first_name,
           o.bundle_id, bundle.name as bundle_name, bundle.title as bundle_title,
           licensor.id as licensor_id, licensor.username as licensor_username,
           licensor.first_name as licensor_first_name, licensor.avatar_locator as licensor_avatar_locator,
           main_file.id as file_id, main_file.name as file_name, main_file.size_bytes as file_size,
           own_sale.seats
    from (select * from (${owned}) firsts order by acquired_at desc, resource_id limit ${limit} offset ${offset}) o
    join resources r on r.id = o.resource_id
    join users u on u.id = r.users_id
    left join users giver on giver.id = o.giver_id
    left join users licensor on licensor.id = o.licensor_id
    left join resources bundle on bundle.id = o.bundle_id
    left join sales own_sale on own_sale.id = o.sale_id
    ${COVER_JOIN}
    ${MAIN_FILE_JOIN}
    order by o.acquired_at desc, o.resource_id`);
  return result.rows.map((row) => ({
    resource: {
      id: row.id,
      name: row.name,
      title: row.title,
      cover_locator: row.cover_locator,
      creator: {
        id: row.creator_id,
        username: row.creator_username,
        first_name: row.creator_first_name,
        avatar_locator: row.creator_avatar_locator,
      },
      available: row.available,
      isBundle: row.is_bundle,
    },
    source: row.source,
    acquiredAt: new Date(row.acquired_at).toISOString(),
    // A resource that came in a bundle shows no receipt of its own: the bundle's row has it.
    saleId: row.source === "purchase" ? row.sale_id : null,
    amount: row.source === "purchase" ? row.amount : null,
    seats: row.source === "purchase" && row.seats !== null ? Number(row.seats) : null,
    giftFrom:
      (row.source === "gift" || row.source === "bundle") && row.giver_username && row.giver_first_name
        ? { username: row.giver_username, first_name: row.giver_first_name }
        : null,
    inBundle:
      row.source === "bundle" && row.bundle_id && row.bundle_name && row.bundle_title
        ? { id: row.bundle_id, name: row.bundle_name, title: row.bundle_title }
        : null,
    licensedBy:
      row.licensor_id && row.licensor_username && row.licensor_first_name
        ? {
            id: row.licensor_id,
            username: row.licensor_username,
            first_name: row.licensor_first_name,
            avatar_locator: row.licensor_avatar_locator,
          }
        : null,
    file: row.available ? presentMainFile(row) : null,
  }));
}

/** GET /users/self/library?page=: what the viewer owns, newest first, a page at a time. */
export async function listLibrary(db: Db, userId: string, page: number): Promise<LibraryResponse> {
  const owned = ownedBy(userId, null);
  const [items, counted] = await Promise.all([
    selectLibrary(db, owned, LIBRARY_PAGE_SIZE, (page - 1) * LIBRARY_PAGE_SIZE),
    db.execute<{ total: number }>(sql`select count(*)::int as total from (${owned}) firsts`),
  ]);
  return { items, total: Number(counted.rows[0]?.total ?? 0), page, pageSize: LIBRARY_PAGE_SIZE };
}

/** GET /users/self/library/{id}: how the viewer owns one resource (by id or name), or null. */
export async function libraryEntry(db: Db, userId: string, idOrName: string): Promise<LibraryItem | null> {
  const match = isUuid(idOrName) ? sql`r.id = ${idOrName}` : sql`r.name = ${idOrName.toLowerCase()}`;
  const [item] = await selectLibrary(db, ownedBy(userId, match), 1, 0);
  return item ?? null;
}
