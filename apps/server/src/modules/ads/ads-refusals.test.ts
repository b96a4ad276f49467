import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adDailyStats, advertisements } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser, TEST_CARD } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";

/** The paths around the ad's life that the main journey does not walk: deletes, retries, odd input. */
describe("advertising: deletes, images, free-user-only ads and refusals", () => {
  let t: TestApp;
  let owner: { authorization: string };
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await t.authHeader((await makeUser(t.db)).username);
    admin = await t.authHeader((await makeAdmin(t.db)).username);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: object, payload?: object) =>
    t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: headers as Record<string, string>,
      payload,
    });

  async function readyAd() {
    const ad = (await call("POST", "/advertisements", owner, { ad_type: "3", title: "Kits" })).json();
    await call("PATCH", `/advertisements/${ad.id}`, owner, {
      click_url: "https://kits.example.com",
      description: "Kits for classrooms",
      button: "See kits",
    });
    const image = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const body = multipart({}, { name: "kit.png", data: image, type: "image/png" });
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/advertisements/${ad.id}/image`,
      headers: { ...owner, ...body.headers },
      payload: body.payload,
    });
    expect(put.json().image_url).toMatch(/^ads\//);
    return put.json() as { id: string; image_url: string };
  }

  it("removes an ad's image from storage, and deletes an unpaid ad but not a paid one", async () => {
    const ad = await readyAd();
    const removed = await call("DELETE", `/advertisements/${ad.id}/image`, owner);
    expect(removed.json()).toMatchObject({ image_url: null, image_name: null, missing: ["image_name"] });
    expect(await t.app.deps.storage.read(ad.image_url)).toBeNull();
    expect((await call("DELETE", `/advertisements/${ad.id}`, owner)).json()).toEqual({ deleted: true });
    expect((await call("GET", `/advertisements/${ad.id}`, owner)).statusCode).toBe(404);

    const paid = await readyAd();
    expect(
      (await call("POST", `/advertisements/${paid.id}/payment`, owner, { amount: 3500, ...TEST_CARD }))
        .statusCode,
    ).toBe(200);
    expect((await call("DELETE", `/advertisements/${paid.id}`, owner)).statusCode).toBe(409);
  });

  it("refuses a malformed Idempotency-Key instead of charging without one", async () => {
    const ad = await readyAd();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/advertisements/${ad.id}/payment`,
      headers: { ...owner, "idempotency-key": "short" },
      payload: { amount: 3500, ...TEST_CARD },
    });
    expect(res.statusCode).toBe(400);
    expect((await call("GET", `/advertisements/${ad.id}`, owner)).json().approval_status).toBe("creating");
  });

  it("counts nothing for an ad that is not approved, and shows free-user-only ads only to users who never paid", async () => {
    const ad = await readyAd();
    // No view token can be had for an ad that is not served; a forged one counts nothing.
    for (const kind of ["impression", "click"]) {
      const res = await call(
        "POST",
        `/advertisements/${ad.id}/${kind}`,
        {},
        { token: "1.aaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbb" },
      );
      expect(res.json()).toEqual({ counted: false });
    }
    expect(await t.db.select().from(adDailyStats).where(eq(adDailyStats.ad_id, ad.id))).toEqual([]);

    await call("POST", `/advertisements/${ad.id}/payment`, owner, { amount: 3500, ...TEST_CARD });
    await call("POST", `/admin/advertisements/${ad.id}/approve`, admin);
    expect(
      (await call("PATCH", `/advertisements/${ad.id}/is_free_user_only`, owner, { is_free_user_only: true }))
        .statusCode,
    ).toBe(403);
    const set = await call("PATCH", `/advertisements/${ad.id}/is_free_user_only`, admin, {
      is_free_user_only: true,
    });
    expect(set.json().is_free_user_only).toBe(true);
    const free = await t.authHeader((await makeUser(t.db)).username);
    expect((await call("GET", "/advertisements/display?type=3", free)).json().ad?.id).toBe(ad.id);
    // The owner paid for the ad: a paying user is not a free user.
    expect((await call("GET", "/advertisements/display?type=3", owner)).json().ad).toBeNull();
    await t.db.update(advertisements).set({ is_free_user_only: false }).where(eq(advertisements.id, ad.id));
  });

  it("clears a submitted ad from the queue: back to its advertiser as a draft, its comment emptied", async () => {
    const ad = await readyAd();
    await call("POST", `/advertisements/${ad.id}/payment`, owner, { amount: 3500, ...TEST_CARD });
    await t.db.update(advertisements).set({ review_comment: "Old note" }).where(eq(advertisements.id, ad.id));
    const queued = (await call("GET", "/admin/advertisements/review-queue", admin)).json().ads;
    expect(queued.map((a: { id: string }) => a.id)).toContain(ad.id);
    expect((await call("POST", `/admin/advertisements/${ad.id}/clear`, owner)).statusCode).toBe(403);
    const cleared = await call("POST", `/admin/advertisements/${ad.id}/clear`, admin);
    expect(cleared.json()).toMatchObject({ approval_status: "creating", review_comment: null });
    const after = (await call("GET", "/admin/advertisements/review-queue", admin)).json().ads;
    expect(after.map((a: { id: string }) => a.id)).not.toContain(ad.id);
    // Only a queued ad can be cleared; the paid ad can be submitted again without paying twice.
    expect((await call("POST", `/admin/advertisements/${ad.id}/clear`, admin)).statusCode).toBe(409);
  });

  it("lists the ads with an admin's styling or code as the overrides, for admins only", async () => {
    const ad = await readyAd();
    expect((await call("GET", "/advertisements/overrides", owner)).statusCode).toBe(403);
    expect((await call("GET", "/advertisements/overrides", {})).statusCode).toBe(401);
    const before = (await call("GET", "/advertisements/overrides", admin)).json().ad_overrides;
    expect(before.map((a: { id: string }) => a.id)).not.toContain(ad.id);
    await call("PATCH", `/advertisements/${ad.id}`, admin, { css_override: ".ad { border: 0 }" });
    const overrides = (await call("GET", "/advertisements/overrides", admin)).json().ad_overrides;
    expect(overrides.find((a: { id: string }) => a.id === ad.id)).toMatchObject({
      css_override: ".ad { border: 0 }",
    });
  });
});
