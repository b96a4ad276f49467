import type { ResourceDetail } from "@market/domain";
import { and, asc, eq, or, sql } from "drizzle-orm";
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
import { presentPublicUser } from "../users/user.presenter.ts";
import { SITE_TODAY } from "./card-query.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A resource by id or by name (its URL slug), as spec 2 allows both. */
export function byIdOrName(idOrName: string) {
  return UUID.test(idOrName) ? eq(resources.id, idOrName) : eq(resources.name, idOrName.toLowerCase());
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

/** The resource page: the resource, its creator, files and previews, and what the viewer has done with it. */
export async function getResourceDetail(
  db: Db,
  idOrName: string,
  viewer: Viewer | null,
): Promise<ResourceDetail> {
  const row = await findViewableResource(db, idOrName, viewer);
  const viewerId = viewer?.id ?? null;
  const [[facts], creator, files, previews, isOwned] = await Promise.all([
    db
      .execute<{ on_sale: boolean; favorited: boolean; following: boolean }>(sql`
      select coalesce(${resources.sale_end} >= ${SITE_TODAY}, false) as on_sale,
        exists (select 1 from ${favorites} f where f.users_id = ${viewerId} and f.resource_id = ${row.id}) as favorited,
        exists (select 1 from ${follows} f where f.follower_id = ${viewerId} and f.followed_id = ${row.users_id}) as following
      from ${resources} where ${resources.id} = ${row.id}`)
      .then((r) => r.rows),
    db.select().from(users).where(eq(users.id, row.users_id)),
    db
      .select()
      .from(resourceFiles)
      .where(eq(resourceFiles.resource_id, row.id))
      .orderBy(asc(resourceFiles.created_at)),
    db
      .select()
      .from(resourcePreviews)
      .where(eq(resourcePreviews.resource_id, row.id))
      .orderBy(asc(resourcePreviews.order_index)),
    ownsResource(db, row, viewer),
  ]);
  const onSale = Boolean(facts?.on_sale) && row.sale_price !== null;
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
    updated_at: row.updated_at.toISOString(),
    backgroundColor: row.background_color,
    excluded_colors: row.excluded_colors,
    users_model: presentPublicUser(creator[0]!),
    isFavorited: Boolean(facts?.favorited),
    isCreatorFollowed: Boolean(facts?.following),
    isOwned,
    resources_files_models: files.map((f) => ({
      id: f.id,
      name: f.name,
      size_bytes: f.size_bytes,
      is_premium_file: f.is_premium_file,
    })),
    resources_previews_models: previews.map((p) => ({
      id: p.id,
      order_index: p.order_index,
      size_bytes: p.size_bytes,
      locator: p.storage_key,
    })),
  };
}
