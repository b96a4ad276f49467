import {
  additionalSeatCents,
  DEFAULT_SITE_SETTINGS,
  type PublicUser,
  type ResourceDetail,
  resourceDetailSchema,
} from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import {
  bundleItems,
  favorites,
  follows,
  licenceSeats,
  resourceFiles,
  resourcePreviews,
  resources,
  sales,
  users,
} from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import type { TtlCache } from "../../platform/ttl-cache.ts";
import { withStoreSaleDetail } from "../commerce/index.ts";
import { presentPublicUser } from "../users/index.ts";
import { bundleFieldsOf } from "./bundle-detail.ts";
import { SALE_RUNS } from "./card-query.ts";
import { boughtBy } from "./ownership.ts";
import { presentRating } from "./resource.presenter.ts";
import { byIdOrName } from "./resource-lookup.ts";
import { executeShaped } from "./shaped-statement.ts";

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
  const result = await db.execute<{ bought: boolean }>(
    sql`select ${boughtBy(resource.id, viewer.id)} as bought`,
  );
  return result.rows[0]?.bought === true;
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
  seat_price: number | null;
  /** The site's additionalSeatPercent, read in the same statement (a setting's change shows at once). */
  seat_percent: number;
  approval_status: string;
  status: string;
  is_featured: boolean;
  download_count: number;
  rating_count: number;
  rating_sum: number;
  updated_at: string | Date;
  background_color: string | null;
  excluded_colors: string[];
  creator_username: string;
  creator_first_name: string;
  creator_avatar_locator: string | null;
  files: { id: string; name: string; size_bytes: number; is_premium_file: boolean }[];
  previews: { id: string; order_index: number; size_bytes: number; locator: string }[];
}

/** What a resource page shows one viewer of their own: the only part that is not the same for everybody. */
export interface ViewerFlags {
  isFavorited: boolean;
  isCreatorFollowed: boolean;
  isOwned: boolean;
  /** The buyer who gave the viewer a seat of it (issue 23), or null. */
  licensedBy: PublicUser | null;
}

const NO_FLAGS: ViewerFlags = {
  isFavorited: false,
  isCreatorFollowed: false,
  isOwned: false,
  licensedBy: null,
};

/**
 * A listed resource's page as everybody sees it (the viewer's flags all false), shared between viewers,
 * with its JSON text without the viewer's flags: checked and written by the response schema once per
 * fill, so each signed-in request adds its four flags to the text instead of serialising the page again.
 */
export interface SharedDetail {
  detail: ResourceDetail;
  json: string;
}

/** A page with the text the route sends (resources.routes.ts's serializer); the object documents it. */
export type DetailAnswer = ResourceDetail & { json?: string };

const VIEWER_FIELDS = Object.keys(NO_FLAGS);

function sharedOf(detail: ResourceDetail): SharedDetail {
  const checked: Record<string, unknown> = resourceDetailSchema.parse(detail);
  for (const field of VIEWER_FIELDS) delete checked[field];
  return { detail, json: JSON.stringify(checked) };
}

/** The shared text with `flags` added: the schema's fields, the viewer's last. */
function withFlags(shared: SharedDetail, flags: ViewerFlags): DetailAnswer {
  const page = { ...shared.detail, ...flags };
  return { ...page, json: `${shared.json.slice(0, -1)},${JSON.stringify(flags).slice(1)}` };
}

/**
 * The resource page: the resource, its creator, files and previews in one query (the page is the most
 * visited read after the grids). The same for every viewer who may see it; what the viewer has done with
 * it comes from viewerFlags.
 */
async function loadDetail(
  db: Db,
  idOrName: string,
): Promise<{ row: DetailRow; detail: ResourceDetail } | null> {
  const byId = isUuid(idOrName);
  const match = byId ? sql`r.id = ${idOrName}` : sql`r.name = ${idOrName.toLowerCase()}`;
  const [row] = await executePrepared<DetailRow>(
    db,
    byId ? "resource_page_by_id" : "resource_page_by_name",
    sql`
    select r.id, r.name, r.users_id, r.title, r.display, r.subtitle, r.subject_area, r.description,
      r.keywords, r.skills, r.standards, r.grade, r.reading_levels, r.type, r.price, r.sale_price,
      to_char(r.sale_end, 'YYYY-MM-DD') as sale_end, ${SALE_RUNS} as on_sale, r.seat_price,
      coalesce((select (value #>> '{}')::int from site_settings where key = 'additionalSeatPercent'),
               ${DEFAULT_SITE_SETTINGS.additionalSeatPercent}) as seat_percent,
      r.approval_status, r.status, r.is_featured, r.download_count, r.rating_count, r.rating_sum,
      r.updated_at, r.background_color,
      r.excluded_colors, u.username as creator_username, u.first_name as creator_first_name,
      u.avatar_locator as creator_avatar_locator,
      (select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'size_bytes', f.size_bytes,
                'is_premium_file', f.is_premium_file) order by f.created_at, f.id), '[]'::json)
         from ${resourceFiles} f where f.resource_id = r.id) as files,
      (select coalesce(json_agg(json_build_object('id', p.id, 'order_index', p.order_index,
                'size_bytes', p.size_bytes, 'locator', p.storage_key) order by p.order_index, p.id), '[]'::json)
         from ${resourcePreviews} p where p.resource_id = r.id) as previews
    from ${resources} r join ${users} u on u.id = r.users_id
    where ${match}`,
  );
  if (!row) return null;
  const detail = presentDetail(row);
  // At its best running sale, the creator's store-wide sale included (commerce, issue 22).
  const priced = await withStoreSaleDetail(db, detail, row.users_id);
  // Each colleague's seat (issue 23) at that running price: a sale lowers it too.
  const seatPriceCents =
    priced.price === 0
      ? 0
      : additionalSeatCents(priced.sale_price ?? priced.price, row.seat_price, Number(row.seat_percent));
  return { row, detail: { ...priced, seatPriceCents, ...(await bundleFieldsOf(db, detail)) } };
}

function presentDetail(
  row: DetailRow,
): Omit<ResourceDetail, "isBundle" | "includedResourceIds" | "bundle" | "inBundles" | "seatPriceCents"> {
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
    sale_price: row.on_sale ? row.sale_price : null,
    sale_end: row.on_sale ? row.sale_end : null,
    seat_price: row.seat_price,
    approval_status: row.approval_status,
    status: row.status,
    is_featured: row.is_featured,
    downloadCount: row.download_count,
    rating: presentRating(row.rating_count, row.rating_sum),
    updated_at: new Date(row.updated_at).toISOString(),
    backgroundColor: row.background_color,
    excluded_colors: row.excluded_colors,
    users_model: presentPublicUser({
      id: row.users_id,
      username: row.creator_username,
      first_name: row.creator_first_name,
      avatar_locator: row.creator_avatar_locator,
    }),
    ...NO_FLAGS,
    resources_files_models: row.files.map((f) => ({ ...f, size_bytes: Number(f.size_bytes) })),
    resources_previews_models: row.previews,
  };
}

/**
 * The viewer's flags as one statement with named placeholders, built once (shaped-statement.ts): the
 * signed-in resource page runs it on every request, so a request binds three values and builds no SQL.
 */
function viewerFlagsSql() {
  // As SQL fragments, so that boughtBy takes them as it takes values.
  const viewerId = sql`${sql.placeholder("viewerId")}`;
  const resourceId = sql`${sql.placeholder("resourceId")}`;
  return sql`select
      exists (select 1 from ${favorites} f where f.users_id = ${viewerId} and f.resource_id = ${resourceId}) as favorited,
      exists (select 1 from ${follows} f where f.follower_id = ${viewerId}
                                          and f.followed_id = ${sql.placeholder("creatorId")}) as following,
      ${boughtBy(resourceId, viewerId)} as bought,
      (select json_build_object('id', b.id, 'username', b.username, 'first_name', b.first_name,
                                'avatar_locator', b.avatar_locator)
         from ${licenceSeats} ls
         join ${sales} s on s.id = ls.sale_id and s.refunded_at is null
         join ${users} b on b.id = s.buyer_id
         where ls.holder_id = ${viewerId}
           and (s.resource_id = ${resourceId}
             or exists (select 1 from ${bundleItems} bi
                        where bi.bundle_id = s.resource_id and bi.resource_id = ${resourceId}))
         order by ls.assigned_at, ls.id limit 1) as licensed_by`;
}

/**
 * The viewer's own marks on a resource page, in one small statement on primary-key or indexed lookups,
 * read fresh on every request: a favourite, a follow, a purchase or a seat given shows at once. Who
 * licensed it starts from the viewer's held seats (licence_seats_holder_idx: a user holds few), the
 * resource's own or a bundle's that includes it, non-refunded, the first given.
 */
async function viewerFlags(
  db: Db,
  viewer: Viewer,
  resource: { id: string; creatorId: string },
): Promise<ViewerFlags> {
  const [row] = await executeShaped<{
    favorited: boolean;
    following: boolean;
    bought: boolean;
    licensed_by: PublicUser | null;
  }>(db, "resource_page_viewer", "", viewerFlagsSql, {
    viewerId: viewer.id,
    resourceId: resource.id,
    creatorId: resource.creatorId,
  });
  return {
    isFavorited: row?.favorited === true,
    isCreatorFollowed: row?.following === true,
    isOwned: viewer.isAdmin || viewer.id === resource.creatorId || row?.bought === true,
    licensedBy: row?.licensed_by ? presentPublicUser(row.licensed_by) : null,
  };
}

/** The key of a resource page in the shared pages: an id, or a name as byIdOrName reads it. */
const pageKey = (idOrName: string) => (isUuid(idOrName) ? idOrName : idOrName.toLowerCase());

/**
 * The resource page for `viewer`: the shared part (the same bytes for everyone who may see a listed
 * resource, kept for a moment in `shared` and dropped when the catalogue changes) plus the viewer's own
 * flags. A resource that is not listed is never shared: it is shown to its creator or an admin alone,
 * from the row the shared load already read.
 */
export async function getResourceDetail(
  db: Db,
  idOrName: string,
  viewer: Viewer | null,
  shared: TtlCache<SharedDetail>,
): Promise<DetailAnswer> {
  // What this request's own load read (undefined when another request's load was shared).
  let read: Awaited<ReturnType<typeof loadDetail>> | undefined;
  const page = await shared
    .get(pageKey(idOrName), async () => {
      read = await loadDetail(db, idOrName);
      if (!read || !canView(read.row, null)) throw notFound("No such resource");
      return sharedOf(read.detail);
    })
    .catch(async (error) => {
      if (!viewer) throw error;
      const loaded = read !== undefined ? read : await loadDetail(db, idOrName);
      if (!loaded || !canView(loaded.row, viewer)) throw notFound("No such resource");
      // Not listed: the creator's or an admin's alone, never shared, and serialised as any answer is.
      return loaded.detail;
    });
  if (!("json" in page)) {
    if (!viewer) return page;
    const flags = await viewerFlags(db, viewer, { id: page.id, creatorId: page.users_model.id });
    return { ...page, ...flags };
  }
  if (!viewer) return withFlags(page, NO_FLAGS);
  const { detail } = page;
  return withFlags(page, await viewerFlags(db, viewer, { id: detail.id, creatorId: detail.users_model.id }));
}
