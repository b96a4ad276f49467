import { AD_DEFAULT_STATEMENTS, AD_TYPES } from "@market/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advertisements } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAd, makeAdmin, makeUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2266aa" } })
    .png()
    .toBuffer();

/** Issue 18: how an ad is shown (statement, image placement, the admin's styling and code) and deleted. */
describe("advertising: what a shown ad carries, and deleting", () => {
  let t: TestApp;
  let advertiser: { authorization: string };
  let advertiserId: string;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await makeUser(t.db);
    advertiserId = user.id;
    advertiser = await t.tokenFor(user.id);
    admin = await t.tokenFor((await makeAdmin(t.db)).id, ["admin"]);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: object, payload?: object) =>
    t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: headers as Record<string, string>,
      payload,
    });
  const putImage = async (id: string, data: Buffer, path = "image") => {
    const body = multipart({}, { name: "wide.png", data, type: "image/png" });
    return t.app.inject({
      method: "PUT",
      url: `/api/advertisements/${id}/${path}`,
      headers: { ...advertiser, ...body.headers },
      payload: body.payload,
    });
  };

  it("starts a new ad with its type's default statement (spec 9), unless one is given", async () => {
    for (const type of AD_TYPES) {
      const created = await call("POST", "/advertisements", advertiser, { ad_type: type });
      expect(created.statusCode).toBe(201);
      expect(created.json().statement).toBe(AD_DEFAULT_STATEMENTS[type]);
    }
    const own = await call("POST", "/advertisements", advertiser, {
      ad_type: "1",
      statement: "Paid for by Kits Co",
    });
    expect(own.json().statement).toBe("Paid for by Kits Co");
  });

  it("places a landscape image whole in a portrait card, and keeps the advertiser's crop", async () => {
    const created = (await call("POST", "/advertisements", advertiser, { ad_type: "2" })).json();
    expect(created).toMatchObject({ image_fit: "fill", image_focus_x: 50, image_focus_y: 50 });
    const uploaded = await putImage(created.id, await png(1200, 400));
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().image_fit).toBe("fit");

    const cropped = await call("PATCH", `/advertisements/${created.id}`, advertiser, {
      image_fit: "fill",
      image_focus_x: 10,
      image_focus_y: 90,
    });
    expect(cropped.statusCode).toBe(200);
    expect(cropped.json()).toMatchObject({ image_fit: "fill", image_focus_x: 10, image_focus_y: 90 });

    for (const bad of [
      { image_fit: "stretch" },
      { image_focus_x: 101 },
      { image_focus_y: -1 },
      { image_focus_x: 2.5 },
    ]) {
      const refused = await call("PATCH", `/advertisements/${created.id}`, advertiser, bad);
      expect(refused.statusCode).toBe(400);
    }
    const [row] = await t.db.select().from(advertisements).where(eq(advertisements.id, created.id));
    expect(row).toMatchObject({ image_fit: "fill", image_focus_x: 10, image_focus_y: 90 });

    // Removing the image (the image step's "Remove") empties it; the ad is incomplete again.
    const removed = await call("DELETE", `/advertisements/${created.id}/image`, advertiser);
    expect(removed.json()).toMatchObject({ image_url: null, image_name: null });
    expect(removed.json().missing).toContain("image_name");
  });

  it("serves the ad with its crop, the admin's styling and code", async () => {
    const ad = await makeAd(t.db, {
      users_id: advertiserId,
      ad_type: "5",
      description: "Big feature",
      approval_status: "approved",
      running_status: "running",
      image_fit: "fit",
      image_focus_x: 30,
      image_focus_y: 70,
      css_override: ":scope { background: #fef3c7 }",
      code: "<b>20% off</b>",
    });
    const shown = (await call("GET", "/advertisements/display?type=5", {})).json();
    expect(shown.ad).toMatchObject({
      id: ad.id,
      image_fit: "fit",
      image_focus_x: 30,
      image_focus_y: 70,
      css_override: ":scope { background: #fef3c7 }",
      code: "<b>20% off</b>",
    });
    // The advertiser still cannot set either (admins only), and nothing changes.
    const own = await makeAd(t.db, { users_id: advertiserId });
    const refused = await call("PATCH", `/advertisements/${own.id}`, advertiser, {
      css_override: "body { display: none }",
    });
    expect(refused.statusCode).toBe(403);
    const styled = await call("PATCH", `/advertisements/${own.id}`, admin, {
      css_override: ":scope{color:red}",
    });
    expect(styled.json().css_override).toBe(":scope{color:red}");
  });

  it("says whether an ad may be deleted: an unpaid draft yes, a paid or running one no", async () => {
    const draft = await makeAd(t.db, { users_id: advertiserId });
    expect((await call("GET", `/advertisements/${draft.id}`, advertiser)).json().deletable).toBe(true);
    const running = await makeAd(t.db, {
      users_id: advertiserId,
      approval_status: "approved",
      running_status: "running",
    });
    expect((await call("GET", `/advertisements/${running.id}`, advertiser)).json().deletable).toBe(false);
    expect((await call("DELETE", `/advertisements/${running.id}`, advertiser)).statusCode).toBe(409);

    expect((await call("DELETE", `/advertisements/${draft.id}`, advertiser)).statusCode).toBe(200);
    expect((await call("GET", `/advertisements/${draft.id}`, advertiser)).statusCode).toBe(404);
  });
});
