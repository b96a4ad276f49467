import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";

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
