import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSecret } from "../../platform/passwords.ts";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser, TEST_PASSWORD } from "../../test/factories.ts";

describe("POST /api/auth/token and GET /api/users/self", () => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof makeUser>>;
  let admin: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    t = await buildTestApp();
    teacher = await makeUser(t.db, { username: "Ms_Rivera", email: "Rivera@School.test" });
    admin = await makeAdmin(t.db);
  });
  afterAll(() => t.close());

  const login = (payload: object) => t.app.inject({ method: "POST", url: "/api/auth/token", payload });

  it("logs in by username or e-mail without regard to case, returning accessToken, user and tokenEvent", async () => {
    for (const username of ["ms_rivera", "MS_RIVERA", "rivera@school.test"]) {
      const res = await login({ username, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.tokenEvent).toBe("login");
      expect(body.user).toMatchObject({ id: teacher.id, username: "Ms_Rivera", role: "user" });
      expect(body.user).not.toHaveProperty("password_hash");
    }
  });

  it("issues a JWT with exp (24 hours) and scopes, with 'admin' only for admins", async () => {
    const userToken = (await login({ username: teacher.username, password: TEST_PASSWORD })).json()
      .accessToken;
    const adminToken = (await login({ username: admin.username, password: TEST_PASSWORD })).json()
      .accessToken;
    const claims = decodeJwt(userToken);
    expect(claims.scopes).toEqual(["user"]);
    expect(claims.exp! - claims.iat!).toBe(24 * 3600);
    expect(decodeJwt(adminToken).scopes).toEqual(["user", "admin"]);
  });

  it("answers a wrong password and an unknown user alike: 403 'Invalid credentials'", async () => {
    const wrong = await login({ username: teacher.username, password: "not-the-password1" });
    const unknown = await login({ username: "nobody_here", password: "not-the-password1" });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "invalid_credentials", message: "Invalid credentials" });
    }
  });

  it("refuses a malformed body with 400 and the fields at fault", async () => {
    const res = await login({ username: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "validation_failed",
      fields: { username: expect.any(String), password: expect.any(String) },
    });
  });

  it("asks for the security pattern (401 requires_pattern) when the account has one", async () => {
    const guarded = await makeUser(t.db, { security_pattern_hash: await hashSecret("3-1-4-1") });
    const without = await login({ username: guarded.username, password: TEST_PASSWORD });
    expect(without.statusCode).toBe(401);
    expect(without.json().reason).toBe("requires_pattern");
    const wrong = await login({ username: guarded.username, password: TEST_PASSWORD, pattern: [3, 1, 4, 2] });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: "invalid_pattern", reason: "requires_pattern" });
    expect(
      (await login({ username: guarded.username, password: TEST_PASSWORD, pattern: [3, 1, 4, 1] }))
        .statusCode,
    ).toBe(200);
  });

  it("returns the signed-in user from /api/users/self", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/users/self",
      headers: await t.authHeader(teacher.username),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: teacher.id,
      email: "Rivera@School.test",
      permissions: {
        controls: true,
        payments: true,
        messages: true,
        upload: true,
        editing: true,
        advertise: true,
      },
    });
  });

  it("answers 401 invalid_token to a tampered, a foreign-signed or an expired token", async () => {
    const good = (await t.authHeader(teacher.username)).authorization.slice(7);
    const [h, p, s] = good.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, scopes: ["user", "admin"] })).toString("base64url")}.${s}`;
    const foreign = await new SignJWT({ scopes: ["user"] })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(teacher.id)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-that-is-32-characters-long!"));
    const expired = await new SignJWT({ scopes: ["user"] })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(teacher.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${p}.`;
    for (const token of [tampered, foreign, expired, none, "garbage"]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/users/self",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().reason).toBe("invalid_token");
    }
  });
});
