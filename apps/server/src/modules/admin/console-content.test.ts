import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { siteImages, siteImageVariations } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/app.ts";
import { multipart } from "../../test/multipart.ts";
import { consoleTestbed, NO_ID } from "./console-testbed.ts";

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
}

describe("admin console", () => {
  const { bed, call } = consoleTestbed();
  let t: TestApp;
  let asMaster: { authorization: string };
  let asAdmin: { authorization: string };
  beforeAll(() => {
    ({ t, asMaster, asAdmin } = bed);
  });

  describe("settings audit", () => {
    it("lists who changed which setting from what to what, newest first", async () => {
      await call("PATCH", "/api/site-settings", asAdmin, { favoritesLimit: 321 });
      await call("PATCH", "/api/site-settings", asMaster, { favoritesLimit: 654, quickCheckout: true });
      const res = await call("GET", "/api/admin/site-settings/changes?key=favoritesLimit", asAdmin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ total: 2, page: 1 });
      expect(res.json().changes[0]).toMatchObject({
        key: "favoritesLimit",
        old_value: 321,
        new_value: 654,
        changed_by: { username: "head_admin" },
      });
      expect(res.json().changes[1]).toMatchObject({
        old_value: null,
        new_value: 321,
        changed_by: { username: "helper_admin" },
      });
      const all = (await call("GET", "/api/admin/site-settings/changes?pageSize=1", asAdmin)).json();
      expect(all.changes).toHaveLength(1);
      expect(all.total).toBeGreaterThanOrEqual(3);
    });

    it("validates every setting of spec 3 and the other issues' settings", async () => {
      const bad = [
        { adMinimums: { "1": { totalCost: 20, spendPerDay: 1 } } },
        {
          adMinimums: {
            1: { totalCost: 5, spendPerDay: 10 },
            2: { totalCost: 20, spendPerDay: 1 },
            3: { totalCost: 20, spendPerDay: 1 },
            4: { totalCost: 20, spendPerDay: 1 },
            5: { totalCost: 20, spendPerDay: 1 },
          },
        },
        { maxCombinedFileSize: 0 },
        { quickCheckout: "on" },
        { showAds: { portfolio: "yes" } },
        { cssOverride: "x".repeat(20_001) },
        { idleTimeoutSeconds: 5 },
        { restrictedWords: [{ pattern: " ", replacement: "x" }] },
        {
          restrictedWords: [
            { pattern: "Darn", replacement: "d" },
            { pattern: "darn", replacement: "e" },
          ],
        },
        { salesFeePercent: 101 },
        { payoutMinimumCents: -1 },
        { featurePricePerDayCents: 1.5 },
        { favoritesLimit: 0 },
        { timeZone: "Mars/Olympus_Mons" },
      ];
      for (const payload of bad) {
        const res = await call("PATCH", "/api/site-settings", asAdmin, payload);
        expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      }
    });
  });

  describe("texts", () => {
    it("lets an admin change a text and a flex message, served to visitors at once", async () => {
      const res = await call("PUT", "/api/texts/home.title", asAdmin, { value: "Lessons for every class" });
      expect(res.statusCode).toBe(200);
      await call("PUT", "/api/texts/flex.7", asAdmin, {
        value: 'Spring sale: <a href="/featured">featured</a>',
      });
      const served = (await t.app.inject({ method: "GET", url: "/api/texts/values" })).json().texts;
      expect(served["home.title"]).toBe("Lessons for every class");
      expect(served["flex.7"]).toContain("Spring sale");
    });

    it("overrides a screen area's own default, and resets a text to its default", async () => {
      const area = await call("PUT", "/api/texts/publishing.title", asAdmin, { value: "Your shop" });
      expect(area.statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: "GET", url: "/api/texts/values" })).json().texts["publishing.title"],
      ).toBe("Your shop");
      const reset = await call("DELETE", "/api/texts/publishing.title", asAdmin);
      expect(reset.json()).toEqual({ key: "publishing.title", value: null });
      await call("PUT", "/api/texts/home.empty", asAdmin, { value: "Nothing yet" });
      expect((await call("DELETE", "/api/texts/home.empty", asAdmin)).json().value).toContain("No resources");
      const served = (await t.app.inject({ method: "GET", url: "/api/texts/values" })).json().texts;
      expect(served).not.toHaveProperty("publishing.title");
      expect(served).not.toHaveProperty("home.empty");
      expect((await call("DELETE", "/api/texts/home.empty", asAdmin)).statusCode).toBe(404);
    });

    it("refuses bad keys and overlong texts", async () => {
      expect((await call("PUT", "/api/texts/<script>", asAdmin, { value: "x" })).statusCode).toBe(400);
      expect(
        (await call("PUT", "/api/texts/home.title", asAdmin, { value: "x".repeat(2001) })).statusCode,
      ).toBe(400);
      expect((await call("PUT", "/api/texts/home.title", asAdmin, { text: "x" })).statusCode).toBe(400);
    });
  });

  describe("site images", () => {
    beforeAll(async () => {
      await t.db
        .insert(siteImages)
        .values({ key: "welcome", title: "Welcome", image_field_names: ["banner"] })
        .onConflictDoNothing();
    });

    const upload = async (fields: Record<string, string>, data?: Buffer) => {
      const form = multipart(fields, data ? { name: "banner.png", type: "image/png", data } : undefined);
      return t.app.inject({
        method: "POST",
        url: "/api/admin/site-images/welcome/variations",
        headers: { ...asAdmin, ...form.headers },
        payload: form.payload,
      });
    };

    it("uploads variations with alt text and colours, switches the current one and deletes one", async () => {
      const first = await upload(
        {
          alt: "Children reading",
          colors: JSON.stringify([{ css_var_name: "--tile-1", color_hex: "#112233" }]),
        },
        await png(40, 30),
      );
      expect(first.statusCode).toBe(201);
      expect(first.json().variation).toMatchObject({
        alt: "Children reading",
        colors: [{ css_var_name: "--tile-1", color_hex: "#112233" }],
      });
      const locator = first.json().variation.image_locator as string;
      expect((await t.app.inject({ method: "GET", url: `/api/files/${locator}` })).statusCode).toBe(200);

      const second = await upload({ alt: "A teacher", current: "false" }, await png(40, 30));
      expect(second.json().variations).toHaveLength(2);
      expect(second.json().variation.alt).toBe("Children reading");
      const other = second.json().variations.find((v: { alt: string }) => v.alt === "A teacher");

      const switched = await call("PATCH", `/api/admin/site-images/welcome/variations/${other.id}`, asAdmin, {
        current: true,
        alt: "A teacher at the board",
      });
      expect(switched.json().variation).toMatchObject({ id: other.id, alt: "A teacher at the board" });
      const fresh = (await call("GET", "/api/site-images/all-settings?force=true", asAdmin)).json();
      expect(fresh.allSiteImages.find((i: { key: string }) => i.key === "welcome").variation.id).toBe(
        other.id,
      );

      const removed = await call("DELETE", `/api/admin/site-images/welcome/variations/${other.id}`, asAdmin);
      expect(removed.json().variations).toHaveLength(1);
      expect(removed.json().variation.alt).toBe("Children reading");
      const last = removed.json().variation.id;
      expect(
        (await call("DELETE", `/api/admin/site-images/welcome/variations/${last}`, asAdmin)).statusCode,
      ).toBe(409);
      const current = await t.db
        .select()
        .from(siteImageVariations)
        .where(eq(siteImageVariations.is_current, true));
      expect(current.filter((v) => v.site_image_key === "welcome")).toHaveLength(1);
    });

    it("refuses a missing alt text, bad colours, a non-image and an unknown page, keeping nothing", async () => {
      const before = (await t.app.inject({ method: "GET", url: "/api/site-images/welcome" })).json()
        .variations.length;
      expect((await upload({ alt: "" }, await png(10, 10))).statusCode).toBe(400);
      expect((await upload({ alt: "x", colors: "[{" }, await png(10, 10))).statusCode).toBe(400);
      expect(
        (
          await upload(
            { alt: "x", colors: JSON.stringify([{ css_var_name: "tile", color_hex: "red" }]) },
            await png(10, 10),
          )
        ).statusCode,
      ).toBe(400);
      expect((await upload({ alt: "x" }, Buffer.from("not an image at all"))).statusCode).toBe(415);
      expect((await upload({ alt: "x" })).statusCode).toBe(400);
      const unknown = await call("PATCH", `/api/admin/site-images/nowhere/variations/${NO_ID}`, asAdmin, {
        alt: "x",
      });
      expect(unknown.statusCode).toBe(400);
      const after = (await t.app.inject({ method: "GET", url: "/api/site-images/welcome" })).json().variations
        .length;
      expect(after).toBe(before);
    });
  });
});
