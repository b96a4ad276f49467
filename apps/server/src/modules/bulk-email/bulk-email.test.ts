import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BulkEmailState } from "@market/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { jobDefinitions } from "../../jobs.registry.ts";
import { createJobWorker } from "../../platform/jobs.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser } from "../../test/factories.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

const silent = { error() {}, info() {}, warn() {} } as never;

describe("bulk e-mail", () => {
  let t: TestApp;
  let adminAuth: { authorization: string };
  let userAuth: { authorization: string };
  let drain: () => Promise<void>;

  beforeAll(async () => {
    // A fast rate keeps the test quick; the throttle itself is the domain's bulkEmailIntervalMs.
    t = await buildTestApp({ bulkEmailRatePerMinute: 60_000 });
    const admin = await makeAdmin(t.db);
    const user = await makeUser(t.db);
    adminAuth = await t.authHeader(admin.username);
    userAuth = await t.authHeader(user.username);
    const worker = createJobWorker({ db: t.db, log: silent, definitions: jobDefinitions(t.app.deps) });
    drain = async () => {
      while (await worker.runOnce()) {}
    };
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST", url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
  const state = async () => (await call("GET", "/users/bulk-email", adminAuth)).json<BulkEmailState>();
  /** Headers unfolded (long ones such as List-Unsubscribe are folded onto continuation lines). */
  const unfold = (mail: string) => mail.replace(/\r?\n[ \t]+/g, " ");
  /** The mails as written, undecoded: headers are not quoted-printable, so decoding would garble them. */
  const rawMail = async () => {
    const files = (await readdir(t.mailDir)).filter((f) => f.endsWith(".eml")).sort();
    return Promise.all(files.map((f) => readFile(join(t.mailDir, f), "utf8")));
  };
  const mailTo = async (email: string) => (await t.sentMail()).filter((m) => m.includes(`To: ${email}`));

  it("is for admins only, both reading the progress and sending", async () => {
    expect((await call("GET", "/users/bulk-email", userAuth)).statusCode).toBe(403);
    expect((await call("GET", "/users/bulk-email", {})).statusCode).toBe(401);
    const send = { subject: "Hello", body: "Hi" };
    expect((await call("POST", "/users/bulk-email", userAuth, send)).statusCode).toBe(403);
    expect((await call("POST", "/users/bulk-email", {}, send)).statusCode).toBe(401);
    expect((await state()).bulkSend).toBeNull();
  });

  it.each([
    [{ subject: "", body: "Hi" }, "subject"],
    [{ subject: "Hello", body: "   " }, "body"],
    [{ subject: "x".repeat(151), body: "Hi" }, "subject"],
    [{ subject: "Hello" }, "body"],
  ])("refuses %o naming %s, sending nothing", async (payload, field) => {
    const res = await call("POST", "/users/bulk-email", adminAuth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect((await state()).bulkSend).toBeNull();
  });

  it("sends one copy to each active, subscribed user, with progress to 100 percent", async () => {
    const deactivated = await makeUser(t.db, { is_deactivated: true });
    const unsubscribed = await makeUser(t.db, { unsubscribed_at: new Date() });
    const before = await state();
    expect(before.progress).toMatchObject({ totalUsers: 4, totalActiveUsers: 2, emailsSent: 0 });
    expect(before.audience).toEqual({ totalUsers: 4, totalActiveUsers: 2 });

    const res = await call("POST", "/users/bulk-email", adminAuth, {
      subject: "Spring update",
      body: 'New <a href="/featured">featured resources</a><br>and <script>alert(1)</script> more.',
    });
    expect(res.statusCode).toBe(202);
    const started = res.json<BulkEmailState>();
    expect(started.bulkSend).toMatchObject({ subject: "Spring update", finishedAt: null });
    expect(started.audience).toBeNull();
    expect(started.progress).toMatchObject({
      emailsSent: 0,
      totalUsers: 4,
      totalActiveUsers: 2,
      totalUsersRemaining: 2,
      percent: 0,
    });
    // One send at a time.
    expect(
      (await call("POST", "/users/bulk-email", adminAuth, { subject: "Again", body: "x" })).statusCode,
    ).toBe(409);

    await drain();
    const done = await state();
    expect(done.progress).toMatchObject({
      emailsSent: 2,
      totalActiveUsers: 2,
      totalUsersRemaining: 0,
      percent: 100,
    });
    expect(done.bulkSend!.finishedAt).not.toBeNull();
    // Who the next send would reach, counted afresh.
    await makeUser(t.db);
    expect((await state()).audience).toEqual({ totalUsers: 5, totalActiveUsers: 3 });
    const mails = (await t.sentMail()).filter((m) => m.includes("Subject: Spring update"));
    expect(mails).toHaveLength(2);
    expect(await mailTo(deactivated.email)).toHaveLength(0);
    expect(await mailTo(unsubscribed.email)).toHaveLength(0);
    const mail = mails[0]!;
    expect(mail).toContain(`<a href="${t.config.publicUrl}/featured">featured resources</a>`);
    const html = mail.slice(mail.indexOf("Content-Type: text/html"));
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script>");
    const headers = unfold((await rawMail()).find((m) => m.includes("Subject: Spring update"))!);
    expect(headers).toMatch(/List-Unsubscribe: <http:\/\/[^>]+\/api\/users\/unsubscribe\?token=/);
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("unsubscribes through the mailed link, and the next send skips that user", async () => {
    const [mail] = (await t.sentMail()).filter((m) => m.includes("Subject: Spring update"));
    // sentMail() has decoded the mail already (decoding twice would break a token starting with a hex pair).
    // The page link stands on its own line of the text part (the List-Unsubscribe header is not decoded text).
    const link = new URL(/^https?:\/\/\S+\/unsubscribe\?token=\S+$/m.exec(mail!)![0]);
    const token = link.searchParams.get("token")!;
    const to = /^To: (.+)$/m.exec(mail!)![1]!.trim();

    // A token altered by one character, or made for another user, changes nothing.
    const other = await makeUser(t.db);
    const forged = `${other.id}.${token.split(".")[1]}`;
    for (const bad of [
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      forged,
      "not-a-token-at-all",
    ]) {
      const res = await call("POST", "/users/unsubscribe", {}, { token: bad });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.db.select().from(users).where(eq(users.id, other.id)))[0]!.unsubscribed_at).toBeNull();

    const res = await call("POST", "/users/unsubscribe", {}, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    const [row] = await t.db.select().from(users).where(sql`lower(email) = lower(${to})`);
    expect(row!.unsubscribed_at).not.toBeNull();

    // A mail client's one-click unsubscribe (RFC 8058): a form post to the List-Unsubscribe address.
    const raw = (await rawMail()).find(
      (m) => m.includes("Subject: Spring update") && m.includes(`To: ${to}`),
    )!;
    const oneClick = /List-Unsubscribe: <([^>]+)>/.exec(unfold(raw))![1]!;
    const again = await t.app.inject({
      method: "POST",
      url: oneClick.replace(t.config.publicUrl, ""),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(again.statusCode).toBe(200);

    const second = await call("POST", "/users/bulk-email", adminAuth, { subject: "Second news", body: "Hi" });
    expect(second.statusCode).toBe(202);
    await drain();
    expect((await mailTo(to)).filter((m) => m.includes("Subject: Second news"))).toHaveLength(0);
    expect((await t.sentMail()).filter((m) => m.includes("Subject: Second news")).length).toBe(
      (await state()).progress.totalActiveUsers,
    );
  });

  it("unsubscribes during maintenance too (a mail client's one click does not wait for the site)", async () => {
    const user = await makeUser(t.db);
    await t.db.execute(sql`
      insert into site_settings (key, value) values ('offlineMode', 'true'::jsonb)
      on conflict (key) do update set value = excluded.value`);
    try {
      expect((await call("GET", "/users/self", userAuth)).statusCode).toBe(503);
      const token = unsubscribeToken(t.config.jwtSecret, user.id);
      expect((await call("POST", "/users/unsubscribe", {}, { token })).statusCode).toBe(200);
      expect(
        (await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.unsubscribed_at,
      ).not.toBeNull();
    } finally {
      await t.db.execute(sql`update site_settings set value = 'false'::jsonb where key = 'offlineMode'`);
    }
  });

  it("never resends a mail a dead process may have sent, and skips users deactivated mid-send", async () => {
    const a = await makeUser(t.db);
    const b = await makeUser(t.db);
    const res = await call("POST", "/users/bulk-email", adminAuth, { subject: "Third news", body: "Hi" });
    const { bulkSend } = res.json<BulkEmailState>();
    // As a process killed during the SMTP call leaves it: claimed, never recorded as sent.
    await t.db.execute(sql`
      update bulk_email_recipients set state = 'sending', claimed_at = now() - interval '1 hour', attempts = 1
      where bulk_email_id = ${bulkSend!.id} and users_id = ${a.id}`);
    await t.db.update(users).set({ is_deactivated: true }).where(eq(users.id, b.id));
    await drain();
    expect((await mailTo(a.email)).filter((m) => m.includes("Third news"))).toHaveLength(0);
    expect((await mailTo(b.email)).filter((m) => m.includes("Third news"))).toHaveLength(0);
    const { progress } = await state();
    expect(progress).toMatchObject({ unconfirmed: 1, totalUsersRemaining: 0, percent: 100 });
    expect(progress.emailsSent).toBe(progress.totalActiveUsers - 1);
  });
});
