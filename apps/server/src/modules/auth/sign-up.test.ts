import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";

const valid = {
  email: "ada.lovelace@school.test",
  firstName: "Ada",
  lastName: "Lovelace",
  username: "ada_l",
  password: "engines1843",
};

describe("POST /api/auth/sign-up", () => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // Each test signs up from its own address so the sign-up limit (20 an hour per address) stays out of the way.
  const signUp = (payload: object, remoteAddress = `10.0.1.${++address}`) =>
    t.app.inject({ method: "POST", url: "/api/auth/sign-up", payload, remoteAddress });

  it("creates the account, signs it in and mails a verification link that verifies it", async () => {
    const res = await signUp(valid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      tokenEvent: "sign-up",
      user: { username: "ada_l", first_name: "Ada", email_verified: false },
    });
    expect(body.user.ref_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const mail = (await t.sentMail()).at(-1)!;
    expect(mail).toContain("To: ada.lovelace@school.test");
    expect(mail).toContain("Subject: Confirm your e-mail address");
    const token = /token-login\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/auth/token/login-token",
      payload: { loginToken: token },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ tokenEvent: "verify-email", user: { email_verified: true } });
  });

  it.each([
    [{ email: "not-an-email" }, "email", "email_invalid"],
    [{ email: `${"a".repeat(60)}@school.test` }, "email", "email_too_long"],
    [{ firstName: "Dr" }, "firstName", "name_honorific"],
    [{ lastName: "lovelace" }, "firstName", "name_last_uppercase"],
    [{ username: "ab" }, "username", "username_too_short"],
    [{ password: "noNumbersHere" }, "password", "password_needs_number"],
    [{ password: "short1" }, "password", "password_too_short"],
    [{ password: "has space 123" }, "password", "password_invalid_characters"],
  ])(
    "refuses %j with 400 and the broken rule in fields, creating nothing",
    async (change, field, problem) => {
      const email = `rule${address}@school.test`;
      const res = await signUp({ ...valid, email, username: `rule_${address}`, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "validation_failed", fields: { [field]: problem } });
      expect(
        await t.db
          .select()
          .from(users)
          .where(eq(users.email, (change as { email?: string }).email ?? email)),
      ).toHaveLength(0);
    },
  );

  it("answers 409 account_exists for a second account with the same e-mail, whatever its case", async () => {
    await makeUser(t.db, { email: "taken@school.test" });
    const res = await signUp({ ...valid, email: "TAKEN@school.test", username: "someone_new" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "account_exists", fields: { email: "account_exists" } });
  });

  it("answers 409 username_taken for a username in use, whatever its case", async () => {
    await makeUser(t.db, { username: "Grace_H" });
    const res = await signUp({ ...valid, email: "grace2@school.test", username: "grace_h" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("username_taken");
  });

  it("records the ref code that brought the user", async () => {
    const referrer = await makeUser(t.db, { ref_code: "K7PQ2MZX" });
    const res = await signUp({
      ...valid,
      email: "referred@school.test",
      username: "referred_1",
      refCode: "k7pq2mzx",
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().user.id));
    expect(row!.referred_by).toBe(referrer.ref_code);
  });

  it("limits sign-ups to 20 an hour from one address with 429, earliestRetry and isLocked", async () => {
    const from = "10.0.9.9";
    for (let i = 0; i < 20; i++) {
      const res = await signUp({ ...valid, email: "x", username: "x" }, from);
      expect(res.statusCode).toBe(400);
    }
    const limited = await signUp({ ...valid, email: "late@school.test", username: "late_one" }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "rate_limited", isLocked: true });
    expect(Date.parse(limited.json().earliestRetry)).toBeGreaterThan(Date.now());
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await signUp({ ...valid, email: "other@school.test", username: "other_addr" })).statusCode).toBe(
      200,
    );
  });

  it("tells whether a username exists: 200 known, 404 unknown", async () => {
    await makeUser(t.db, { username: "Known_One" });
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/username-validation?username=known_one" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/username-validation?username=nobody_x" }))
        .statusCode,
    ).toBe(404);
  });
});
