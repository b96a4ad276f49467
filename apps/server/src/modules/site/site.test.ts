import { COUNTS, DEFAULT_SITE_SETTINGS } from "@market/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  colors,
  siteImages,
  siteImageVariations,
  siteSettingChanges,
  systemAvatars,
  texts,
} from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser } from "../../test/factories.ts";

describe("site configuration", () => {
  let t: TestApp;
  let admin: { authorization: string };
  let user: { authorization: string };
  let adminId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const a = await makeAdmin(t.db);
    adminId = a.id;
    admin = await t.authHeader(a.username);
    user = await t.authHeader((await makeUser(t.db)).username);
  });
  afterAll(() => t.close());

  const get = (url: string, headers = {}) => t.app.inject({ method: "GET", url, headers });
  const patch = (payload: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: "PATCH", url: "/api/site-settings", payload: payload as object, headers });

  it("serves the defaults of DECISIONS.md when nothing is stored", async () => {
    const res = await get("/api/site-settings/front-end");
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual(DEFAULT_SITE_SETTINGS);
    expect((await get("/api/site-settings/front-end-offline")).json()).toEqual({ offlineMode: false });
    expect((await get("/api/site-settings/front-end-idle-timeout")).json()).toEqual({
      idleTimeoutSeconds: 300,
    });
    expect((await get("/api/site-settings/front-end-css-override")).json()).toEqual({
      settings: { cssOverride: "" },
    });
  });

  it("lets an admin change settings, records who changed what, and serves the change at once", async () => {
    const res = await patch(
      { cssOverride: "body { letter-spacing: 0.01em }", idleTimeoutSeconds: 600 },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.idleTimeoutSeconds).toBe(600);
    expect((await get("/api/site-settings/front-end-css-override")).json().settings.cssOverride).toContain(
      "letter-spacing",
    );
    const audit = await t.db
      .select()
      .from(siteSettingChanges)
      .where(eq(siteSettingChanges.key, "idleTimeoutSeconds"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ old_value: null, new_value: 600, changed_by: adminId });
  });

  it("refuses a bad value with 400 naming the field, and changes nothing", async () => {
    const before = (await get("/api/site-settings/front-end")).json().settings;
    const res = await patch({ idleTimeoutSeconds: -5, quickCheckout: true }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "validation_failed",
      fields: { idleTimeoutSeconds: expect.any(String) },
    });
    expect((await get("/api/site-settings/front-end")).json().settings).toEqual(before);
    const unknown = await patch({ noSuchSetting: 1 }, admin);
    expect(unknown.statusCode).toBe(400);
  });

  it("refuses settings changes from a user who is not an admin", async () => {
    const res = await patch({ offlineMode: true }, user);
    expect(res.statusCode).toBe(403);
    expect((await get("/api/site-settings/front-end-offline")).json().offlineMode).toBe(false);
  });

  it("in offline mode answers only admins and the configuration routes", async () => {
    expect((await patch({ offlineMode: true }, admin)).statusCode).toBe(200);
    try {
      expect((await get("/api/resources")).statusCode).toBe(503);
      expect((await get("/api/resources")).json().error).toBe("offline");
      expect((await get("/api/users/self", user)).statusCode).toBe(503);
      expect((await get("/api/resources", admin)).statusCode).toBe(200);
      expect((await get("/api/site-settings/front-end-offline")).json()).toEqual({ offlineMode: true });
      expect((await get("/api/texts/values")).statusCode).toBe(200);
      expect((await get("/api/health")).statusCode).toBe(200);
    } finally {
      await patch({ offlineMode: false }, admin);
    }
    expect((await get("/api/resources")).statusCode).toBe(200);
  });

  it("serves texts, colours, site images and system avatars from the database", async () => {
    await t.db.insert(texts).values({ key: "home.title", value: "Find your next lesson" });
    await t.db
      .insert(colors)
      .values({ name: "tile-1", css: "#1d4ed8", css_var_name: "--tile-1", position: 0 });
    await t.db
      .insert(siteImages)
      .values({ key: "login", title: "Login banner", image_field_names: ["banner"] });
    await t.db.insert(siteImageVariations).values({
      site_image_key: "login",
      image_locator: "site-images/login-1.png",
      alt: "A classroom",
      colors: [{ css_var_name: "--banner-accent", color_hex: "#123456" }],
      is_current: true,
    });
    await t.db.insert(systemAvatars).values(
      Array.from({ length: COUNTS.systemAvatars }, (_, i) => ({
        id: i + 1,
        locator: `avatars/system-${i + 1}.png`,
      })),
    );

    expect((await get("/api/texts/values")).json().texts["home.title"]).toBe("Find your next lesson");
    expect((await get("/api/colors/values")).json().colors).toEqual([
      { id: expect.any(Number), name: "tile-1", css: "#1d4ed8", cssVarName: "--tile-1" },
    ]);
    const image = (await get("/api/site-images/login")).json();
    expect(image).toMatchObject({
      key: "login",
      title: "Login banner",
      variation: { alt: "A classroom", image_locator: "site-images/login-1.png" },
    });
    expect((await get("/api/site-images/not-a-key")).statusCode).toBe(400);
    expect((await get("/api/site-images/welcome")).statusCode).toBe(404);
    const all = await get("/api/site-images/all-settings?force=true", admin);
    expect(all.json().siteKeys).toContain("resource-not-found");
    expect((await get("/api/images/system-avatars")).json().systemAvatars).toHaveLength(36);
  });

  it("lets an admin edit a colour and rejects a value that is not a colour", async () => {
    const ok = await t.app.inject({
      method: "PATCH",
      url: "/api/colors/tile-1",
      headers: admin,
      payload: { css: "#0f172a" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().color).toMatchObject({ name: "tile-1", css: "#0f172a" });
    const bad = await t.app.inject({
      method: "PATCH",
      url: "/api/colors/tile-1",
      headers: admin,
      payload: { css: "red;}" },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: "PATCH",
      url: "/api/colors/nope",
      headers: admin,
      payload: { css: "#000000" },
    });
    expect(missing.statusCode).toBe(404);
  });
});
