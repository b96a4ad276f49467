import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { advertisements, users } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/app.ts";
import { makeAdmin, makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";
import { type ConsoleTestbed, consoleTestbed, NO_ID } from "./console-testbed.ts";

describe("admin console", () => {
  const { bed, call } = consoleTestbed();
  let t: TestApp;
  let master: ConsoleTestbed["master"];
  let admin: ConsoleTestbed["admin"];
  let asMaster: { authorization: string };
  let asAdmin: { authorization: string };
  beforeAll(() => {
    ({ t, master, admin, asMaster, asAdmin } = bed);
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
        ...TEST_CARD,
      });
      expect(bought.statusCode).toBe(200);
      const tipped = await call("POST", `/api/transactions/tip/purchase/${creator.id}`, buyerAuth, {
        amount: 300,
        ...TEST_CARD,
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
});
