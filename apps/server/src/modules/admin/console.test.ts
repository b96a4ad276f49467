import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advertisements, siteImages, siteImageVariations, texts, users } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeResource, makeUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";

const CARD = {
  cardName: "Ada Lovelace",
  cardNumber: "4242 4242 4242 4242",
  cardExp: "12/30",
  cardCvv: "123",
  billingStreetAddress: "1 School Lane",
  billingCity: "Springfield",
  billingState: "IL",
  billingZipCode: "62701",
};
const NO_ID = "00000000-0000-4000-8000-000000000000";

/** Every call of the console (console.routes.ts), with a body that would pass validation. */
const CONSOLE_CALLS: {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  url: string;
  payload?: object;
}[] = [
  { method: "GET", url: "/api/admin/exceptions" },
  { method: "GET", url: "/api/admin/users?q=a" },
  { method: "GET", url: `/api/admin/users/${NO_ID}` },
  { method: "PATCH", url: `/api/admin/users/${NO_ID}`, payload: { is_deactivated: true } },
  { method: "POST", url: `/api/admin/users/${NO_ID}/verification-email` },
  { method: "GET", url: "/api/admin/site-settings/changes" },
  { method: "PUT", url: "/api/texts/home.title", payload: { value: "Hijacked" } },
  { method: "DELETE", url: "/api/texts/home.title" },
  { method: "POST", url: "/api/admin/site-images/welcome/variations", payload: {} },
  { method: "PATCH", url: `/api/admin/site-images/welcome/variations/${NO_ID}`, payload: { alt: "x" } },
  { method: "DELETE", url: `/api/admin/site-images/welcome/variations/${NO_ID}` },
];

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
}

describe("admin console", () => {
  let t: TestApp;
  let master: typeof users.$inferSelect;
  let admin: typeof users.$inferSelect;
  let teacher: typeof users.$inferSelect;
  let asMaster: { authorization: string };
  let asAdmin: { authorization: string };
  let asTeacher: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    master = await makeAdmin(t.db, { is_master_account: true, username: "head_admin" });
    admin = await makeAdmin(t.db, { username: "helper_admin" });
    teacher = await makeUser(t.db, {
      username: "grace_owl",
      first_name: "Grace",
      last_name: "Hopper",
      email: "grace.hopper@school.test",
    });
    asMaster = await t.authHeader(master.username);
    asAdmin = await t.authHeader(admin.username);
    asTeacher = await t.authHeader(teacher.username);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: object, payload?: object) =>
    t.app.inject({ method: method as "GET", url, headers: headers as Record<string, string>, payload });

  describe("refuses everybody but admins on every call", () => {
    it.each(CONSOLE_CALLS)("$method $url", async ({ method, url, payload }) => {
      const anonymous = await call(method, url, {}, payload);
      expect(anonymous.statusCode).toBe(401);
      const plain = await call(method, url, asTeacher, payload);
      expect(plain.statusCode).toBe(403);
      expect(plain.json().error).toBe("forbidden");
    });

    it("changes nothing when a non-admin tries", async () => {
      await call("PUT", "/api/texts/home.title", asTeacher, { value: "Hijacked" });
      const [row] = await t.db.select().from(texts).where(eq(texts.key, "home.title"));
      expect(row?.value ?? "").not.toBe("Hijacked");
      expect((await call("PATCH", "/api/colors/tile-1", asTeacher, { css: "#000000" })).statusCode).toBe(403);
      expect((await call("GET", "/api/colors", asTeacher)).statusCode).toBe(403);
      await call("PATCH", `/api/admin/users/${admin.id}`, asTeacher, { is_deactivated: true });
      const [still] = await t.db.select().from(users).where(eq(users.id, admin.id));
      expect(still?.is_deactivated).toBe(false);
    });

    it("refuses a revoked admin at once, with the token it still holds", async () => {
      const former = await makeAdmin(t.db);
      const auth = await t.authHeader(former.username);
      expect((await call("GET", "/api/admin/exceptions", auth)).statusCode).toBe(200);
      expect(
        (await call("PATCH", `/api/admin/users/${former.id}`, asMaster, { role: "user" })).statusCode,
      ).toBe(200);
      expect((await call("GET", "/api/admin/exceptions", auth)).statusCode).toBe(403);
    });
  });

  it("counts what waits in each exception queue", async () => {
    const before = (await call("GET", "/api/admin/exceptions", asAdmin)).json();
    const creator = await makeUser(t.db);
    await makeResource(t.db, {
      users_id: creator.id,
      approval_status: "awaiting_approval",
      status: "inactive",
    });
    await t.db
      .insert(advertisements)
      .values({ users_id: creator.id, ad_type: "1", approval_status: "awaiting_approval" });
    const after = (await call("GET", "/api/admin/exceptions", asAdmin)).json();
    expect(after).toMatchObject({
      resources: before.resources + 1,
      advertisements: before.advertisements + 1,
      payouts: before.payouts,
      supportThreads: before.supportThreads,
    });
  });

  describe("users", () => {
    it("finds users by every word of the query in name, username or e-mail, a page at a time", async () => {
      for (let i = 0; i < 5; i++) await makeUser(t.db, { first_name: "Pagey", last_name: `Person` });
      const byName = (await call("GET", "/api/admin/users?q=grace%20HOPPER", asAdmin)).json();
      expect(byName.users.map((u: { username: string }) => u.username)).toEqual(["grace_owl"]);
      const byMail = (await call("GET", "/api/admin/users?q=hopper@school", asAdmin)).json();
      expect(byMail.total).toBe(1);
      const byUsername = (await call("GET", "/api/admin/users?q=OWL", asAdmin)).json();
      expect(byUsername.users[0].email).toBe("grace.hopper@school.test");
      expect((await call("GET", "/api/admin/users?q=grace%20nobody", asAdmin)).json().total).toBe(0);
      // LIKE's wildcards are taken literally.
      expect((await call("GET", "/api/admin/users?q=%25", asAdmin)).json().total).toBe(0);

      const first = (await call("GET", "/api/admin/users?q=pagey&pageSize=2", asAdmin)).json();
      const third = (await call("GET", "/api/admin/users?q=pagey&pageSize=2&page=3", asAdmin)).json();
      expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
      expect(first.users).toHaveLength(2);
      expect(third.users).toHaveLength(1);
      const admins = (await call("GET", "/api/admin/users?filter=admins", asAdmin)).json();
      expect(admins.users.every((u: { role: string }) => u.role === "admin")).toBe(true);
      expect((await call("GET", "/api/admin/users?pageSize=500", asAdmin)).statusCode).toBe(400);
      expect((await call("GET", "/api/admin/users?filter=everyone", asAdmin)).statusCode).toBe(400);
    });

    it("shows a user's resources, ads, sales and tips", async () => {
      const creator = await makeUser(t.db, { username: "seller_sam" });
      const buyer = await makeUser(t.db);
      const owl = await makeResource(t.db, {
        users_id: creator.id,
        name: "owl-facts",
        title: "Owl facts",
        price: 500,
      });
      await t.db.insert(advertisements).values({ users_id: creator.id, ad_type: "3", title: "Owl ad" });
      const buyerAuth = await t.authHeader(buyer.username);
      const bought = await call("POST", "/api/transactions/resource/purchase", buyerAuth, {
        resourceId: owl.name,
        amount: 500,
        ...CARD,
      });
      expect(bought.statusCode).toBe(200);
      const tipped = await call("POST", `/api/transactions/tip/purchase/${creator.id}`, buyerAuth, {
        amount: 300,
        ...CARD,
      });
      expect(tipped.statusCode).toBe(200);

      const res = await call("GET", `/api/admin/users/${creator.id}`, asAdmin);
      expect(res.statusCode).toBe(200);
      const detail = res.json();
      expect(detail.user).toMatchObject({ username: "seller_sam", is_deactivated: false });
      expect(detail.counts).toMatchObject({
        resources: 1,
        ads: 1,
        sales: 1,
        salesCents: 500,
        tipsReceived: 1,
      });
      expect(detail.resources[0]).toMatchObject({ title: "Owl facts", price: 500 });
      expect(detail.ads[0]).toMatchObject({ ad_type: "3", title: "Owl ad" });
      expect(detail.sales[0]).toMatchObject({
        resourceTitle: "Owl facts",
        buyerUsername: buyer.username,
        amount: 500,
      });
      expect(detail.tips[0]).toMatchObject({
        direction: "received",
        otherUsername: buyer.username,
        amount: 300,
      });
      const buyerDetail = (await call("GET", `/api/admin/users/${buyer.id}`, asAdmin)).json();
      expect(buyerDetail.counts).toMatchObject({ purchases: 1, tipsSent: 1 });
      expect(buyerDetail.tips[0]).toMatchObject({ direction: "sent", otherUsername: "seller_sam" });
      expect((await call("GET", `/api/admin/users/${NO_ID}`, asAdmin)).statusCode).toBe(404);
      expect((await call("GET", "/api/admin/users/not-a-uuid", asAdmin)).statusCode).toBe(404);
    });

    it("deactivates a user, who then reaches only their own account, and reactivates them", async () => {
      const pupil = await makeUser(t.db);
      const auth = await t.authHeader(pupil.username);
      const off = await call("PATCH", `/api/admin/users/${pupil.id}`, asAdmin, { is_deactivated: true });
      expect(off.statusCode).toBe(200);
      expect(off.json().user).toMatchObject({ is_deactivated: true, deactivated_by_admin: true });
      // Deactivation signs the account out everywhere (DECISIONS.md "Sessions")...
      const ended = await call("GET", "/api/users/self", auth);
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toMatchObject({ error: "unauthorized", reason: "invalid_token" });
      // ...and signed in again, it reaches only its own account.
      const auth2 = await t.authHeader(pupil.username);
      const blocked = await call("GET", "/api/users/self/resources", auth2);
      expect(blocked.statusCode).toBe(401);
      expect(blocked.json()).toMatchObject({
        error: "account_deactivated",
        reason: "insufficient_permissions",
      });
      expect((await call("GET", "/api/users/self", auth2)).statusCode).toBe(200);
      expect((await call("GET", "/api/advertisements/offers", auth2)).statusCode).toBe(200);
      // A deactivation made by an admin is lifted by an admin only.
      expect((await call("POST", "/api/users/self/reactivate", auth2)).statusCode).toBe(403);
      const on = await call("PATCH", `/api/admin/users/${pupil.id}`, asAdmin, { is_deactivated: false });
      expect(on.json().user).toMatchObject({ is_deactivated: false, deactivated_by_admin: false });
      expect((await call("GET", "/api/users/self/permissions", auth2)).json().isDeactivated).toBe(false);
    });

    it("sets permission flags, in force on the user's next call", async () => {
      const pupil = await makeUser(t.db);
      const auth = await t.authHeader(pupil.username);
      const res = await call("PATCH", `/api/admin/users/${pupil.id}`, asAdmin, {
        permissions: { advertise: false, messages: false },
      });
      expect(res.json().user.permissions).toMatchObject({ advertise: false, messages: false, upload: true });
      const ads = await call("GET", "/api/advertisements", auth);
      expect(ads.statusCode).toBe(403);
      expect(ads.json().error).toBe("missing_permission");
      await call("PATCH", `/api/admin/users/${pupil.id}`, asAdmin, { permissions: { advertise: true } });
      expect((await call("GET", "/api/advertisements", auth)).statusCode).toBe(200);
    });

    it("lets only the master grant or revoke admin, and nobody change themselves or the master", async () => {
      const pupil = await makeUser(t.db);
      const grant = await call("PATCH", `/api/admin/users/${pupil.id}`, asAdmin, { role: "admin" });
      expect(grant.statusCode).toBe(403);
      expect(grant.json().fields).toEqual({ user: "master_only" });
      expect(
        (await call("PATCH", `/api/admin/users/${admin.id}`, asAdmin, { role: "user" })).json().fields,
      ).toEqual({
        user: "own_account",
      });
      expect(
        (await call("PATCH", `/api/admin/users/${master.id}`, asAdmin, { is_deactivated: true })).json()
          .fields,
      ).toEqual({ user: "master_account" });
      const other = await makeAdmin(t.db);
      expect(
        (await call("PATCH", `/api/admin/users/${other.id}`, asAdmin, { is_deactivated: true })).statusCode,
      ).toBe(403);

      // The master deactivates an admin: their console is closed at once, token or not.
      const otherAuth = await t.authHeader(other.username);
      expect(
        (await call("PATCH", `/api/admin/users/${other.id}`, asMaster, { is_deactivated: true })).statusCode,
      ).toBe(200);
      // Their session ends with the deactivation; signed in again, the console stays closed to them.
      const closed = await call("GET", "/api/admin/users", otherAuth);
      expect(closed.statusCode).toBe(401);
      expect(closed.json()).toMatchObject({ error: "unauthorized", reason: "invalid_token" });
      const again = await call("GET", "/api/admin/users", await t.authHeader(other.username));
      expect(again.statusCode).toBe(401);
      expect(again.json().error).toBe("account_deactivated");

      const granted = await call("PATCH", `/api/admin/users/${pupil.id}`, asMaster, { role: "admin" });
      expect(granted.json().user.role).toBe("admin");
      const pupilAuth = await t.authHeader(pupil.username);
      expect((await call("GET", "/api/admin/exceptions", pupilAuth)).statusCode).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.id, admin.id));
      expect(row).toMatchObject({ role: "admin", is_deactivated: false });
    });

    it("refuses a malformed change with 400 and changes nothing", async () => {
      const pupil = await makeUser(t.db);
      for (const payload of [
        {},
        { role: "owner" },
        { permissions: { fly: true } },
        { is_deactivated: "yes" },
        { email: "x@y.z" },
      ]) {
        expect((await call("PATCH", `/api/admin/users/${pupil.id}`, asMaster, payload)).statusCode).toBe(400);
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, pupil.id));
      expect(row).toMatchObject({ role: "user", is_deactivated: false, perm_upload: true });
    });

    it("resends the verification mail, whose link verifies the address", async () => {
      const fresh = await makeUser(t.db, { email_verified_at: null, email: "unverified.owl@school.test" });
      const res = await call("POST", `/api/admin/users/${fresh.id}/verification-email`, asAdmin);
      expect(res.statusCode).toBe(200);
      const mail = (await t.sentMail()).filter((m) => m.includes("To: unverified.owl@school.test")).at(-1);
      const token = /token-login\?token=([^\s"<]+)/.exec(mail ?? "")?.[1];
      expect(token).toBeTruthy();
      const login = await t.app.inject({
        method: "POST",
        url: "/api/auth/token/login-token",
        payload: { loginToken: token },
      });
      expect(login.statusCode).toBe(200);
      expect((await call("GET", `/api/admin/users/${fresh.id}`, asAdmin)).json().user.email_verified).toBe(
        true,
      );
      const again = await call("POST", `/api/admin/users/${fresh.id}/verification-email`, asAdmin);
      expect(again.statusCode).toBe(409);
    });
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
