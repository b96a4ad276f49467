import { BUNDLE_TYPE } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Viewer } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { canView } from "../resources/index.ts";

/** A bundle's row as its presenter and its writes read it, with its creator and its own cover. */
export interface BundleRow extends Record<string, unknown> {
  id: string;
  name: string;
  users_id: string;
  title: string;
  description: string;
  price: number;
  /** The creator's price for each seat after the first (issue 23); null: the site's percent. */
  seat_price: number | null;
  approval_status: string;
  status: string;
  cover_locator: string | null;
  creator_username: string;
  creator_first_name: string;
  creator_avatar_locator: string | null;
}

async function findBundle(db: Db, idOrName: string): Promise<BundleRow | null> {
  const match = isUuid(idOrName) ? sql`r.id = ${idOrName}` : sql`r.name = ${idOrName.toLowerCase()}`;
  const result = await db.execute<BundleRow>(sql`
    select r.id, r.name, r.users_id, r.title, r.description, r.price, r.seat_price, r.approval_status, r.status,
           u.username as creator_username, u.first_name as creator_first_name,
           u.avatar_locator as creator_avatar_locator,
           (select p.storage_key from resource_previews p where p.resource_id = r.id
             order by p.order_index limit 1) as cover_locator
    from resources r join users u on u.id = r.users_id
    where ${match} and r.type = ${BUNDLE_TYPE}`);
  const row = result.rows[0];
  return row
    ? {
        ...row,
        price: Number(row.price),
        seat_price: row.seat_price === null ? null : Number(row.seat_price),
      }
    : null;
}

/** A bundle the viewer may see: a listed one for anybody, an unlisted one for its creator or an admin. */
export async function findViewableBundle(db: Db, idOrName: string, viewer: Viewer | null) {
  const row = await findBundle(db, idOrName);
  if (!row || !canView(row, viewer)) throw notFound("No such bundle");
  return row;
}

/**
 * The viewer's own bundle. Anybody else's, and a resource that is not a bundle, is the same 404 as one
 * that does not exist (as publishing.policy's loadOwnResource answers for resources).
 */
export async function findOwnBundle(db: Db, idOrName: string, viewer: Viewer) {
  const row = await findBundle(db, idOrName);
  if (!row || row.users_id !== viewer.id) throw notFound("No such bundle");
  return row;
}
