import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginFailures } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { solveCaptchaChallenge } from "../../test/captcha-solver.ts";
import { makeUser, TEST_PASSWORD } from "../../test/factories.ts";

describe("failed logins: captcha and cooling off (DECISIONS.md, Accounts and abuse)", () => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, opts: { ip?: string; captcha?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/token",
      payload: { username, password },
      remoteAddress: opts.ip ?? "10.1.0.1",
      headers: opts.captcha ? { "captcha-token": opts.captcha } : {},
    });
  const passCaptcha = async () => {
    const challenge = (await t.app.inject({ method: "GET", url: "/api/auth/captcha" })).json();
    expect(challenge.inputs).toHaveLength(9);
    const solved = await t.app.inject({
      method: "POST",
      url: "/api/auth/captcha",
      payload: { id: challenge.id, inputCodes: solveCaptchaChallenge(challenge) },
    });
    return solved.json().captchaToken as string;
  };

  it("demands a captcha after 3 failures for an account, then lets the right password in with a solved one", async () => {
    const user = await makeUser(t.db);
    const ip = `10.1.1.${++address}`;
    for (let i = 0; i < 3; i++)
      expect((await login(user.username, "wrong-password1", { ip })).statusCode).toBe(403);
    const blocked = await login(user.username, TEST_PASSWORD, { ip });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json().reason).toBe("requires_captcha");
    const fromElsewhere = await login(user.username, TEST_PASSWORD, { ip: `10.1.2.${address}` });
    expect(fromElsewhere.json().reason).toBe("requires_captcha");

    const captcha = await passCaptcha();
    expect(captcha).toBeTruthy();
    expect((await login(user.username, TEST_PASSWORD, { ip, captcha })).statusCode).toBe(200);
    // A success resets the account's count.
    expect((await login(user.username, TEST_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it("spends a captcha token once", async () => {
    const user = await makeUser(t.db);
    for (let i = 0; i < 3; i++) await login(user.username, "wrong-password1");
    const captcha = await passCaptcha();
    expect((await login(user.username, "wrong-password1", { captcha })).statusCode).toBe(403);
    expect((await login(user.username, TEST_PASSWORD, { captcha })).json().reason).toBe("requires_captcha");
  });

  it("gives one try per challenge and a timeout on a wrong answer", async () => {
    const challenge = (await t.app.inject({ method: "GET", url: "/api/auth/captcha" })).json();
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/captcha",
      payload: { id: challenge.id, inputCodes: [] },
    });
    expect(wrong.json()).toEqual({ timeout: 2 });
    const retry = await t.app.inject({
      method: "POST",
      url: "/api/auth/captcha",
      payload: { id: challenge.id, inputCodes: solveCaptchaChallenge(challenge) },
    });
    expect(retry.json()).toEqual({ timeout: 2 });
  });

  it("demands a captcha after 10 failures from one address, whichever accounts they named", async () => {
    const ip = "10.1.9.1";
    for (let i = 0; i < 10; i++) await login(`nobody_${i}`, "wrong-password1", { ip });
    const user = await makeUser(t.db);
    expect((await login(user.username, TEST_PASSWORD, { ip })).json().reason).toBe("requires_captcha");
    expect((await login(user.username, TEST_PASSWORD, { ip: "10.1.9.2" })).statusCode).toBe(200);
  });

  it("cools an account off for 15 minutes after 10 failures within an hour, even with a captcha", async () => {
    const user = await makeUser(t.db);
    await t.db.insert(loginFailures).values(
      Array.from({ length: 9 }, (_, i) => ({
        users_id: user.id,
        ip: "10.2.0.1",
        created_at: sql`now() - ${`${50 - i} minutes`}::interval` as unknown as Date,
      })),
    );
    expect((await login(user.username, "wrong-password1", { captcha: await passCaptcha() })).statusCode).toBe(
      403,
    );
    const cooled = await login(user.username, TEST_PASSWORD, { captcha: await passCaptcha() });
    expect(cooled.statusCode).toBe(401);
    expect(cooled.json().reason).toBe("cooling_off");
    const until = Date.parse(cooled.json().earliestRetry);
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });
});
