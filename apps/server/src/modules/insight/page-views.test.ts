import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resourceDailySources, resourceDailyStats, resourceViewMarks } from "../../db/schema/index.ts";
import { insightTestbed, nextAddress } from "./insight-testbed.ts";

describe("insight: the page-view beacon", () => {
  const bed = insightTestbed();

  const viewsOf = async (resourceId: string) => {
    const rows = await bed.t.db
      .select({ views: resourceDailyStats.views })
      .from(resourceDailyStats)
      .where(eq(resourceDailyStats.resource_id, resourceId));
    return rows.reduce((total, row) => total + row.views, 0);
  };
  const marksOf = async (resourceId: string) =>
    (await bed.t.db.select().from(resourceViewMarks).where(eq(resourceViewMarks.resource_id, resourceId)))
      .length;

  it("counts a visitor once per resource per day, and again on the next day", async () => {
    const resource = await bed.resource();
    const address = nextAddress();
    const first = await bed.view(resource.id, { address });
    expect(first).toEqual({ status: 204, text: "" });
    await bed.view(resource.id, { address });
    await bed.view(resource.id, { address, body: { source: "search" } });
    expect(await viewsOf(resource.id)).toBe(1);

    // A signed-in reader is one visitor wherever they are, and another than the address's visitor.
    await bed.view(resource.id, { auth: bed.auth.reader, address: nextAddress() });
    await bed.view(resource.id, { auth: bed.auth.reader, address: nextAddress() });
    expect(await viewsOf(resource.id)).toBe(2);

    // The same visitors a day later: their marks are yesterday's, so today's views count again.
    await bed.t.db.execute(
      sql`update resource_view_marks set day = day - 1 where resource_id = ${resource.id}`,
    );
    await bed.t.db.execute(
      sql`update resource_daily_stats set day = day - 1 where resource_id = ${resource.id}`,
    );
    await bed.view(resource.id, { address });
    await bed.view(resource.id, { auth: bed.auth.reader });
    const days = await bed.t.db
      .select({ day: resourceDailyStats.day, views: resourceDailyStats.views })
      .from(resourceDailyStats)
      .where(eq(resourceDailyStats.resource_id, resource.id))
      .orderBy(resourceDailyStats.day);
    expect(days).toEqual([
      { day: bed.dayFrom(bed.today(), -1), views: 2 },
      { day: bed.today(), views: 2 },
    ]);
  });

  it("leaves out the creator's own views, known bots and clients that name no browser", async () => {
    const resource = await bed.resource();
    await bed.view(resource.id, { auth: bed.auth.creator });
    await bed.view(resource.id, {
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await bed.view(resource.id, { userAgent: "curl/8.5.0" });
    const bare = await bed.view(resource.id, { userAgent: null });
    expect(bare.status).toBe(204);
    expect(await marksOf(resource.id)).toBe(0);
    // Another creator is a visitor like any other.
    await bed.view(resource.id, { auth: bed.auth.otherCreator });
    expect(await viewsOf(resource.id)).toBe(1);
  });

  it("answers 204 to anything a visitor's page may send, and counts nothing it cannot read", async () => {
    const resource = await bed.resource();
    const draft = await bed.resource();
    await bed.t.db.execute(sql`update resources set status = 'inactive' where id = ${draft.id}`);
    const attempts = [
      await bed.view(resource.id, { body: { source: "nowhere" } }),
      await bed.view(resource.id, { body: "{not json" }),
      await bed.view(resource.id, { body: { source: "direct", referrer: "x".repeat(3000) } }),
      await bed.view(resource.id, { body: { source: "external", referrer: "https://a.example/\u0000" } }),
      await bed.view(resource.id, { body: [] }),
      await bed.view("00000000-0000-4000-8000-000000000000"),
      await bed.view("not-a-uuid"),
      await bed.view(draft.id),
    ];
    for (const attempt of attempts) expect(attempt).toEqual({ status: 204, text: "" });
    expect(await marksOf(resource.id)).toBe(0);
    expect(await marksOf(draft.id)).toBe(0);
    expect(await viewsOf(resource.id)).toBe(0);
    // A session that ran out leaves a visitor: counted as one, by address and browser.
    const expired = await bed.view(resource.id, { auth: { authorization: "Bearer expired.or.forged" } });
    expect(expired).toEqual({ status: 204, text: "" });
    expect(await viewsOf(resource.id)).toBe(1);
  });

  it("keeps where views came from, with the other site's host name and nothing more of the referrer", async () => {
    const resource = await bed.resource();
    await bed.view(resource.id, { body: { source: "search" } });
    await bed.view(resource.id, { body: { source: "search" } });
    await bed.view(resource.id, {
      body: { source: "external", referrer: "https://www.Pinterest.com/pin/123?user=someone@example.com" },
    });
    await bed.view(resource.id, { body: { source: "external", referrer: "javascript:alert(1)" } });
    await bed.view(resource.id, { body: { source: "grid", referrer: "https://elsewhere.example/" } });
    const rows = await bed.t.db
      .select({
        source: resourceDailySources.source,
        host: resourceDailySources.host,
        views: resourceDailySources.views,
      })
      .from(resourceDailySources)
      .where(eq(resourceDailySources.resource_id, resource.id))
      .orderBy(resourceDailySources.source, resourceDailySources.host);
    expect(rows).toEqual([
      { source: "external", host: "", views: 1 },
      { source: "external", host: "pinterest.com", views: 1 },
      { source: "grid", host: "", views: 1 },
      { source: "search", host: "", views: 2 },
    ]);
  });

  it("stops counting an address that sends more views than a school would, still answering 204", async () => {
    const resource = await bed.resource();
    const address = nextAddress();
    const statuses = new Set<number>();
    for (let i = 0; i < 125; i++) {
      const res = await bed.view(resource.id, {
        address,
        userAgent: `Mozilla/5.0 (X11; Linux) Firefox/${i}.0`,
      });
      statuses.add(res.status);
    }
    expect([...statuses]).toEqual([204]);
    expect(await viewsOf(resource.id)).toBe(120);
  });
});
