import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportMessages, supportThreads } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser } from "../../test/factories.ts";

type Headers = { authorization: string };

/** Spec 2: /support and /admin/exceptions/support; spec 3: the admin queues' supportThreads. */
describe("support threads", () => {
  let t: TestApp;
  let user: Headers;
  let other: Headers;
  let admin: Headers;
  let adminEmail: string;
  let userEmail: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const u = await makeUser(t.db, { first_name: "Maya" });
    userEmail = u.email;
    user = await t.authHeader(u.username);
    other = await t.authHeader((await makeUser(t.db)).username);
    const a = await makeAdmin(t.db);
    adminEmail = a.email;
    admin = await t.authHeader(a.username);
    // A deactivated admin does not answer support, so is not mailed.
    await makeAdmin(t.db, { email: "retired-admin@example.test", is_deactivated: true });
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: object, payload?: object) =>
    t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: headers as Record<string, string>,
      payload,
    });

  async function open(subject: string, body: string, as: Headers = user) {
    const res = await call("POST", "/support/threads", as, { subject, body });
    expect(res.statusCode).toBe(201);
    return res.json() as { thread: { id: string; status: string; messages: unknown[] }; mailed: boolean };
  }

  it("opens a thread with its first message, stores both and e-mails the active admins", async () => {
    const before = (await t.sentMail()).length;
    const { thread, mailed } = await open("Refund for a worksheet", "I bought the wrong grade by mistake.");
    expect(mailed).toBe(true);
    expect(thread).toMatchObject({
      subject: "Refund for a worksheet",
      status: "open",
      messageCount: 1,
      lastMessage: "I bought the wrong grade by mistake.",
      messages: [{ body: "I bought the wrong grade by mistake.", fromSupport: false, author: "Maya" }],
    });
    const stored = await t.db.select().from(supportMessages).where(eq(supportMessages.thread_id, thread.id));
    expect(stored).toHaveLength(1);
    const mail = (await t.sentMail()).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain(`To: ${adminEmail}`);
    expect(mail[0]).toContain("Support: Refund for a worksheet");
    expect(mail[0]).toContain("> I bought the wrong grade by mistake.");
    expect(mail[0]).toContain(`/admin/exceptions/support?thread=${thread.id}`);
    expect(mail.join("\n")).not.toContain("retired-admin@example.test");
  });

  it("lists the user's own threads, newest activity first, and never another user's", async () => {
    await open("Someone else's question", "Not yours to read.", other);
    const list = await call("GET", "/support/threads", user);
    expect(list.statusCode).toBe(200);
    const subjects = list.json().supportThreads.map((s: { subject: string }) => s.subject);
    expect(subjects).toContain("Refund for a worksheet");
    expect(subjects).not.toContain("Someone else's question");
  });

  it("refuses to show, or answer in, another user's thread (404, nothing stored)", async () => {
    const { thread } = await open("Private matter", "Only support may read this.", other);
    const read = await call("GET", `/support/threads/${thread.id}`, user);
    expect(read.statusCode).toBe(404);
    const reply = await call("POST", `/support/threads/${thread.id}/messages`, user, { body: "Peeking" });
    expect(reply.statusCode).toBe(404);
    const stored = await t.db.select().from(supportMessages).where(eq(supportMessages.thread_id, thread.id));
    expect(stored.map((m) => m.body)).toEqual(["Only support may read this."]);
  });

  it("refuses bad input with the field at fault and stores nothing", async () => {
    const before = await t.db.select().from(supportThreads);
    const empty = await call("POST", "/support/threads", user, { subject: " ", body: "Hello" });
    expect(empty.statusCode).toBe(400);
    const long = await call("POST", "/support/threads", user, { subject: "Hi", body: "x".repeat(5001) });
    expect(long.statusCode).toBe(400);
    const extra = await call("POST", "/support/threads", user, {
      subject: "Hi",
      body: "Yo",
      status: "closed",
    });
    expect(extra.statusCode).toBe(400);
    const badId = await call("GET", "/support/threads/not-a-uuid", user);
    expect(badId.statusCode).toBe(400);
    expect(await t.db.select().from(supportThreads)).toHaveLength(before.length);
  });

  it("asks anonymous callers to log in", async () => {
    expect((await call("GET", "/support/threads", {})).statusCode).toBe(401);
    expect((await call("POST", "/support/threads", {}, { subject: "a", body: "b" })).statusCode).toBe(401);
  });

  it("the admin queue lists threads waiting for an answer; an answer is stored, mailed and seen by the user", async () => {
    const { thread } = await open("Where is my download?", "The file does not open.");
    const queue = await call("GET", "/admin/support-threads", admin);
    expect(queue.statusCode).toBe(200);
    const waiting = queue.json().supportThreads as { id: string; user: { username: string } }[];
    expect(waiting.map((s) => s.id)).toContain(thread.id);
    expect(queue.json().total).toBe(waiting.length);

    const detail = await call("GET", `/admin/support-threads/${thread.id}`, admin);
    expect(detail.json().messages).toHaveLength(1);

    const before = (await t.sentMail()).length;
    const answer = await call("POST", `/admin/support-threads/${thread.id}/messages`, admin, {
      body: "Try the PDF version; it opens everywhere.",
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().thread.status).toBe("answered");
    const mail = (await t.sentMail()).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain(`To: ${userEmail}`);
    expect(mail[0]).toContain("> Try the PDF version; it opens everywhere.");
    expect(mail[0]).toContain(`/support?thread=${thread.id}`);

    // Answered threads leave the queue.
    const after = await call("GET", "/admin/support-threads", admin);
    expect(after.json().supportThreads.map((s: { id: string }) => s.id)).not.toContain(thread.id);

    const seen = await call("GET", `/support/threads/${thread.id}`, user);
    expect(seen.json().messages).toEqual([
      expect.objectContaining({ body: "The file does not open.", fromSupport: false }),
      expect.objectContaining({
        body: "Try the PDF version; it opens everywhere.",
        fromSupport: true,
        author: "Support",
      }),
    ]);
  });

  it("a user's reply puts an answered thread back in the queue and mails support", async () => {
    const { thread } = await open("Two questions", "First one.");
    await call("POST", `/admin/support-threads/${thread.id}/messages`, admin, { body: "Answered." });
    const before = (await t.sentMail()).length;
    const reply = await call("POST", `/support/threads/${thread.id}/messages`, user, {
      body: "And another.",
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().thread).toMatchObject({
      status: "open",
      messageCount: 3,
      lastMessage: "And another.",
    });
    expect((await t.sentMail()).slice(before)).toHaveLength(1);
    const queue = await call("GET", "/admin/support-threads", admin);
    expect(queue.json().supportThreads.map((s: { id: string }) => s.id)).toContain(thread.id);
  });

  it("clearing a thread removes it from the queue without mailing anyone", async () => {
    const { thread } = await open("Spam?", "Buy cheap pens");
    const before = (await t.sentMail()).length;
    const cleared = await call("POST", `/admin/support-threads/${thread.id}/clear`, admin);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().status).toBe("closed");
    const queue = await call("GET", "/admin/support-threads", admin);
    expect(queue.json().supportThreads.map((s: { id: string }) => s.id)).not.toContain(thread.id);
    expect((await t.sentMail()).length).toBe(before);
    expect(
      (await call("POST", "/admin/support-threads/00000000-0000-4000-8000-000000000000/clear", admin))
        .statusCode,
    ).toBe(404);
  });

  it("pages the queue, the longest waiting first", async () => {
    const page1 = await call("GET", "/admin/support-threads?pageSize=1&page=1", admin);
    const page2 = await call("GET", "/admin/support-threads?pageSize=1&page=2", admin);
    expect(page1.json().supportThreads).toHaveLength(1);
    expect(page2.json().supportThreads).toHaveLength(1);
    expect(page1.json().total).toBeGreaterThanOrEqual(2);
    expect(page1.json().supportThreads[0].updatedAt <= page2.json().supportThreads[0].updatedAt).toBe(true);
    expect((await call("GET", "/admin/support-threads?pageSize=500", admin)).statusCode).toBe(400);
  });

  it("keeps the message when its mail cannot be sent, and says so with mailed: false", async () => {
    const mailer = t.app.deps.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error("mail server down");
    };
    try {
      const res = await call("POST", "/support/threads", user, {
        subject: "Mail is down",
        body: "Still saved?",
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ mailed: false, thread: { status: "open", messageCount: 1 } });
      const saved = await call("GET", `/support/threads/${res.json().thread.id}`, user);
      expect(saved.json().messages[0].body).toBe("Still saved?");
    } finally {
      mailer.send = send;
    }
  });

  it("refuses every admin support call to a non-admin, changing nothing", async () => {
    const { thread } = await open("Admins only", "Please help.");
    const id = thread.id;
    const refusals = [
      await call("GET", "/admin/support-threads", user),
      await call("GET", `/admin/support-threads/${id}`, user),
      await call("POST", `/admin/support-threads/${id}/messages`, user, { body: "I am support now" }),
      await call("POST", `/admin/support-threads/${id}/clear`, user),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("forbidden");
    }
    const [row] = await t.db.select().from(supportThreads).where(eq(supportThreads.id, id));
    expect(row?.status).toBe("open");
    const stored = await t.db.select().from(supportMessages).where(eq(supportMessages.thread_id, id));
    expect(stored).toHaveLength(1);
  });
});
