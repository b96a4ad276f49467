import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { messages, resources, siteImages, siteImageVariations, users } from "../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { makeAdmin, makeResource, makeUser } from "../test/factories.ts";
import { multipart } from "../test/multipart.ts";
import { hasNul, nulPath } from "./input-guards.ts";

type Headers = { authorization: string };

/**
 * Bad input never earns a 5xx (the outside probe's findings): a NUL character anywhere in the query, the
 * path or a JSON body, a malformed multipart body and a non-UUID id are each refused with a 4xx and a
 * clear message by one global mechanism, not route by route. api-fuzz.test.ts sweeps every route.
 */
describe("input guards", () => {
  let t: TestApp;
  let admin: Headers;
  let creator: Headers;
  let creatorId: string;
  let recipient: string;
  let draftId: string;
  let address = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.authHeader((await makeAdmin(t.db)).username);
    const maker = await makeUser(t.db);
    creatorId = maker.id;
    creator = await t.authHeader(maker.username);
    recipient = (await makeUser(t.db)).username;
    draftId = (
      await makeResource(t.db, {
        users_id: maker.id,
        status: "inactive",
        approval_status: "creating",
        upload_status: 0,
      })
    ).id;
    await t.db.insert(siteImages).values({ key: "welcome", title: "Welcome", image_field_names: ["banner"] });
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, options: { headers?: object; payload?: unknown } = {}) =>
    t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: options.headers as Record<string, string>,
      payload: options.payload as string,
      remoteAddress: `10.77.0.${++address}`,
    });

  describe("a NUL character (U+0000)", () => {
    it("in the search query is a 400 naming the field, not a database error", async () => {
      const res = await call("GET", "/resources?q=%00");
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "validation_failed", fields: { q: "nul_character" } });
      expect(res.json().message).toMatch(/NUL/);
    });

    it("in a sign-up's username is a 400 and creates no account", async () => {
      const res = await call("POST", "/auth/sign-up", {
        payload: {
          email: "nul.probe@school.test",
          firstName: "Nul",
          lastName: "Probe",
          username: "nul\u0000probe",
          password: "engines1843",
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: "validation_failed",
        fields: { username: "nul_character" },
      });
      expect(await t.db.select().from(users).where(eq(users.email, "nul.probe@school.test"))).toHaveLength(0);
    });

    it.each([
      ["POST", "/auth/token", { username: "nul\u0000probe", password: "engines1843" }],
      ["POST", "/auth/token/email-login-link", { username: "nul\u0000probe" }],
    ])("in the username of %s %s is a 400", async (method, url, payload) => {
      const res = await call(method, url, { payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { username: "nul_character" } });
    });

    it("in the username availability check is a 400", async () => {
      const res = await call("GET", "/auth/username-validation?username=a%00b");
      expect(res.statusCode).toBe(400);
    });

    it("in a message's body is a 400 and stores nothing", async () => {
      const res = await call("POST", "/messages", {
        headers: creator,
        payload: { recipient, body: "Hello\u0000there, a question about your unit" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "validation_failed", fields: { body: "nul_character" } });
      expect(await t.db.select().from(messages).where(eq(messages.sender_id, creatorId))).toHaveLength(0);
    });

    it("deep in a JSON body is named by its path", async () => {
      const res = await call("PATCH", `/resources/${draftId}`, {
        headers: creator,
        payload: { title: "Fine", keywords: ["ok", "bad\u0000"] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { "keywords.1": "nul_character" } });
      const [row] = await t.db.select().from(resources).where(eq(resources.id, draftId));
      expect(row!.title).not.toBe("Fine");
    });

    it("in a JSON body's key is refused too", async () => {
      const res = await call("PATCH", `/resources/${draftId}`, {
        headers: creator,
        payload: { "ti\u0000tle": "x" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "validation_failed" });
    });

    it("in a path parameter is a 400", async () => {
      const res = await call("GET", "/resources/a%00b");
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { id: "nul_character" } });
    });

    it("in a multipart text field is a 400 naming the field, before the image is stored", async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer();
      const form = multipart(
        { alt: "a\u0000b", current: "false" },
        { name: "x.png", type: "image/png", data: png },
      );
      const before = await t.db.select().from(siteImageVariations);
      const res = await call("POST", "/admin/site-images/welcome/variations", {
        headers: { ...admin, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "validation_failed", fields: { alt: "nul_character" } });
      expect(await t.db.select().from(siteImageVariations)).toHaveLength(before.length);
      expect(await readdir(join(t.config.dataDir, "files")).catch(() => [])).not.toContain("site-images");
    });
  });

  describe("a malformed multipart body on an upload route", () => {
    it("that is truncated is a 400", async () => {
      const form = multipart(
        { orderIndex: "0" },
        { name: "a.png", type: "image/png", data: Buffer.alloc(2000) },
      );
      const res = await call("POST", `/resources/${draftId}/previews`, {
        headers: { ...creator, ...form.headers },
        payload: form.payload.subarray(0, form.payload.length - 1200),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "bad_request" });
      expect(res.json().message).toMatch(/multipart/i);
    });

    it("without a boundary is a 400", async () => {
      const res = await call("POST", `/resources/${draftId}/previews`, {
        headers: { ...creator, "content-type": "multipart/form-data" },
        payload: '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "bad_request" });
      expect(res.json().message).toMatch(/boundary/i);
    });

    it("with more parts than the route allows is a 413", async () => {
      const fields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, "x"]));
      const form = multipart(fields);
      const res = await call("POST", `/resources/${draftId}/previews`, {
        headers: { ...creator, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: "payload_too_large" });
    });
  });

  describe("a non-UUID id", () => {
    it.each([
      ["POST", "/admin/advertisements/not-a-uuid/approve", undefined],
      ["POST", "/admin/advertisements/not-a-uuid/reject", { comment: "Please fix the title" }],
      ["POST", "/admin/advertisements/not-a-uuid/clear", undefined],
      ["PATCH", "/advertisements/not-a-uuid/is_free_user_only", { is_free_user_only: true }],
    ])("%s %s is a 400 naming the id", async (method, url, payload) => {
      const res = await call(method, url, { headers: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "validation_failed", fields: { id: "invalid_format" } });
    });

    it("that reaches the database anyway is a 404, logged at warn level as a hole a schema could close", async () => {
      const lines: Record<string, unknown>[] = [];
      const stream = new PassThrough();
      stream.on("data", (chunk: Buffer) => {
        for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      });
      const logged = await buildApp(
        { ...t.app.deps, config: { ...t.config, logLevel: "warn" } },
        { logStream: stream },
      );
      // A route whose schema forgot that its id is a UUID: the database's refusal is the backstop.
      logged.get("/probe/:id", { config: { access: "public" } }, async (request) => {
        const { id } = request.params as { id: string };
        return (await t.db.execute(sql`select ${id}::uuid as id`)).rows;
      });
      try {
        const res = await logged.inject({ method: "GET", url: "/probe/not-a-uuid" });
        expect(res.statusCode).toBe(404);
        await new Promise((resolve) => setImmediate(resolve));
        const refusal = lines.find((l) => l.msg === "the database refused a value from the request");
        expect(refusal).toMatchObject({ level: 40, sqlState: "22P02" });
        expect(lines.filter((l) => l.level === 50)).toEqual([]);
      } finally {
        await logged.close();
      }
    });
  });

  describe("a body that is not what the route reads", () => {
    it("invalid JSON is a 400", async () => {
      const res = await call("POST", "/messages", {
        headers: { ...creator, "content-type": "application/json" },
        payload: '{"recipient": ',
      });
      expect(res.statusCode).toBe(400);
    });

    it("an unknown content type is a 415", async () => {
      const res = await call("POST", "/messages", {
        headers: { ...creator, "content-type": "application/x-unknown" },
        payload: "hello",
      });
      expect(res.statusCode).toBe(415);
    });
  });
});

describe("hasNul and nulPath", () => {
  const nested = (depth: number, bottom: unknown) => {
    let value = bottom;
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };

  it("walk a value nested deeper than the call stack without throwing", () => {
    expect(hasNul(nested(200_000, "fine"))).toBe(false);
    expect(hasNul(nested(200_000, "bad\u0000"))).toBe(true);
    expect(nulPath({ deep: nested(200_000, "bad\u0000") }, "body")).toBe(`deep${".0".repeat(15)}`);
  });

  it("look at keys and strings, not at binary bodies", () => {
    expect(hasNul({ a: { "b\u0000": 1 } })).toBe(true);
    expect(hasNul({ file: Buffer.from([0, 1, 0]) })).toBe(false);
    expect(hasNul({ n: 0, b: false, nothing: null })).toBe(false);
  });

  it("name the first NUL by the dotted path the validation errors use", () => {
    expect(nulPath({ title: "ok", keywords: ["a", "b\u0000"], more: "c\u0000" }, "body")).toBe("keywords.1");
    expect(nulPath("x\u0000", "body")).toBe("body");
    expect(nulPath({ outer: { "k\u0000": 1 } }, "body")).toBe("outer");
  });
});
