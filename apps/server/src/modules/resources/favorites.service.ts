import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { favorites, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { AppError } from "../../platform/errors.ts";
import { getSiteSettings } from "../site/index.ts";
import { findViewableResource } from "./resource-detail.service.ts";

/** Favorites up to the site's favoritesLimit (DECISIONS.md: 500); past it, favorite_limit_exceeded. */
export async function addFavorite(db: Db, viewer: Viewer, idOrName: string) {
  const resource = await findViewableResource(db, idOrName, viewer);
  const { favoritesLimit } = await getSiteSettings(db);
  await db.transaction(async (tx) => {
    // The user's row is the lock that keeps two concurrent favorites from both slipping under the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for("update");
    const [already] = await tx
      .select({ n: sql<number>`1` })
      .from(favorites)
      .where(and(eq(favorites.users_id, viewer.id), eq(favorites.resource_id, resource.id)));
    if (already) return;
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .where(eq(favorites.users_id, viewer.id));
    if (Number(count?.n ?? 0) >= favoritesLimit) {
      throw new AppError("favorite_limit_exceeded", `You can keep at most ${favoritesLimit} favorites`);
    }
    await tx
      .insert(favorites)
      .values({ users_id: viewer.id, resource_id: resource.id })
      .onConflictDoNothing();
  });
  return { isFavorited: true };
}

/**
 * GET /users/self/favorites/ids: the ids of the viewer's favorites (at most favoritesLimit, 500), so that
 * the grids, which are the same answer for everybody, can mark hearts without per-user fields. One
 * index-only read of the favorites' primary key.
 */
export async function listFavoriteIds(db: Db, viewer: Viewer): Promise<{ ids: string[] }> {
  const rows = await db
    .select({ id: favorites.resource_id })
    .from(favorites)
    .where(eq(favorites.users_id, viewer.id));
  return { ids: rows.map((r) => r.id) };
}

export async function removeFavorite(db: Db, viewer: Viewer, idOrName: string) {
  const resource = await findViewableResource(db, idOrName, viewer);
  await db
    .delete(favorites)
    .where(and(eq(favorites.users_id, viewer.id), eq(favorites.resource_id, resource.id)));
  return { isFavorited: false };
}
