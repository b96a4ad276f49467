import type { ResourceDetail } from "@market/domain";
import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  favorites,
  follows,
  resourceFiles,
  resourcePreviews,
  resources,
  sales,
  users,
} from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { presentPublicUser } from "../users/user.presenter.ts";
import { SITE_TODAY } from "./card-query.ts";

/** A resource by id or by name (its URL slug), as spec 2 allows both. */
export function byIdOrName(idOrName: string) {
  return isUuid(idOrName) ? eq(resources.id, idOrName) : eq(resources.name, idOrName.toLowerCase());
}

type ResourceRow = typeof resources.$inferSelect;

/** Who may see a resource: anybody once it is listed; before that, its creator and admins. */
export function canView(
  resource: Pick<ResourceRow, "approval_status" | "status" | "users_id">,
  viewer: Viewer | null,
) {
  if (resource.approval_status === "approved" && resource.status === "active") return true;
  return viewer !== null && (viewer.isAdmin || viewer.id === resource.users_id);
}

/** The creator, an admin, or somebody who bought it (or was given it) may have the premium file. */
export async function ownsResource(
  db: Db,
  resource: Pick<ResourceRow, "id" | "users_id">,
  viewer: Viewer | null,
) {
  if (!viewer) return false;
  if (viewer.isAdmin || viewer.id === resource.users_id) return true;
  const [sale] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(
      and(
        eq(sales.resource_id, resource.id),
        or(and(eq(sales.buyer_id, viewer.id), eq(sales.is_gift, false)), eq(sales.recipient_id, viewer.id)),
      ),
    )
    .limit(1);
  return sale !== undefined;
}

export async function findViewableResource(db: Db, idOrName: string, viewer: Viewer | null) {
  const [row] = await db.select().from(resources).where(byIdOrName(idOrName));
  if (!row || !canView(row, viewer)) throw notFound("No such resource");
  return row;
}

interface DetailRow extends Record<string, unknown> {
  id: string;
  name: string;
  users_id: string;
  title: string;
  display: string | null;
  subtitle: string | null;
  subject_area: string;
  description: string;
  keywords: string[];
  skills: string[];
  standards: string[];
  grade: string;
  reading_levels: string | null;
  type: string;
  price: number;
  sale_price: number | null;
  sale_end: string | null;
  on_sale: boolean;
  approval_status: string;
  status: string;
  is_featured: boolean;
  download_count: number;
  updated_at: string | Date;
  background_color: string | null;
  excluded_colors: string[];
  creator_username: string;
  creator_first_name: string;
  creator_avatar_locator: string | null;
  favorited: boolean;
  following: boolean;
  bought: boolean;
  files: { id: string; name: string; size_bytes: number; is_premium_file: boolean }[];
  previews: { id: string; order_index: number; size_bytes: number; locator: string }[];
}

/**
 * The resource page: the resource, its creator, files and previews, and what the viewer has done with it,
 * in one query (the page is the most visited read after the grids).
 */
export async function getResourceDetail(
  db: Db,
  idOrName: string,
  viewer: Viewer | null,
): Promise<ResourceDetail> {
  const viewerId = viewer?.id ?? null;
  const match = isUuid(idOrName) ? sql`r.id = ${idOrName}` : sql`r.name = ${idOrName.toLowerCase()}`;
  const result = await db.execute<DetailRow>(sql`
    select r.id, r.name, r.users_id, r.title, r.display, r.subtitle, r.subject_area, r.description,
      r.keywords, r.skills, r.standards, r.grade, r.reading_levels, r.type, r.price, r.sale_price,
      to_char(r.sale_end, 'YYYY-MM-DD') as sale_end, coalesce(r.sale_end >= ${SITE_TODAY}, false) as on_sale,
      r.approval_status, r.status, r.is_featured, r.download_count, r.updated_at, r.background_color,
      r.excluded_colors, u.username as creator_username, u.first_name as creator_first_name,
      u.avatar_locator as creator_avatar_locator,
      exists (select 1 from ${favorites} f where f.users_id = ${viewerId} and f.resource_id = r.id) as favorited,
      exists (select 1 from ${follows} f where f.follower_id = ${viewerId} and f.followed_id = r.users_id) as following,
      exists (select 1 from ${sales} s where s.resource_id = r.id
              and ((s.buyer_id = ${viewerId} and not s.is_gift) or s.recipient_id = ${viewerId})) as bought,
      (select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'size_bytes', f.size_bytes,
                'is_premium_file', f.is_premium_file) order by f.created_at, f.id), '[]'::json)
         from ${resourceFiles} f where f.resource_id = r.id) as files,
      (select coalesce(json_agg(json_build_object('id', p.id, 'order_index', p.order_index,
                'size_bytes', p.size_bytes, 'locator', p.storage_key) order by p.order_index, p.id), '[]'::json)
         from ${resourcePreviews} p where p.resource_id = r.id) as previews
    from ${resources} r join ${users} u on u.id = r.users_id
    where ${match}`);
  const row = result.rows[0];
  if (!row || !canView(row, viewer)) throw notFound("No such resource");
  const onSale = row.on_sale && row.sale_price !== null;
  const isOwned = viewer !== null && (viewer.isAdmin || viewer.id === row.users_id || row.bought);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    display: row.display,
    subtitle: row.subtitle,
    subject_area: row.subject_area,
    description: row.description,
    keywordsArray: row.keywords,
    skillsArray: row.skills,
    standardsArray: row.standards,
    grade: row.grade,
    reading_levels: row.reading_levels,
    type: row.type,
    price: row.price,
    sale_price: onSale ? row.sale_price : null,
    sale_end: onSale ? row.sale_end : null,
    approval_status: row.approval_status,
    status: row.status,
    is_featured: row.is_featured,
    downloadCount: row.download_count,
    updated_at: new Date(row.updated_at).toISOString(),
    backgroundColor: row.background_color,
    excluded_colors: row.excluded_colors,
    users_model: presentPublicUser({
      id: row.users_id,
      username: row.creator_username,
      first_name: row.creator_first_name,
      avatar_locator: row.creator_avatar_locator,
    }),
    isFavorited: row.favorited,
    isCreatorFollowed: row.following,
    isOwned,
    resources_files_models: row.files.map((f) => ({ ...f, size_bytes: Number(f.size_bytes) })),
    resources_previews_models: row.previews,
  };
}
