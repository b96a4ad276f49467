import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { AD_IMAGE_RULES, SITE_IMAGE_MAX_BYTES } from "@market/domain";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteImages } from "../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { makeAdmin, makeResource, makeUser } from "../test/factories.ts";
import { multipart } from "../test/multipart.ts";

/** A real JPEG of about `bytes` bytes: noise does not compress, so its size follows its pixel count. */
async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

/** A valid PNG followed by zero bytes up to `total`: decoders stop at its end and never see the padding. */
async function paddedPng(total: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 800, height: 900, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
  return Buffer.concat([png, Buffer.alloc(total - png.length)]);
}

describe("uploads: every route measures the whole file", () => {
  let t: TestApp;
  let admin: { authorization: string };
  let creator: { authorization: string };
  let resourceId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const creatorRow = await makeUser(t.db);
    creator = await t.authHeader(creatorRow.username);
    admin = await t.authHeader((await makeAdmin(t.db)).username);
    resourceId = (await makeResource(t.db, { users_id: creatorRow.id, status: "inactive" })).id;
  });
  afterAll(() => t.close());

  const upload = (
    method: "POST" | "PUT",
    url: string,
    headers: object,
    data: Buffer,
    name = "a.jpg",
    fields: Record<string, string> = {},
  ) => {
    const body = multipart(fields, { name, data, type: "image/jpeg" });
    return t.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it("refuses a valid JPEG over the ad image limit with the spec's size message, not as 'not an image'", async () => {
    const ad = await t.app.inject({
      method: "POST",
      url: "/api/advertisements",
      headers: creator,
      payload: { ad_type: "1", title: "Reading buddies" },
    });
    const jpeg = await noisyJpeg(1300, 1000);
    expect(jpeg.length).toBeGreaterThan(AD_IMAGE_RULES.maxBytes);
    expect(jpeg.length).toBeLessThan(2 * AD_IMAGE_RULES.maxBytes);
    for (const path of ["image", "business-image"]) {
      const res = await upload("PUT", `/api/advertisements/${ad.json().id}/${path}`, creator, jpeg);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        error: "too_large",
        message: "The file you selected exceeds maximum file size requirements.",
      });
    }
    // A PNG padded past the limit after its pixel data is as large as its bytes, though it decodes.
    const padded = await paddedPng(5_000_000);
    const res = await upload("PUT", `/api/advertisements/${ad.json().id}/image`, creator, padded, "a.png");
    expect(res.statusCode).toBe(413);
    const stored = await t.app.inject({
      method: "GET",
      url: `/api/advertisements/${ad.json().id}`,
      headers: creator,
    });
    expect(stored.json().image_url).toBeNull();
  });

  it("takes a 1.9 MB JPEG as a site image (5 MB allowed) and refuses one byte over 5 MB with its own message", async () => {
    const jpeg = await noisyJpeg(1350, 1000);
    expect(jpeg.length).toBeGreaterThan(1_500_000);
    await t.db
      .insert(siteImages)
      .values({ key: "welcome", title: "Welcome", image_field_names: ["banner"] })
      .onConflictDoNothing();
    const url = "/api/admin/site-images/welcome/variations";
    const ok = await upload("POST", url, admin, jpeg, "a.jpg", { alt: "Teachers at work" });
    expect(ok.statusCode).toBe(201);
    const over = await upload("POST", url, admin, await paddedPng(SITE_IMAGE_MAX_BYTES + 1), "a.png", {
      alt: "Too large",
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ error: "too_large", message: "Site images may be at most 5 MB" });
  });

  it("refuses a padded preview past 1,000,000 bytes with the preview's message and keeps nothing", async () => {
    const res = await upload(
      "POST",
      `/api/resources/${resourceId}/previews`,
      creator,
      await paddedPng(1_000_001),
      "a.png",
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("A preview image may be at most 1,000,000 bytes");
    const previews = await t.db.execute(
      sql`select count(*)::int as n from resource_previews where resource_id = ${resourceId}`,
    );
    expect(previews.rows[0]).toEqual({ n: 0 });
  });
});

/**
 * A refused upload must not leave the rest of its body on the connection: a browser (or a proxy) sends
 * its next request on the same keep-alive socket and would wait for an answer that never comes.
 */
describe("a refused upload on a keep-alive connection", () => {
  let t: TestApp;
  let port: number;
  let creator: { authorization: string };
  let resourceId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
    const creatorRow = await makeUser(t.db);
    resourceId = (await makeResource(t.db, { users_id: creatorRow.id, status: "inactive" })).id;
    creator = await t.authHeader(creatorRow.username);
    const admin = await t.authHeader((await makeAdmin(t.db)).username);
    await t.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: admin,
      payload: { maxCombinedFileSize: 1 },
    });
  });
  afterAll(() => t.close());

  const httpRequest = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\n${Object.entries({
          ...(body ? { "content-length": String(body.length) } : {}),
          ...headers,
        })
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join("")}\r\n`,
      ),
      body ?? Buffer.alloc(0),
    ]);

  /**
   * Writes each request on one socket after the answer to the one before, and returns the answers'
   * heads, with "closed" where the server closed the connection instead of answering.
   */
  async function onOneConnection(requests: Buffer[]): Promise<string[]> {
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let received = "";
    let closed = false;
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
    });
    const heads = () => received.match(/HTTP\/1\.1 \d{3}[^\r]*(\r\n[^\r]+)*/g) ?? [];
    const answers: string[] = [];
    try {
      for (const request of requests) {
        const before = heads().length;
        if (!closed) socket.write(request);
        await waitFor(() => heads().length > before || closed);
        answers.push(heads()[before] ?? "closed");
      }
    } finally {
      socket.destroy();
    }
    return answers;
  }

  const health = () => httpRequest("GET", "/api/health", {});

  it("answers the next request after a preview over 1,000,000 bytes", async () => {
    const big = multipart({}, { name: "big.png", type: "image/png", data: Buffer.alloc(1_500_000, 7) });
    const answers = await onOneConnection([
      httpRequest(
        "POST",
        `/api/resources/${resourceId}/previews`,
        { ...creator, ...big.headers },
        big.payload,
      ),
      health(),
    ]);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 413/);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 200/);
  });

  it("answers the next request after files over the combined size", async () => {
    const big = multipart({}, { name: "big.pdf", type: "application/pdf", data: Buffer.alloc(3_000_000, 1) });
    const answers = await onOneConnection([
      httpRequest("POST", `/api/resources/${resourceId}/files`, { ...creator, ...big.headers }, big.payload),
      health(),
    ]);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 413/);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 200/);
  });

  it("closes the connection after refusing a body declared far larger than is worth reading", async () => {
    const head = multipart(
      {},
      { name: "huge.pdf", type: "application/pdf", data: Buffer.alloc(2_000_000, 1) },
    );
    // The declared length promises 200 MB; only the first 2 MB are ever sent.
    const request = httpRequest(
      "POST",
      `/api/resources/${resourceId}/files`,
      { ...creator, ...head.headers, "content-length": String(200_000_000) },
      head.payload,
    );
    const answers = await onOneConnection([request, health()]);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 413/);
    expect(answers[0]).toMatch(/\r\nconnection: close/i);
    expect(answers[1]).toBe("closed");
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("no answer on the connection");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
