import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variantKey } from "../../platform/image-variants.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPremiumFile, makeResource, makeUser } from "../../test/factories.ts";

describe("public files: whole, or a byte range for video players", () => {
  let t: TestApp;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.deps.storage.put("help/clip.mp4", bytes);
  });
  afterAll(() => t.close());

  const get = (range?: string) =>
    t.app.inject({ method: "GET", url: "/api/files/help/clip.mp4", headers: range ? { range } : {} });

  it("sends the whole file and says ranges are accepted", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers["content-type"]).toBe("video/mp4");
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it("sends 206 with exactly the asked bytes, from an offset to the end, or the last n", async () => {
    const middle = await get("bytes=100-199");
    expect(middle.statusCode).toBe(206);
    expect(middle.headers["content-range"]).toBe("bytes 100-199/1000");
    expect(middle.headers["content-length"]).toBe("100");
    expect(middle.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await get("bytes=-10");
    expect(tail.headers["content-range"]).toBe("bytes 990-999/1000");
    expect(tail.rawPayload.equals(bytes.subarray(990))).toBe(true);
    const rest = await get("bytes=995-");
    expect(rest.rawPayload.equals(bytes.subarray(995))).toBe(true);
  });

  it("answers 416 for a range past the end, and 404 for no such file", async () => {
    const past = await get("bytes=1000-");
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe("bytes */1000");
    expect((await t.app.inject({ method: "GET", url: "/api/files/help/none.mp4" })).statusCode).toBe(404);
  });
});

describe("public pictures at the widths they are shown", () => {
  let t: TestApp;
  /** A stored preview as the server keeps them: WebP, 1,000 pixels wide. */
  let preview: Buffer;

  beforeAll(async () => {
    t = await buildTestApp();
    preview = await sharp({ create: { width: 1000, height: 1294, channels: 3, background: "#3a7" } })
      .webp()
      .toBuffer();
    await t.app.deps.storage.put("previews/r1/cover.webp", preview);
    await t.app.deps.storage.put("previews/r1/page-2.webp", preview);
    await t.app.deps.storage.put("help/clip.mp4", Buffer.from("not a picture"));
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("serves an allowed width as WebP of that width, cached for good like the original", async () => {
    for (const width of [160, 320, 640]) {
      const res = await get(`/api/files/previews/r1/cover.webp?w=${width}`);
      expect(res.statusCode, String(width)).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: Math.round((1294 * width) / 1000) });
      expect(res.rawPayload.length).toBeLessThan(preview.length);
    }
  });

  it("never enlarges: a width past the original's gives the original's size", async () => {
    const res = await get("/api/files/previews/r1/cover.webp?w=1280");
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1000);
  });

  it("refuses widths outside the fixed list, and widths of what is not a picture", async () => {
    for (const w of ["300", "0", "-320", "320.5", "abc", "100000"]) {
      const res = await get(`/api/files/previews/r1/cover.webp?w=${w}`);
      expect(res.statusCode, w).toBe(400);
      expect(res.json().error).toBe("validation_failed");
    }
    expect((await get("/api/files/help/clip.mp4?w=320")).statusCode).toBe(400);
  });

  it("answers 404 for a missing picture at any width, and never serves the copies' folder by name", async () => {
    expect((await get("/api/files/previews/r1/none.webp?w=320")).statusCode).toBe(404);
    await get("/api/files/previews/r1/cover.webp?w=320");
    expect((await get(`/api/files/${variantKey("previews/r1/cover.webp", 320)}`)).statusCode).toBe(400);
  });

  it("keeps each copy in storage and serves it from there on later requests", async () => {
    const first = await get("/api/files/previews/r1/page-2.webp?w=480");
    expect(first.statusCode).toBe(200);
    const kept = await t.app.deps.storage.read(variantKey("previews/r1/page-2.webp", 480));
    expect(kept?.size).toBe(first.rawPayload.length);
    kept?.stream.destroy();
    // Replace the kept copy: what is served next is what storage holds, not a new encoding.
    const marker = await sharp({ create: { width: 480, height: 10, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    await t.app.deps.storage.put(variantKey("previews/r1/page-2.webp", 480), marker);
    const second = await get("/api/files/previews/r1/page-2.webp?w=480");
    expect(second.rawPayload.equals(marker)).toBe(true);
  });

  it("makes one copy for a burst of first requests, and every one of them gets it whole", async () => {
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => get("/api/files/previews/r1/page-2.webp?w=960")),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(burst.map((r) => r.rawPayload.toString("base64"))).size).toBe(1);
    expect((await sharp(burst[0]!.rawPayload).metadata()).width).toBe(960);
  });

  it("stops serving the copies once the original is deleted", async () => {
    await t.app.deps.storage.put("previews/r1/gone.webp", preview);
    expect((await get("/api/files/previews/r1/gone.webp?w=320")).statusCode).toBe(200);
    await t.app.deps.storage.delete("previews/r1/gone.webp");
    expect((await get("/api/files/previews/r1/gone.webp?w=320")).statusCode).toBe(404);
  });
});

describe("a resource's files are never publicly cached", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("keeps premium files out of /api/files and sends downloads as private, no-store", async () => {
    const creator = await makeUser(t.db);
    const resource = await makeResource(t.db, { users_id: creator.id, price: 500 });
    const key = `resource-files/${resource.id}/full.pdf`;
    const file = await addPremiumFile(t.db, t.app.deps.storage, resource.id, key);

    for (const url of [`/api/files/${key}`, `/api/files/${key}?w=320`]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(400);
    }
    const download = `/api/resources/${resource.id}/files/${file.id}/download`;
    const visitor = await t.app.inject({ method: "GET", url: download });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers["cache-control"] ?? "").not.toContain("public");
    const own = await t.app.inject({ method: "GET", url: download, headers: await t.tokenFor(creator.id) });
    expect(own.statusCode).toBe(200);
    expect(own.headers["cache-control"]).toBe("private, no-store");
  });
});
