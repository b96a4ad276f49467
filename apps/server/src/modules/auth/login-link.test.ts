import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginTokens } from "../../db/schema/index.ts";
import { hashSecret } from "../../platform/passwords.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";

describe("e-mailed login links", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const requestLink = (username: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/token/email-login-link",
      payload: { username, event: "login" },
    });
  const exchange = (loginToken: string, extra: object = {}) =>
    t.app.inject({ method: "POST", url: "/api/auth/token/login-token", payload: { loginToken, ...extra } });
  const lastLinkToken = async () => {
    const mail = (await t.sentMail()).at(-1)!;
    return /token-login\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
  };

  it("mails a single-use link that logs in, and answers an unknown username the same way", async () => {
    const user = await makeUser(t.db, { email: "link.user@school.test" });
    const before = (await t.sentMail()).length;
    const unknown = await requestLink("nobody_at_all");
    const known = await requestLink(user.username);
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    expect(known.json()).toEqual({ sent: true });
    const mails = await t.sentMail();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain("To: link.user@school.test");

    const token = await lastLinkToken();
    expect(token.length).toBeGreaterThanOrEqual(43);
    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ tokenEvent: "login-link", user: { id: user.id } });
    const again = await exchange(token);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: "invalid_login_token", message: "Invalid token" });
  });

  it("stores only a hash of the link's token", async () => {
    const user = await makeUser(t.db);
    await requestLink(user.username);
    const token = await lastLinkToken();
    const rows = await t.db.select().from(loginTokens).where(eq(loginTokens.users_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()).toBeLessThanOrEqual(
      10 * 60_000 + 1000,
    );
  });

  it("refuses an expired link", async () => {
    const user = await makeUser(t.db);
    await requestLink(user.username);
    const token = await lastLinkToken();
    await t.db
      .update(loginTokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(loginTokens.users_id, user.id));
    expect((await exchange(token)).statusCode).toBe(403);
  });

  it("asks for the security pattern on the link path too, and keeps the link until it is given", async () => {
    const user = await makeUser(t.db, { security_pattern_hash: await hashSecret("5-6-7-8") });
    await requestLink(user.username);
    const token = await lastLinkToken();
    const asked = await exchange(token);
    expect(asked.statusCode).toBe(401);
    expect(asked.json().reason).toBe("requires_pattern");
    expect((await exchange(token, { pattern: [5, 6, 7, 9] })).json()).toMatchObject({
      error: "invalid_pattern",
    });
    const ok = await exchange(token, { pattern: [5, 6, 7, 8] });
    expect(ok.statusCode).toBe(200);
  });

  it("sends at most 3 links for one account in 10 minutes", async () => {
    const user = await makeUser(t.db);
    for (let i = 0; i < 3; i++) expect((await requestLink(user.username)).statusCode).toBe(200);
    const limited = await requestLink(user.username.toUpperCase());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "rate_limited", isLocked: true });
  });
});
