import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, resourceFiles, resources, sales, type users } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPreview, makeAdmin, makeResource, makeUser } from "../../test/factories.ts";

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("catalogue: filters, resource pages, downloads, favorites, follows, profiles, referrals", () => {
  let t: TestApp;
  let creator: typeof users.$inferSelect;
  let buyer: typeof users.$inferSelect;
  let stranger: typeof users.$inferSelect;
  let paid: typeof resources.$inferSelect;
  let free: typeof resources.$inferSelect;
  let freeFileId: string;
  let premiumFileId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    creator = await makeUser(t.db, { username: "Ms_Okafor" });
    buyer = await makeUser(t.db);
    stranger = await makeUser(t.db);
    free = await makeResource(t.db, {
      users_id: creator.id,
      name: "free-phonics",
      title: "Free Phonics",
      grade: "K",
      subject_area: "English",
      type: "Game",
      price: 0,
    });
    paid = await makeResource(t.db, {
      users_id: creator.id,
      name: "volcano-unit",
      title: "Volcano Unit",
      grade: "5",
      subject_area: "Science",
      type: "Unit",
      price: 800,
      sale_price: 500,
      sale_end: isoDay(5),
    });
    await makeResource(t.db, {
      users_id: creator.id,
      name: "old-sale",
      grade: "5",
      price: 900,
      sale_price: 400,
      sale_end: isoDay(-2),
    });
    await makeResource(t.db, {
      users_id: creator.id,
      name: "draft-one",
      approval_status: "creating",
      status: "inactive",
    });
    await addPreview(t.db, paid.id, 0);
    await t.app.deps.storage.put("files/free-file.pdf", Buffer.from("%PDF-1.4 free"));
    await t.app.deps.storage.put("files/premium-file.pdf", Buffer.from("%PDF-1.4 premium"));
    const [f1] = await t.db
      .insert(resourceFiles)
      .values({
        resource_id: free.id,
        name: "phonics.pdf",
        storage_key: "files/free-file.pdf",
        content_type: "application/pdf",
        size_bytes: 13,
      })
      .returning();
    const [f2] = await t.db
      .insert(resourceFiles)
      .values({
        resource_id: paid.id,
        name: "volcano-full.pdf",
        storage_key: "files/premium-file.pdf",
        content_type: "application/pdf",
        size_bytes: 16,
        is_premium_file: true,
      })
      .returning();
    freeFileId = f1!.id;
    premiumFileId = f2!.id;
    const [payment] = await t.db
      .insert(payments)
      .values({
        users_id: buyer.id,
        purpose: "purchase",
        amount_cents: 500,
        status: "captured",
        gateway: "sandbox",
      })
      .returning();
    await t.db
      .insert(sales)
      .values({ resource_id: paid.id, buyer_id: buyer.id, amount_cents: 500, payment_id: payment!.id });
  });
  afterAll(() => t.close());

  const get = async (url: string, username?: string) =>
    t.app.inject({ method: "GET", url, headers: username ? await t.authHeader(username) : {} });
  const names = (body: { resources: { name: string }[] }) => body.resources.map((r) => r.name).sort();

  it("filters by grade, subject, type, free, paid and on sale, and shows a sale only while it runs", async () => {
    expect(names((await get("/api/resources?grade=K")).json())).toEqual(["free-phonics"]);
    expect(names((await get("/api/resources?subject=science")).json())).toEqual(["volcano-unit"]);
    expect(names((await get("/api/resources?type=Unit")).json())).toEqual(["volcano-unit"]);
    expect(names((await get("/api/resources?price=free")).json())).toEqual(["free-phonics"]);
    expect(names((await get("/api/resources?price=paid")).json())).toEqual(["old-sale", "volcano-unit"]);
    expect(names((await get("/api/resources?price=sale")).json())).toEqual(["volcano-unit"]);
    const cards = (await get("/api/resources?grade=5&sort=price-desc")).json().resources;
    expect(cards.map((c: { name: string; sale_price: number | null }) => [c.name, c.sale_price])).toEqual([
      ["old-sale", null],
      ["volcano-unit", 500],
    ]);
    expect((await get("/api/resources?grade=13")).statusCode).toBe(400);
    expect((await get("/api/resources?price=cheap")).statusCode).toBe(400);
  });

  it("shows a resource page by id or by name, with files, previews and creator", async () => {
    const byName = (await get("/api/resources/volcano-unit")).json();
    const byId = (await get(`/api/resources/${paid.id}`)).json();
    expect(byId).toEqual(byName);
    expect(byName).toMatchObject({
      title: "Volcano Unit",
      price: 800,
      sale_price: 500,
      sale_end: isoDay(5),
      users_model: { username: "Ms_Okafor" },
      isFavorited: false,
      isOwned: false,
      resources_files_models: [{ name: "volcano-full.pdf", size_bytes: 16, is_premium_file: true }],
    });
    expect(byName.resources_previews_models).toHaveLength(1);
    expect(byName.resources_files_models[0]).not.toHaveProperty("storage_key");
    expect((await get("/api/resources/no-such-thing")).statusCode).toBe(404);
  });

  it("hides an unlisted resource from everybody but its creator and admins", async () => {
    expect((await get("/api/resources/draft-one")).statusCode).toBe(404);
    expect((await get("/api/resources/draft-one", stranger.username)).statusCode).toBe(404);
    expect((await get("/api/resources/draft-one", creator.username)).statusCode).toBe(200);
    expect((await get("/api/resources/no-such-thing", creator.username)).statusCode).toBe(404);
    const admin = await makeAdmin(t.db);
    expect((await get("/api/resources/draft-one", admin.username)).statusCode).toBe(200);
  });

  it("lets anybody download a free file, counting once per user or visitor", async () => {
    const url = `/api/resources/free-phonics/files/${freeFileId}/download`;
    const first = await t.app.inject({
      method: "GET",
      url,
      headers: { refcode: "REFR2345" },
      remoteAddress: "10.3.0.1",
    });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe("%PDF-1.4 free");
    expect(first.headers["content-disposition"]).toContain("phonics.pdf");
    expect(first.headers["content-length"]).toBe("13");
    await t.app.inject({ method: "GET", url, remoteAddress: "10.3.0.1" });
    await t.app.inject({ method: "GET", url, headers: await t.authHeader(stranger.username) });
    await t.app.inject({ method: "GET", url, headers: await t.authHeader(stranger.username) });
    const [row] = await t.db
      .select({ n: resources.download_count })
      .from(resources)
      .where(eq(resources.id, free.id));
    expect(row!.n).toBe(2);
  });

  it("serves the premium file only to its creator, admins and buyers", async () => {
    const url = `/api/resources/volcano-unit/files/${premiumFileId}/download`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, stranger.username)).statusCode).toBe(403);
    const bought = await get(url, buyer.username);
    expect(bought.statusCode).toBe(200);
    expect(bought.body).toBe("%PDF-1.4 premium");
    expect((await get(url, creator.username)).statusCode).toBe(200);
    expect((await get("/api/resources/volcano-unit", buyer.username)).json().isOwned).toBe(true);
    expect(
      (await get(`/api/resources/free-phonics/files/${premiumFileId}/download`, buyer.username)).statusCode,
    ).toBe(404);
  });

  it("favorites and unfavorites, lists them, and refuses past the favorites limit", async () => {
    const auth = await t.authHeader(stranger.username);
    const put = (id: string) =>
      t.app.inject({ method: "PUT", url: `/api/users/self/resources/favorites/${id}`, headers: auth });
    expect((await put("volcano-unit")).json()).toEqual({ isFavorited: true });
    expect((await put("volcano-unit")).json()).toEqual({ isFavorited: true });
    expect((await get("/api/resources/volcano-unit", stranger.username)).json().isFavorited).toBe(true);
    expect(names((await get("/api/users/self/favorites", stranger.username)).json())).toEqual([
      "volcano-unit",
    ]);
    // The grids' hearts: the ids alone, the viewer's own only.
    const ids = (await get("/api/users/self/favorites/ids", stranger.username)).json().ids;
    expect(ids).toHaveLength(1);
    expect((await get("/api/resources/volcano-unit", stranger.username)).json().id).toBe(ids[0]);
    expect((await get("/api/users/self/favorites/ids", buyer.username)).json()).toEqual({ ids: [] });

    const admin = await t.authHeader((await makeAdmin(t.db)).username);
    await t.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: admin,
      payload: { favoritesLimit: 1 },
    });
    const over = await put("free-phonics");
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe("favorite_limit_exceeded");
    await t.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: admin,
      payload: { favoritesLimit: 500 },
    });

    const removed = await t.app.inject({
      method: "DELETE",
      url: "/api/users/self/resources/favorites/volcano-unit",
      headers: auth,
    });
    expect(removed.json()).toEqual({ isFavorited: false });
    expect((await get("/api/users/self/favorites", stranger.username)).json().total).toBe(0);
    expect((await put("draft-one")).statusCode).toBe(404);
  });

  it("follows and unfollows creators, and lists them with their newest resources", async () => {
    const auth = await t.authHeader(buyer.username);
    const followed = await t.app.inject({
      method: "PUT",
      url: "/api/users/following/@ms_okafor",
      headers: auth,
    });
    expect(followed.json()).toEqual({ isFollowedByMe: true });
    expect((await get("/api/resources/volcano-unit", buyer.username)).json().isCreatorFollowed).toBe(true);
    const list = (await get("/api/users/self/following", buyer.username)).json();
    expect(list.total).toBe(1);
    expect(list.following[0]).toMatchObject({ username: "Ms_Okafor", isFollowedByMe: true });
    expect(list.following[0].newestResources.length).toBeGreaterThan(0);
    expect(list.following[0].newestResources.length).toBeLessThanOrEqual(4);
    const self = await t.app.inject({
      method: "PUT",
      url: `/api/users/following/${buyer.id}`,
      headers: auth,
    });
    expect(self.statusCode).toBe(400);
    const unfollowed = await t.app.inject({
      method: "DELETE",
      url: `/api/users/following/${creator.id}`,
      headers: auth,
    });
    expect(unfollowed.json()).toEqual({ isFollowedByMe: false });
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/users/following/@nobody_here", headers: auth }))
        .statusCode,
    ).toBe(404);
  });

  it("shows a profile's summary and resources by @username, and nothing of a deactivated one", async () => {
    const summary = (await get("/api/users/@Ms_Okafor/summary")).json().user;
    expect(summary).toMatchObject({ username: "Ms_Okafor", resourceCount: 3 });
    expect(summary).not.toHaveProperty("email");
    const firstChunk = (await get("/api/users/@ms_okafor/resources?limit=2")).json();
    const nextChunk = (await get("/api/users/@ms_okafor/resources?offset=2&limit=2")).json();
    expect(firstChunk.total).toBe(3);
    expect(
      [...firstChunk.resources, ...nextChunk.resources].map((r: { name: string }) => r.name).sort(),
    ).toEqual(["free-phonics", "old-sale", "volcano-unit"]);
    const gone = await makeUser(t.db, { is_deactivated: true });
    expect((await get(`/api/users/@${gone.username}/summary`)).statusCode).toBe(404);
    const own = (await get("/api/users/self/resources", creator.username)).json();
    expect(own.total).toBe(4);
    expect(own.initResources.map((r: { name: string }) => r.name)).toContain("draft-one");
  });

  it("makes share links that carry the sharer's ref code, only to this site", async () => {
    const auth = await t.authHeader(stranger.username);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/referrals",
      headers: auth,
      payload: { uri: "/resources/volcano-unit", is_gift: true },
    });
    expect(res.statusCode).toBe(200);
    const full = new URL(res.json().referral.fullUri);
    expect(full.pathname).toBe("/resources/volcano-unit");
    expect(full.searchParams.get("refCode")).toBe(stranger.ref_code);
    expect(res.json().referral.is_gift).toBe(true);
    for (const uri of ["https://evil.test/x", "//evil.test/x", "resources/x"]) {
      const bad = await t.app.inject({
        method: "PUT",
        url: "/api/referrals",
        headers: auth,
        payload: { uri },
      });
      expect(bad.statusCode).toBe(400);
    }
  });
});
