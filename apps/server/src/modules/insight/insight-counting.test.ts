import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  creatorDailyFollows,
  downloads,
  favorites,
  follows,
  payments,
  resourceDailyStats,
  sales,
} from "../../db/schema/index.ts";
import { makeUser } from "../../test/factories.ts";
import { insightTestbed } from "./insight-testbed.ts";
import { sketchPlace } from "./visitor-estimate.ts";

/**
 * Downloads, purchases, revenue, favourites and follows reach the daily rows through the database's
 * triggers (migration 0023), whatever writes them: here, rows written directly, as any path would.
 */
describe("insight: the daily rows follow their tables", () => {
  const bed = insightTestbed();

  const dayRow = async (resourceId: string) => {
    const [row] = await bed.t.db
      .select()
      .from(resourceDailyStats)
      .where(and(eq(resourceDailyStats.resource_id, resourceId), eq(resourceDailyStats.day, bed.today())));
    return row;
  };
  const sell = async (resourceId: string, buyerId: string, amount: number, gift = false) => {
    const [payment] = await bed.t.db
      .insert(payments)
      .values({
        users_id: buyerId,
        purpose: "purchase",
        amount_cents: amount,
        status: "captured",
        gateway: "sandbox",
      })
      .returning();
    const [sale] = await bed.t.db
      .insert(sales)
      .values({
        resource_id: resourceId,
        buyer_id: buyerId,
        amount_cents: amount,
        payment_id: payment!.id,
        ...(gift ? { is_gift: true, gift_code: `G${payment!.id.slice(0, 8)}` } : {}),
      })
      .returning();
    return sale!;
  };

  it("counts downloads, favourites, purchases with their revenue, and takes a refunded sale off its day", async () => {
    const resource = await bed.resource();
    const [a, b] = await Promise.all([makeUser(bed.t.db), makeUser(bed.t.db)]);
    await bed.t.db.insert(downloads).values([
      { resource_id: resource.id, users_id: a!.id },
      { resource_id: resource.id, visitor_key: "v1" },
    ]);
    await bed.t.db.insert(favorites).values([
      { resource_id: resource.id, users_id: a!.id },
      { resource_id: resource.id, users_id: b!.id },
    ]);
    const sale = await sell(resource.id, a!.id, 800);
    await sell(resource.id, b!.id, 650, true);
    expect(await dayRow(resource.id)).toMatchObject({
      creator_id: bed.creator.id,
      downloads: 2,
      favorites: 2,
      purchases: 2,
      revenue_cents: 1450,
    });

    await bed.t.db.update(sales).set({ refunded_at: new Date() }).where(eq(sales.id, sale.id));
    await bed.t.db.delete(favorites).where(eq(favorites.users_id, b!.id));
    expect(await dayRow(resource.id)).toMatchObject({ favorites: 1, purchases: 1, revenue_cents: 650 });
    // The refunded buyer buys again: a purchase again.
    await sell(resource.id, a!.id, 800);
    expect(await dayRow(resource.id)).toMatchObject({ purchases: 2, revenue_cents: 1450 });

    const { body } = await bed.insight({ from: bed.today(), to: bed.today(), resourceId: resource.id });
    expect(body.totals).toMatchObject({ downloads: 2, favorites: 1, purchases: 2, revenueCents: 1450 });
  });

  it("counts a refund on the sale's own day, never below zero on the refund's", async () => {
    const resource = await bed.resource();
    const buyer = await makeUser(bed.t.db);
    const sale = await sell(resource.id, buyer.id, 500);
    // The sale was made three days ago; refunded today.
    await bed.t.db.execute(
      sql`update sales set created_at = now() - interval '3 days' where id = ${sale.id}`,
    );
    await bed.t.db.execute(sql`delete from resource_daily_stats where resource_id = ${resource.id}`);
    await bed.t.db.execute(sql`
      insert into resource_daily_stats (resource_id, creator_id, day, purchases, revenue_cents)
      values (${resource.id}, ${bed.creator.id}, insight_day(now() - interval '3 days'), 1, 500)`);
    await bed.t.db.update(sales).set({ refunded_at: new Date() }).where(eq(sales.id, sale.id));
    const rows = await bed.t.db
      .select({
        day: resourceDailyStats.day,
        purchases: resourceDailyStats.purchases,
        revenue: resourceDailyStats.revenue_cents,
      })
      .from(resourceDailyStats)
      .where(eq(resourceDailyStats.resource_id, resource.id));
    expect(rows).toEqual([{ day: bed.dayFrom(bed.today(), -3), purchases: 0, revenue: 0 }]);
  });

  it("counts the creator's new followers, and an unfollow takes its follow back", async () => {
    const [a, b] = await Promise.all([makeUser(bed.t.db), makeUser(bed.t.db)]);
    await bed.t.db.insert(follows).values([
      { follower_id: a!.id, followed_id: bed.otherCreator.id },
      { follower_id: b!.id, followed_id: bed.otherCreator.id },
    ]);
    const followsToday = async () =>
      (
        await bed.t.db
          .select({ follows: creatorDailyFollows.follows })
          .from(creatorDailyFollows)
          .where(
            and(
              eq(creatorDailyFollows.users_id, bed.otherCreator.id),
              eq(creatorDailyFollows.day, bed.today()),
            ),
          )
      )[0]?.follows;
    expect(await followsToday()).toBe(2);
    await bed.t.db.delete(follows).where(eq(follows.follower_id, b!.id));
    expect(await followsToday()).toBe(1);
    const { body } = await bed.insight({ from: bed.today(), to: bed.today() }, bed.auth.otherCreator);
    expect(body.totals.follows).toBe(1);
    expect(body.series[0]!.follows).toBe(1);
  });

  it("places visitors in the sketch as the database's functions do (the demo seed uses those)", async () => {
    const values = [0n, 1n, -1n, 1024n, 3n << 40n, -(1n << 63n), 0x7fffffffffffffffn, 123456789012345678n];
    for (const v of values) {
      const [row] = (
        await bed.t.db.execute<{ register: number; rank: number }>(
          sql`select insight_register(${v.toString()}::bigint)::int as register, insight_register_rank(${v.toString()}::bigint)::int as rank`,
        )
      ).rows;
      expect({ register: Number(row!.register), rank: Number(row!.rank) }, v.toString()).toEqual(
        sketchPlace(v),
      );
    }
  });

  it("lets a resource with counted rows be deleted, its daily rows with it", async () => {
    const resource = await bed.resource();
    const user = await makeUser(bed.t.db);
    await bed.t.db.insert(favorites).values({ resource_id: resource.id, users_id: user.id });
    await bed.t.db.insert(downloads).values({ resource_id: resource.id, users_id: user.id });
    await bed.view(resource.id);
    await bed.t.db.execute(sql`delete from resources where id = ${resource.id}`);
    expect(await dayRow(resource.id)).toBeUndefined();
  });
});
