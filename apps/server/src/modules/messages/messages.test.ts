import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser } from "../../test/factories.ts";

type Headers = { authorization: string };

/** Spec 2: /profile/@{username}/message; spec 6: message needs the messages permission. */
describe("messages between users", () => {
  let t: TestApp;
  let creator: { id: string; username: string; email: string };
  let creatorAuth: Headers;
  let sender: { id: string; username: string };
  let senderAuth: Headers;
  let bystanderAuth: Headers;

  beforeAll(async () => {
    t = await buildTestApp();
    creator = await makeUser(t.db, { first_name: "Rosa" });
    creatorAuth = await t.authHeader(creator.username);
    sender = await makeUser(t.db, { first_name: "Omar" });
    senderAuth = await t.authHeader(sender.username);
    bystanderAuth = await t.authHeader((await makeUser(t.db)).username);
    const admin = await t.authHeader((await makeAdmin(t.db)).username);
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: admin,
      payload: { restrictedWords: [{ pattern: "darn", replacement: "gosh" }] },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: object, payload?: object) =>
    t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: headers as Record<string, string>,
      payload,
    });
  const send = (as: Headers, body: string, recipient = creator.username) =>
    call("POST", "/messages", as, { recipient, body });

  it("stores the message with restricted words replaced and e-mails the creator a link to the inbox", async () => {
    const before = (await t.sentMail()).length;
    const res = await send(senderAuth, "Darn, your fractions unit is great. Any darn sequel?");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      mailed: true,
      message: {
        body: "Gosh, your fractions unit is great. Any gosh sequel?",
        recipient: { username: creator.username },
      },
    });
    const mail = (await t.sentMail()).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain(`To: ${creator.email}`);
    expect(mail[0]).toContain("> Gosh, your fractions unit is great.");
    expect(mail[0]).toContain(`/profile/@${creator.username}/messages`);
  });

  it("accepts the profile handle with its @, whatever its case", async () => {
    const res = await send(senderAuth, "Second note", `@${creator.username.toUpperCase()}`);
    expect(res.statusCode).toBe(201);
  });

  it("shows the creator's inbox, newest first, with the unread count; marking read is the creator's alone", async () => {
    const inbox = await call("GET", "/messages/inbox", creatorAuth);
    expect(inbox.statusCode).toBe(200);
    const body = inbox.json();
    expect(body.total).toBe(2);
    expect(body.unread).toBe(2);
    expect(body.messages[0]).toMatchObject({
      body: "Second note",
      readAt: null,
      sender: { username: sender.username, first_name: "Omar" },
      senderBlocked: false,
    });
    expect(body.messages[0]).not.toHaveProperty("sender.email");

    const id = body.messages[0].id;
    expect((await call("PUT", `/messages/${id}/read`, senderAuth)).statusCode).toBe(404);
    expect((await call("PUT", `/messages/${id}/read`, bystanderAuth)).statusCode).toBe(404);
    const read = await call("PUT", `/messages/${id}/read`, creatorAuth);
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).toEqual(expect.any(String));
    expect((await call("GET", "/messages/inbox", creatorAuth)).json().unread).toBe(1);
  });

  it("nobody reads another's inbox: each inbox holds only its owner's messages", async () => {
    const theirs = await call("GET", "/messages/inbox", bystanderAuth);
    expect(theirs.json()).toEqual({ messages: [], total: 0, unread: 0 });
    const senders = await call("GET", "/messages/inbox", senderAuth);
    expect(senders.json().total).toBe(0);
    expect((await call("GET", "/messages/inbox", {})).statusCode).toBe(401);
  });

  it("refuses messages to oneself, to unknown or deactivated accounts, and bad bodies, storing nothing", async () => {
    const count = async () => (await t.db.select().from(messages)).length;
    const before = await count();
    const self = await send(creatorAuth, "Hi me", creator.username);
    expect(self.statusCode).toBe(400);
    expect(self.json().fields).toEqual({ recipient: "self" });
    expect((await send(senderAuth, "Hello?", "nobody_here")).statusCode).toBe(404);
    const gone = await makeUser(t.db, { is_deactivated: true });
    expect((await send(senderAuth, "Hello?", gone.username)).statusCode).toBe(404);
    expect((await send(senderAuth, "   ")).statusCode).toBe(400);
    expect((await send(senderAuth, "x".repeat(2001))).statusCode).toBe(400);
    expect((await call("POST", "/messages", senderAuth, { recipient: creator.username })).statusCode).toBe(
      400,
    );
    expect(await count()).toBe(before);
  });

  it("refuses a sender without the messages permission", async () => {
    const muted = await makeUser(t.db, { perm_messages: false });
    const res = await send(await t.authHeader(muted.username), "Let me in");
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("missing_permission");
  });

  it("a blocked sender's messages are refused; unblocking lets them through again", async () => {
    const block = await call("PUT", `/users/self/blocks/${sender.id}`, creatorAuth);
    expect(block.statusCode).toBe(200);
    expect(block.json()).toEqual({ userId: sender.id, blocked: true });
    // Blocking twice is harmless.
    expect((await call("PUT", `/users/self/blocks/${sender.id}`, creatorAuth)).statusCode).toBe(200);
    const list = await call("GET", "/users/self/blocks", creatorAuth);
    expect(list.json().blocked.map((u: { id: string }) => u.id)).toEqual([sender.id]);

    const before = (await t.sentMail()).length;
    const refused = await send(senderAuth, "Please read this");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("forbidden");
    const stored = await t.db.select().from(messages).where(eq(messages.body, "Please read this"));
    expect(stored).toHaveLength(0);
    expect((await t.sentMail()).length).toBe(before);
    const inbox = (await call("GET", "/messages/inbox", creatorAuth)).json();
    expect(inbox.messages.every((m: { senderBlocked: boolean }) => m.senderBlocked)).toBe(true);

    // Blocking is one way: the blocked sender's own list is empty and the creator may still write to them.
    expect((await call("GET", "/users/self/blocks", senderAuth)).json().blocked).toEqual([]);
    expect((await send(creatorAuth, "I can still write", sender.username)).statusCode).toBe(201);

    const unblock = await call("DELETE", `/users/self/blocks/${sender.id}`, creatorAuth);
    expect(unblock.json()).toEqual({ userId: sender.id, blocked: false });
    expect((await send(senderAuth, "Thanks for unblocking")).statusCode).toBe(201);
  });

  it("refuses to block oneself or an unknown user", async () => {
    const self = await call("PUT", `/users/self/blocks/${creator.id}`, creatorAuth);
    expect(self.statusCode).toBe(400);
    expect(
      (await call("PUT", "/users/self/blocks/00000000-0000-4000-8000-000000000000", creatorAuth)).statusCode,
    ).toBe(404);
    expect((await call("PUT", "/users/self/blocks/not-a-uuid", creatorAuth)).statusCode).toBe(400);
  });

  it("limits messages to 20 an hour per user (DECISIONS.md), with earliestRetry", async () => {
    const chatty = await makeUser(t.db);
    const auth = await t.authHeader(chatty.username);
    for (let i = 0; i < 20; i += 1) {
      expect((await send(auth, `Message ${i}`)).statusCode).toBe(201);
    }
    const limited = await send(auth, "One too many");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "rate_limited", isLocked: true });
    expect(limited.json().earliestRetry).toEqual(expect.any(String));
    const stored = await t.db.select().from(messages).where(eq(messages.sender_id, chatty.id));
    expect(stored).toHaveLength(20);
  });
});
