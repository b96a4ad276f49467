import { existsSync } from "node:fs";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDist } from "../../../../scripts/web-build.mjs";
import { buildTestApp, type TestApp } from "../test/app.ts";

/** Text that compresses like a bundle does, and is over the 1 KB below which the build keeps no copy. */
const SCRIPT = Array.from({ length: 200 }, (_, i) => `export const value${i} = "lesson ${i}";`).join("\n");
const INDEX = `<!doctype html><title>Lesson Loft</title>${"<!-- reserved -->".repeat(80)}`;

describe("serving the built web app", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "market-dist-"));
    await mkdir(join(dist, "assets"));
    await writeFile(join(dist, "index.html"), INDEX);
    await writeFile(join(dist, "assets", "index-abc123.css"), "body{color:red}");
    await writeFile(join(dist, "assets", "index-def456.js"), SCRIPT);
    // What the build does after Vite: a brotli and a gzip copy beside each text file of 1 KB or more.
    precompressDist(dist);
    t = await buildTestApp({ webDist: dist });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  it("serves index.html for the home page and for deep links, to anybody", async () => {
    for (const url of ["/", "/resources/fractions-bingo/view", "/admin/users"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("Lesson Loft");
      // The document gets the app's own CSP and helmet's other headers (API answers get a shorter set).
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    }
  });

  it("has the build keep a brotli and a gzip copy of text files, not of tiny ones", () => {
    expect(existsSync(join(dist, "assets", "index-def456.js.br"))).toBe(true);
    expect(existsSync(join(dist, "assets", "index-def456.js.gz"))).toBe(true);
    expect(existsSync(join(dist, "index.html.br"))).toBe(true);
    expect(existsSync(join(dist, "assets", "index-abc123.css.br"))).toBe(false);
  });

  it("sends the build's compressed copy the browser takes, decoding to the file, with Vary", async () => {
    for (const url of ["/assets/index-def456.js", "/", "/resources/fractions-bingo"]) {
      const plain = await get(url);
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      expect(plain.headers.vary, url).toMatch(/accept-encoding/i);
      const br = await get(url, { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(br.headers["content-encoding"], url).toBe("br");
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(br.headers["content-type"], url).toBe(plain.headers["content-type"]);
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload), url).toBe(true);
      const gzip = await get(url, { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"], url).toBe("gzip");
      expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload), url).toBe(true);
    }
    expect((await get("/assets/index-def456.js")).body).toBe(SCRIPT);
    // A file without a copy (too small to gain) goes as it is to everybody.
    const css = await get("/assets/index-abc123.css", { "accept-encoding": "br" });
    expect(css.headers["content-encoding"]).toBeUndefined();
    expect(css.body).toBe("body{color:red}");
  });

  it("caches hashed assets for good and makes the document revalidate, compressed or not", async () => {
    const variants: Record<string, string>[] = [
      {},
      { "accept-encoding": "br" },
      { "accept-encoding": "gzip" },
    ];
    for (const headers of variants) {
      const asset = await get("/assets/index-def456.js", headers);
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["content-type"]).toContain("javascript");
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      for (const url of ["/", "/index.html", "/resources/fractions-bingo", "/profile/@ms_okafor"]) {
        const res = await get(url, headers);
        expect(res.headers["cache-control"], url).toBe("no-cache");
      }
    }
    const css = await get("/assets/index-abc123.css");
    expect(css.headers["content-type"]).toContain("text/css");
    expect(css.headers["cache-control"]).toContain("immutable");
  });

  it("does not serve the compressed copies by their own names", async () => {
    for (const url of ["/assets/index-def456.js.br", "/index.html.gz"]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it("still answers unknown API paths with JSON 404, not the web app", async () => {
    const res = await get("/api/nope");
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("not_found");
  });

  it("marks every route outside /api public", () => {
    const web = t.app.routeTable.filter((r) => !r.url.startsWith("/api"));
    expect(web.length).toBeGreaterThan(1);
    expect(web.every((r) => r.access === "public")).toBe(true);
  });
});
