import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adDailyStats, advertisements, users } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { BROWSER_USER_AGENT, makeAdmin, makeUser, TEST_CARD } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2266aa" } })
    .png()
    .toBuffer();

describe("advertising: authoring, images, payment, review, serving", () => {
  let t: TestApp;
  let advertiser: { authorization: string };
  let admin: { authorization: string };
  let stranger: { authorization: string };
  let adId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    advertiser = await t.authHeader((await makeUser(t.db, { username: "advertiser" })).username);
    admin = await t.authHeader((await makeAdmin(t.db)).username);
    stranger = await t.authHeader((await makeUser(t.db)).username);
    await t.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: admin,
      payload: { restrictedWords: [{ pattern: "cheap", replacement: "affordable" }] },
    });
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: object, payload?: object) =>
    t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: headers as Record<string, string>,
      payload,
    });
  const putImage = async (id: string, data: Buffer, path = "image", headers = advertiser) => {
    const body = multipart({}, { name: "ad.png", data, type: "image/png" });
    return t.app.inject({
      method: "PUT",
      url: `/api/advertisements/${id}/${path}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it("creates and updates an ad with the type's text limits and restricted words (spec 5)", async () => {
    const tooLong = await call("POST", "/advertisements", advertiser, {
      ad_type: "1",
      title: "x".repeat(31),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({ title: "too_long" });
    const created = await call("POST", "/advertisements", advertiser, {
      ad_type: "1",
      title: "Cheap reading kits",
    });
    expect(created.statusCode).toBe(201);
    adId = created.json().id;
    expect(created.json()).toMatchObject({
      title: "Affordable reading kits",
      derivedStatus: "incomplete",
      editable: true,
      spend_per_day: 500,
      run_days_total: 7,
    });
    const bad = await call("PATCH", `/advertisements/${adId}`, advertiser, {
      click_url: "ftp://x.example",
      button: "b".repeat(16),
    });
    expect(bad.json().fields).toEqual({ click_url: "invalid_url", button: "too_long" });
    const saved = await call("PATCH", `/advertisements/${adId}`, advertiser, {
      click_url: "https://reading.example/kits",
      description: "Phonics kits for every classroom",
      button: "Shop now",
      statement: "Paid for by a member of the community",
      gradesArray: ["1", "2"],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().missing).toEqual(["image_name"]);
    expect((await call("GET", `/advertisements/${adId}`, stranger)).statusCode).toBe(404);
    expect((await call("PATCH", `/advertisements/${adId}`, stranger, { title: "Mine now" })).statusCode).toBe(
      404,
    );
  });

  it("checks ad images from their content with the spec's sizes and messages", async () => {
    const small = await putImage(adId, await png(495, 260));
    expect(small.statusCode).toBe(422);
    expect(small.json().message).toBe(
      "The file you selected doesn't meet the minimum dimension requirements.",
    );
    const text = await putImage(adId, Buffer.from("not an image"));
    expect(text.statusCode).toBe(415);
    const ok = await putImage(adId, await png(496, 260));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ image_name: "ad.png", missing: [] });
    expect((await putImage(adId, await png(49, 50), "business-image")).statusCode).toBe(422);
    expect((await putImage(adId, await png(50, 50), "business-image")).json().business_image).toMatch(
      /^ads\//,
    );
    expect((await putImage(adId, await png(496, 260), "image", stranger)).statusCode).toBe(404);
  });

  it("estimates impressions, clicks and share", async () => {
    const res = await call(
      "GET",
      "/advertisements/estimate?spend_per_day=500&run_days_total=7&ad_type=1",
      {},
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ impressions: expect.any(Number), clicks: expect.any(Number), share: 1 });
  });

  it("is paid through the checkout at spend x days, then waits for review and cannot change", async () => {
    const low = await call("PATCH", `/advertisements/${adId}`, advertiser, {
      spend_per_day: 100,
      run_days_total: 7,
    });
    expect(low.statusCode).toBe(200);
    // Spec 5: total at least 100 x 20 cents... that is $20, and at least $1 a day.
    const below = await call("POST", `/advertisements/${adId}/payment`, advertiser, {
      amount: 700,
      ...TEST_CARD,
    });
    expect(below.json().fields).toEqual({ spend_per_day: "total_below_minimum" });
    await call("PATCH", `/advertisements/${adId}`, advertiser, { spend_per_day: 500, run_days_total: 7 });
    const wrong = await call("POST", `/advertisements/${adId}/payment`, advertiser, {
      amount: 3000,
      ...TEST_CARD,
    });
    expect(wrong.json().error).toBe("price_changed");
    const paid = await call("POST", `/advertisements/${adId}/payment`, advertiser, {
      amount: 3500,
      ...TEST_CARD,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      approval_status: "awaiting_approval",
      derivedStatus: "inReview",
      editable: false,
    });
    expect(
      (await call("PATCH", `/advertisements/${adId}`, advertiser, { title: "Changed" })).statusCode,
    ).toBe(409);
    const revenue = await t.db.execute<{ s: string }>(
      sql`select -sum(amount_cents) as s from ledger_entries where account = 'platform_revenue'`,
    );
    expect(Number(revenue.rows[0]!.s)).toBe(3500);
  });

  it("runs once an admin approves it, and is served, paced and counted exactly", async () => {
    expect((await call("GET", "/admin/advertisements/review-queue", advertiser)).statusCode).toBe(403);
    const queue = (await call("GET", "/admin/advertisements/review-queue", admin)).json();
    expect(queue.ads.map((a: { id: string }) => a.id)).toContain(adId);
    const approved = await call("POST", `/admin/advertisements/${adId}/approve`, admin);
    expect(approved.json()).toMatchObject({ derivedStatus: "running", running_status: "running" });

    const shown = (await call("GET", "/advertisements/display?type=1&grade=2", {})).json();
    expect(shown.ad).toMatchObject({
      id: adId,
      title: "Affordable reading kits",
      click_url: "https://reading.example/kits",
    });
    expect(shown.ad).not.toHaveProperty("spend_per_day");
    expect((await call("GET", "/advertisements/display?type=1&grade=5", {})).json().ad).toBeNull();
    expect((await call("GET", "/advertisements/display?type=4", {})).json().ad).toBeNull();

    // Each reader's display call gives a single-use view token for its address (ad-counting.test.ts).
    const viewToken = async (remoteAddress: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: "/api/advertisements/display?type=1&grade=2",
          remoteAddress,
          headers: { "user-agent": BROWSER_USER_AGENT },
        })
      ).json().token as string;
    const send = async (kind: "impression" | "click", token: string, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/advertisements/${adId}/${kind}`,
        remoteAddress,
        headers: { "user-agent": BROWSER_USER_AGENT },
        payload: { token },
      });
    const token = await viewToken("10.9.0.1");
    const same = await Promise.all([1, 2, 3, 4, 5].map(() => send("impression", token, "10.9.0.1")));
    expect(same.filter((r) => r.json().counted)).toHaveLength(1);
    expect((await send("impression", await viewToken("10.9.0.2"), "10.9.0.2")).json().counted).toBe(true);
    expect((await send("click", token, "10.9.0.1")).json().counted).toBe(true);
    expect((await send("click", await viewToken("10.9.0.1"), "10.9.0.1")).json().counted).toBe(false);
    const [stats] = await t.db.select().from(adDailyStats).where(eq(adDailyStats.ad_id, adId));
    expect(stats).toMatchObject({ impressions: 2, clicks: 1 });
    expect((await call("GET", `/advertisements/${adId}`, advertiser)).json().stats).toMatchObject({
      impressions: 2,
      clicks: 1,
    });

    // Exact under concurrent load: forty readers at once are forty impressions, and the day's spend
    // follows at the type's CPM ($2 a thousand for type 1).
    const readers = Array.from({ length: 40 }, (_, i) => `10.9.1.${i + 1}`);
    const tokens = await Promise.all(readers.map(viewToken));
    const many = await Promise.all(readers.map((address, i) => send("impression", tokens[i]!, address)));
    expect(many.filter((r) => r.json().counted)).toHaveLength(40);
    const [counted] = await t.db.select().from(adDailyStats).where(eq(adDailyStats.ad_id, adId));
    expect(counted).toMatchObject({ impressions: 42, clicks: 1, spend_cents: Math.floor((42 * 200) / 1000) });

    // A spent daily budget is never served: 500 cents at a $2 CPM buys 2,500 impressions a day.
    await t.db.update(adDailyStats).set({ impressions: 2500 }).where(eq(adDailyStats.ad_id, adId));
    expect((await call("GET", "/advertisements/display?type=1", {})).json().ad).toBeNull();
    await t.db.update(adDailyStats).set({ impressions: 2 }).where(eq(adDailyStats.ad_id, adId));
  });

  it("hides ads from donors while donatedAdFreeMode is on", async () => {
    const donor = await makeUser(t.db, { donation_date: new Date() });
    const headers = await t.authHeader(donor.username);
    expect((await call("GET", "/advertisements/display?type=1", headers)).json().ad).not.toBeNull();
    await call("PATCH", "/site-settings", admin, { donatedAdFreeMode: true });
    try {
      expect((await call("GET", "/advertisements/display?type=1", headers)).json().ad).toBeNull();
      expect((await call("GET", "/advertisements/display?type=1", stranger)).json().ad).not.toBeNull();
    } finally {
      await call("PATCH", "/site-settings", admin, { donatedAdFreeMode: false });
    }
    expect(donor.id).toBeTruthy();
  });

  it("lets the advertiser stop and resume, expires by itself, and lists offers", async () => {
    expect((await call("POST", `/advertisements/${adId}/stop`, advertiser)).json().derivedStatus).toBe(
      "stopped",
    );
    expect((await call("GET", "/advertisements/display?type=1", {})).json().ad).toBeNull();
    expect((await call("POST", `/advertisements/${adId}/resume`, advertiser)).json().derivedStatus).toBe(
      "running",
    );
    await call("PATCH", `/advertisements/${adId}`, admin, { discount_code: "READ20" });
    const offers = (await call("GET", "/advertisements/offers", {})).json().offers;
    expect(offers).toContainEqual(expect.objectContaining({ id: adId, discount_code: "READ20" }));
    // An offer reaches a reader's page whole (its response schema drops nothing), with its click's view token.
    const forReader = await t.app.inject({
      method: "GET",
      url: "/api/advertisements/offers",
      headers: { "user-agent": BROWSER_USER_AGENT },
    });
    expect(forReader.json().offers.find((offer: { id: string }) => offer.id === adId)).toEqual({
      id: adId,
      title: "Affordable reading kits",
      discount_code: "READ20",
      statement: "Paid for by a member of the community",
      business_name: null,
      click_url: "https://reading.example/kits",
      image_url: expect.stringMatching(/^ads\//),
      token: expect.any(String),
    });
    await t.db
      .update(advertisements)
      .set({ ends_at: new Date(Date.now() - 1000) })
      .where(eq(advertisements.id, adId));
    expect((await call("GET", `/advertisements/${adId}`, advertiser)).json().derivedStatus).toBe("expired");
    expect((await call("GET", "/advertisements/display?type=1", {})).json().ad).toBeNull();
  });

  it("rejects with a comment the advertiser receives by e-mail", async () => {
    const created = (
      await call("POST", "/advertisements", advertiser, { ad_type: "3", title: "Science kits" })
    ).json();
    await call("PATCH", `/advertisements/${created.id}`, advertiser, {
      click_url: "https://science.example",
      description: "Hands-on kits",
      button: "See kits",
    });
    await putImage(created.id, await png(100, 100));
    expect(
      (
        await call("POST", `/advertisements/${created.id}/payment`, advertiser, {
          amount: 3500,
          ...TEST_CARD,
        })
      ).statusCode,
    ).toBe(200);
    const rejected = await call("POST", `/admin/advertisements/${created.id}/reject`, admin, {
      comment: "The link is broken.",
    });
    expect(rejected.json()).toMatchObject({
      derivedStatus: "rejected",
      review_comment: "The link is broken.",
      editable: true,
    });
    const [owner] = await t.db.select().from(users).where(eq(users.username, "advertiser"));
    const mail = (await t.sentMail()).at(-1)!;
    expect(mail).toContain(owner!.email);
    expect(mail).toContain("The link is broken.");
  });
});
