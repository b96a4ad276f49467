import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Viewer } from "../../platform/access.ts";
import { LISTED, selectCards } from "./card-query.ts";

/** The viewer's favorites that are still listed, most recently favorited first. */
export async function listFavorites(db: Db, viewer: Viewer, page: number, pageSize: number) {
  const order = sql`page.favorited_at desc, r.id`;
  const [resources, counted] = await Promise.all([
    selectCards(
      db,
      sql`select r.id, f.created_at as favorited_at from favorites f join resources r on r.id = f.resource_id
          where f.users_id = ${viewer.id} and ${LISTED}
          order by f.created_at desc, r.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
      order,
    ),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from favorites f join resources r on r.id = f.resource_id
      where f.users_id = ${viewer.id} and ${LISTED}`),
  ]);
  return { resources, total: Number(counted.rows[0]?.n ?? 0) };
}

/**
 * The own-account portfolio: the creator's resources in any state, most recently changed first; the
 * first 24 to show and the next 12 to buffer (spec 2). Later chunks come from /users/{id}/resources.
 */
export async function listOwnResources(db: Db, viewer: Viewer) {
  const order = sql`r.updated_at desc, r.id`;
  const [cards, counted] = await Promise.all([
    selectCards(
      db,
      sql`select r.id from resources r where r.users_id = ${viewer.id} order by ${order} limit 36`,
      order,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from resources where users_id = ${viewer.id}`),
  ]);
  return {
    initResources: cards.slice(0, 24),
    extraResources: cards.slice(24),
    total: Number(counted.rows[0]?.n ?? 0),
  };
}
