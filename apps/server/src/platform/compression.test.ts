import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { makeResource, makeUser } from "../test/factories.ts";
import { COMPRESS_MIN_BYTES, compressionCount } from "./compression.ts";

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;

/** A grid of eight cards with long titles: well over the 1 KB below which answers go as they are. */
async function seedGrid(t: TestApp) {
  const creator = await makeUser(t.db);
  for (let i = 0; i < 8; i++) {
    await makeResource(t.db, { users_id: creator.id, title: `Fractions, decimals and percents, part ${i}` });
  }
}

describe("compressed API answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedGrid(t);
  });
  afterAll(() => t.close());

  const grid = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: "/api/resources?pageSize=24", headers });

  it("sends brotli or gzip as the client accepts, decoding to the very same JSON, with Vary", async () => {
    const plain = await grid();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["br;q=0.5, gzip", "gzip"],
      ["gzip", "gzip"],
    ] as const) {
      const res = await grid({ "accept-encoding": accept });
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decode(encoding, res.rawPayload).equals(plain.rawPayload), accept).toBe(true);
    }
  });

  it("sends the body as it is when the client takes neither, or when it is small", async () => {
    for (const accept of ["identity", "deflate", "br;q=0, gzip;q=0"]) {
      const res = await grid({ "accept-encoding": accept });
      expect(res.headers["content-encoding"], accept).toBeUndefined();
      expect(res.json().resources).toHaveLength(8);
    }
    const small = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "accept-encoding": "br" },
    });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});

describe("compression of the visitors' micro-cache", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ visitorCacheMs: 60_000 });
    await seedGrid(t);
  });
  afterAll(() => t.close());

  it("compresses a kept answer once per encoding, however many visitors it is sent to", async () => {
    const url = "/api/resources?pageSize=24&sort=newest";
    const plain = await t.app.inject({ method: "GET", url });
    expect(plain.statusCode).toBe(200);
    const before = { ...compressionCount };
    const brs = [];
    for (let i = 0; i < 5; i++) {
      brs.push(await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } }));
    }
    const gzips = [];
    for (let i = 0; i < 3; i++) {
      gzips.push(await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } }));
    }
    expect(compressionCount.br - before.br).toBe(1);
    expect(compressionCount.gzip - before.gzip).toBe(1);
    for (const res of [...brs, ...gzips]) {
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const encoding = res.headers["content-encoding"] as string;
      expect(decode(encoding, res.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    // Visitors without Accept-Encoding still get the plain JSON from the same entry.
    const again = await t.app.inject({ method: "GET", url });
    expect(again.headers["content-encoding"]).toBeUndefined();
    expect(again.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it("sends the first visitor of an entry the compressed form too, made once for the entry", async () => {
    const url = "/api/resources?pageSize=24&sort=price-asc";
    const before = compressionCount.br;
    const first = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
    const second = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(compressionCount.br - before).toBe(1);
  });
});
