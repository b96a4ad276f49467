import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { follows, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { LISTED, presentRating, selectCards } from "../resources/index.ts";
import { presentPublicUser } from "./user.presenter.ts";

/** A user by id, by @username (the profile path's form) or by username. */
export async function findUserByRef(db: Db, ref: string) {
  const where = isUuid(ref)
    ? eq(users.id, ref)
    : sql`lower(${users.username}) = ${ref.replace(/^@/, "").toLowerCase()}`;
  const [row] = await db.select().from(users).where(where);
  if (!row || row.is_deactivated) throw notFound("No such user");
  return row;
}

export async function userSummary(db: Db, ref: string, viewer: Viewer | null) {
  const user = await findUserByRef(db, ref);
  const [facts] = (
    await db.execute<{
      resources: number;
      followers: number;
      following: boolean;
      rating_count: number;
      rating_sum: number;
    }>(sql`
      select (select count(*)::int from resources r where r.users_id = ${user.id} and ${LISTED}) as resources,
             -- The creator's overall rating: the shown reviews of every resource they published.
             (select coalesce(sum(r.rating_count), 0)::int from resources r where r.users_id = ${user.id}) as rating_count,
             (select coalesce(sum(r.rating_sum), 0)::int from resources r where r.users_id = ${user.id}) as rating_sum,
             (select count(*)::int from follows f where f.followed_id = ${user.id}) as followers,
             exists (select 1 from follows f where f.followed_id = ${user.id} and f.follower_id = ${viewer?.id ?? null}) as following`)
  ).rows;
  return {
    user: {
      ...presentPublicUser(user),
      resourceCount: Number(facts?.resources ?? 0),
      followerCount: Number(facts?.followers ?? 0),
      isFollowedByMe: Boolean(facts?.following),
      rating: presentRating(facts?.rating_count ?? 0, facts?.rating_sum ?? 0),
      joined: user.created_at.toISOString(),
    },
  };
}

const NEWEST = sql`r.published_at desc nulls last, r.id`;

/** A creator's listed resources, newest first, by offset: a portfolio loads 24, then buffers 12 at a time. */
export async function userResources(db: Db, userId: string, offset: number, limit: number) {
  const [resources, counted] = await Promise.all([
    selectCards(
      db,
      sql`select r.id from resources r where r.users_id = ${userId} and ${LISTED} order by ${NEWEST} limit ${limit} offset ${offset}`,
      NEWEST,
    ),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from resources r where r.users_id = ${userId} and ${LISTED}`,
    ),
  ]);
  return { resources, total: Number(counted.rows[0]?.n ?? 0) };
}

export async function follow(db: Db, viewer: Viewer, ref: string) {
  const target = await findUserByRef(db, ref);
  if (target.id === viewer.id) throw new AppError("bad_request", "You cannot follow yourself");
  await db.insert(follows).values({ follower_id: viewer.id, followed_id: target.id }).onConflictDoNothing();
  return { isFollowedByMe: true };
}

export async function unfollow(db: Db, viewer: Viewer, ref: string) {
  const target = await findUserByRef(db, ref);
  await db.delete(follows).where(and(eq(follows.follower_id, viewer.id), eq(follows.followed_id, target.id)));
  return { isFollowedByMe: false };
}

/** The creators a user follows, most recently followed first, each with their 4 newest resources. */
export async function listFollowing(db: Db, viewer: Viewer, page: number, pageSize: number) {
  const [creators, counted] = await Promise.all([
    db
      .select({ user: users })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followed_id))
      .where(and(eq(follows.follower_id, viewer.id), eq(users.is_deactivated, false)))
      .orderBy(sql`${follows.created_at} desc`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.execute<{ n: number }>(sql`select count(*)::int as n from follows where follower_id = ${viewer.id}`),
  ]);
  const ids = creators.map((c) => c.user.id);
  const order = sql`r.users_id, r.published_at desc nulls last, r.id`;
  const cards =
    ids.length === 0
      ? []
      : await selectCards(
          db,
          sql`select n.id from unnest(array[${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}]) as c(uid)
              cross join lateral (select r.id from resources r where r.users_id = c.uid and ${LISTED}
                                  order by r.published_at desc nulls last, r.id limit 4) n`,
          order,
        );
  return {
    following: creators.map(({ user }) => ({
      ...presentPublicUser(user),
      isFollowedByMe: true as const,
      newestResources: cards.filter((card) => card.creator.id === user.id),
    })),
    total: Number(counted.rows[0]?.n ?? 0),
  };
}
