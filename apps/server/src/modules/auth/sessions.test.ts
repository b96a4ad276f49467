import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppInstance } from "../../platform/app-types.ts";
import { buildSecondInstance, buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser, TEST_PASSWORD } from "../../test/factories.ts";

/**
 * Sessions end (issue 16): a password change, deactivation and logging out end every earlier token and
 * e-mailed link at once, where a stolen token used to keep working for its full 24 hours.
 */
describe("sessions that end", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const self = (auth: { authorization: string }) =>
    t.app.inject({ method: "GET", url: "/api/users/self", headers: auth });
  const post = (url: string, auth: { authorization: string }, payload?: object) =>
    t.app.inject({ method: "POST", url: `/api/${url}`, headers: auth, payload });
  const requestLink = (username: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/token/email-login-link", payload: { username } });
  const linkTokens = async () =>
    (await t.sentMail()).flatMap((mail) =>
      [...mail.matchAll(/token-login\?token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!),
    );
  const exchange = (loginToken: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/token/login-token", payload: { loginToken } });

  const expectSignedOut = async (auth: { authorization: string }) => {
    const res = await self(auth);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: "unauthorized", reason: "invalid_token" });
  };

  it("a password change ends every other session and every earlier e-mailed link, and keeps the caller's", async () => {
    const user = await makeUser(t.db, { email_verified_at: null });
    const stolen = await t.authHeader(user.username);
    const caller = await t.authHeader(user.username);
    await requestLink(user.username);
    const [link] = (await linkTokens()).slice(-1);

    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/users/self/password",
      headers: caller,
      payload: { currentPassword: TEST_PASSWORD, newPassword: "a-new-Passw0rd!" },
    });
    expect(changed.statusCode).toBe(200);

    await expectSignedOut(stolen);
    // The probe's step: the old token changing the recovery e-mail.
    const recovery = await t.app.inject({
      method: "PUT",
      url: "/api/users/self/recovery-email",
      headers: stolen,
      payload: { recoveryEmail: "attacker@evil.test" },
    });
    expect(recovery.statusCode).toBe(401);
    expect((await self(caller)).json()).toMatchObject({ id: user.id, recovery_email: null });
    const spent = await exchange(link!);
    expect(spent.statusCode).toBe(403);
    expect(spent.json().error).toBe("invalid_login_token");
  });

  it("logout ends this session only; logout-all ends every session and link, the caller's too", async () => {
    const user = await makeUser(t.db);
    const [phone, laptop, tablet] = [
      await t.authHeader(user.username),
      await t.authHeader(user.username),
      await t.authHeader(user.username),
    ];
    const out = await post("auth/logout", phone);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ sessionsEnded: 1 });
    await expectSignedOut(phone);
    expect((await self(laptop)).statusCode).toBe(200);
    // Once ended, the token cannot end anything again.
    expect((await post("auth/logout", phone)).statusCode).toBe(401);

    await requestLink(user.username);
    const [link] = (await linkTokens()).slice(-1);
    const all = await post("auth/logout-all", laptop);
    expect(all.json()).toEqual({ sessionsEnded: 2 });
    await expectSignedOut(laptop);
    await expectSignedOut(tablet);
    expect((await exchange(link!)).statusCode).toBe(403);
    // Signing in again works as ever.
    expect((await self(await t.authHeader(user.username))).statusCode).toBe(200);
  });

  it("deactivation by an admin signs the account out everywhere at once", async () => {
    const user = await makeUser(t.db);
    const auth = await t.authHeader(user.username);
    const admin = await t.authHeader((await makeAdmin(t.db)).username);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${user.id}`,
      headers: admin,
      payload: { is_deactivated: true },
    });
    expect(res.statusCode).toBe(200);
    await expectSignedOut(auth);
    // A new sign-in reaches only what a deactivated account may (spec 6).
    const again = await t.authHeader(user.username);
    expect((await self(again)).json().is_deactivated).toBe(true);
    const refused = await t.app.inject({ method: "GET", url: "/api/users/self/favorites", headers: again });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe("account_deactivated");
  });

  it("self-deactivation ends the other sessions; the one that asked may still reactivate", async () => {
    const user = await makeUser(t.db);
    const other = await t.authHeader(user.username);
    const caller = await t.authHeader(user.username);
    const res = await post("users/self/deactivate", caller, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    await expectSignedOut(other);
    expect((await post("users/self/reactivate", caller)).statusCode).toBe(200);
  });

  it("refuses, with 401 and never a 500, a well-signed token whose subject or session is not an id", async () => {
    const user = await makeUser(t.db);
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const sign = (claims: Record<string, unknown>, subject: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(subject)
        .setExpirationTime("1h")
        .sign(key);
    const tokens = [
      await sign({ scopes: ["user"], sid: user.id }, "not-a-uuid"),
      await sign({ scopes: ["user"], sid: "1; drop table users" }, user.id),
      // The shape before sessions: no sid at all.
      await sign({ scopes: ["user"] }, user.id),
      // A real user, a session id that never existed.
      await sign({ scopes: ["user"], sid: "00000000-0000-4000-8000-000000000000" }, user.id),
    ];
    for (const token of tokens) await expectSignedOut({ authorization: `Bearer ${token}` });
  });
});

/** PostgreSQL only: PGlite is one process, so a second instance cannot share it. */
describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("sessions across two instances", () => {
  let first: TestApp;
  let second: AppInstance;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    first = await buildTestApp();
    ({ app: second, close: closeSecond } = await buildSecondInstance(first));
  });
  afterAll(async () => {
    await closeSecond();
    await first.close();
  });

  it("a logout on one instance is in force on the other at its next request", async () => {
    const user = await makeUser(first.db);
    const auth = await first.authHeader(user.username);
    expect((await second.inject({ method: "GET", url: "/api/users/self", headers: auth })).statusCode).toBe(
      200,
    );
    await first.app.inject({ method: "POST", url: "/api/auth/logout-all", headers: auth });
    expect((await second.inject({ method: "GET", url: "/api/users/self", headers: auth })).statusCode).toBe(
      401,
    );
  });
});
