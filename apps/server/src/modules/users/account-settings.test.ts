import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser, TEST_PASSWORD } from "../../test/factories.ts";

describe("account settings (/profile/@{username}/settings)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const call = async (
    method: "GET" | "PATCH" | "PUT" | "POST" | "DELETE",
    url: string,
    username: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: await t.authHeader(username), ...(payload ? { payload } : {}) });

  it("changes name, username and avatar, refusing a taken username and broken name rules", async () => {
    const user = await makeUser(t.db);
    const other = await makeUser(t.db, { username: "Taken_Name" });
    const ok = await call("PATCH", "/api/users/self", user.username, {
      firstName: "Mary Ann",
      lastName: "Van Dyke",
      avatarId: 7,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      first_name: "Mary Ann",
      last_name: "Van Dyke",
      avatar_locator: "avatars/system-7.png",
    });
    const taken = await call("PATCH", "/api/users/self", user.username, { username: "taken_name" });
    expect(taken.statusCode).toBe(409);
    expect(other.username).toBe("Taken_Name");
    const honorific = await call("PATCH", "/api/users/self", user.username, {
      firstName: "Dr",
      lastName: "Who",
    });
    expect(honorific.json()).toMatchObject({
      error: "validation_failed",
      fields: { firstName: "name_honorific" },
    });
    const avatar = await call("PATCH", "/api/users/self", user.username, { avatarId: 37 });
    expect(avatar.statusCode).toBe(400);
    const renamed = await call("PATCH", "/api/users/self", user.username, { username: "fresh_name" });
    expect(renamed.json().username).toBe("fresh_name");
  });

  it("lets an account made without a password (admin:create) set its first one with no current password", async () => {
    const admin = await makeAdmin(t.db, { password_hash: null });
    const headers = await t.tokenFor(admin.id, ["user", "admin"]);
    const before = await t.app.inject({ method: "GET", url: "/api/users/self", headers });
    expect(before.json().has_password).toBe(false);
    const set = await t.app.inject({
      method: "PUT",
      url: "/api/users/self/password",
      headers,
      payload: { newPassword: "first-Passw0rd" },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().has_password).toBe(true);
    expect((await t.authHeader(admin.username, "first-Passw0rd")).authorization).toMatch(/^Bearer /);
    // Now that it has one, the current password is asked for again.
    const without = await t.app.inject({
      method: "PUT",
      url: "/api/users/self/password",
      headers,
      payload: { newPassword: "second-Passw0rd" },
    });
    expect(without.statusCode).toBe(403);
    expect(without.json().error).toBe("invalid_credentials");
  });

  it("changes the password only with the current one, and the new one must follow the rules", async () => {
    const user = await makeUser(t.db);
    const wrong = await call("PUT", "/api/users/self/password", user.username, {
      currentPassword: "nope-123",
      newPassword: "newpass123",
    });
    expect(wrong.statusCode).toBe(403);
    const weak = await call("PUT", "/api/users/self/password", user.username, {
      currentPassword: TEST_PASSWORD,
      newPassword: "weak",
    });
    expect(weak.json().fields).toEqual({ newPassword: "password_too_short" });
    const ok = await call("PUT", "/api/users/self/password", user.username, {
      currentPassword: TEST_PASSWORD,
      newPassword: "newpass123",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().password_expired).toBe(false);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/auth/token",
          payload: { username: user.username, password: "newpass123" },
        })
      ).statusCode,
    ).toBe(200);
  });

  it("says the password has expired after passwordMaxAgeDays (365)", async () => {
    const user = await makeUser(t.db, { password_changed_at: new Date(Date.now() - 366 * 86_400_000) });
    expect((await call("GET", "/api/users/self", user.username)).json().password_expired).toBe(true);
  });

  it("sets and clears a recovery e-mail", async () => {
    const user = await makeUser(t.db);
    const set = await call("PUT", "/api/users/self/recovery-email", user.username, {
      recoveryEmail: "backup@home.test",
    });
    expect(set.json().recovery_email).toBe("backup@home.test");
    const bad = await call("PUT", "/api/users/self/recovery-email", user.username, {
      recoveryEmail: "not an email",
    });
    expect(bad.statusCode).toBe(400);
    const cleared = await call("PUT", "/api/users/self/recovery-email", user.username, {
      recoveryEmail: null,
    });
    expect(cleared.json().recovery_email).toBeNull();
  });

  it("sets, uses and clears a security pattern", async () => {
    const user = await makeUser(t.db);
    const set = await call("PUT", "/api/users/self/security-pattern", user.username, {
      password: TEST_PASSWORD,
      pattern: [0, 13, 2, 7],
    });
    expect(set.json().has_security_pattern).toBe(true);
    const login = (pattern?: number[]) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/token",
        payload: { username: user.username, password: TEST_PASSWORD, pattern },
      });
    expect((await login()).json().reason).toBe("requires_pattern");
    const token = (await login([0, 13, 2, 7])).json().accessToken;
    const short = await t.app.inject({
      method: "PUT",
      url: "/api/users/self/security-pattern",
      headers: { authorization: `Bearer ${token}` },
      payload: { password: TEST_PASSWORD, pattern: [1, 2, 3] },
    });
    expect(short.statusCode).toBe(400);
    const cleared = await t.app.inject({
      method: "DELETE",
      url: "/api/users/self/security-pattern",
      headers: { authorization: `Bearer ${token}` },
      payload: { password: TEST_PASSWORD },
    });
    expect(cleared.json().has_security_pattern).toBe(false);
    expect((await login()).statusCode).toBe(200);
  });

  it("deactivates an account: it then reaches only its own account, and may reactivate itself", async () => {
    const user = await makeUser(t.db);
    const auth = await t.authHeader(user.username);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/users/self/deactivate",
          headers: auth,
          payload: { password: "wrong-1" },
        })
      ).statusCode,
    ).toBe(403);
    const off = await t.app.inject({
      method: "POST",
      url: "/api/users/self/deactivate",
      headers: auth,
      payload: { password: TEST_PASSWORD },
    });
    expect(off.json().is_deactivated).toBe(true);
    const blocked = await t.app.inject({
      method: "PATCH",
      url: "/api/users/self",
      headers: auth,
      payload: { avatarId: 2 },
    });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json()).toMatchObject({
      error: "account_deactivated",
      reason: "insufficient_permissions",
    });
    expect((await t.app.inject({ method: "GET", url: "/api/users/self", headers: auth })).statusCode).toBe(
      200,
    );
    const perms = (
      await t.app.inject({ method: "GET", url: "/api/users/self/permissions", headers: auth })
    ).json();
    expect(perms.isDeactivated).toBe(true);
    const back = await t.app.inject({ method: "POST", url: "/api/users/self/reactivate", headers: auth });
    expect(back.json().is_deactivated).toBe(false);
  });

  it("keeps an admin's deactivation until an admin lifts it", async () => {
    const admin = await makeAdmin(t.db);
    const user = await makeUser(t.db, { is_deactivated: true, deactivated_by: admin.id });
    const res = await call("POST", "/api/users/self/reactivate", user.username);
    expect(res.statusCode).toBe(403);
  });

  it("refuses settings to an account without the controls permission (spec 6)", async () => {
    const user = await makeUser(t.db, { perm_controls: false });
    const res = await call("PATCH", "/api/users/self", user.username, { avatarId: 3 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("missing_permission");
    const perms = (await call("GET", "/api/users/self/permissions", user.username)).json();
    expect(perms.permissions.controls).toBe(false);
  });

  it("revokes admin rights at once, even for a token that still says admin", async () => {
    const admin = await makeAdmin(t.db);
    const auth = await t.authHeader(admin.username);
    expect((await t.app.inject({ method: "GET", url: "/api/colors", headers: auth })).statusCode).toBe(200);
    await t.db.update(users).set({ role: "user" }).where(eq(users.id, admin.id));
    expect((await t.app.inject({ method: "GET", url: "/api/colors", headers: auth })).statusCode).toBe(403);
  });

  it("credits a ref code once, never the user's own", async () => {
    const referrer = await makeUser(t.db, { ref_code: "REFR2345" });
    const user = await makeUser(t.db, { ref_code: "OWNC2345" });
    expect((await call("POST", "/api/auth/refCode", user.username, { refCode: "OWNC2345" })).json()).toEqual({
      applied: false,
    });
    expect((await call("POST", "/api/auth/refCode", user.username, { refCode: "refr2345" })).json()).toEqual({
      applied: true,
    });
    expect((await call("POST", "/api/auth/refCode", user.username, { refCode: "REFR2345" })).json()).toEqual({
      applied: false,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.referred_by).toBe(referrer.ref_code);
  });

  it("records activity with mark-active", async () => {
    const user = await makeUser(t.db);
    expect((await call("POST", "/api/users/self/mark-active", user.username)).statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.last_active_at).not.toBeNull();
  });
});
