import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/app.ts";

describe("serving the built web app", () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), "market-dist-"));
    await mkdir(join(dist, "assets"));
    await writeFile(join(dist, "index.html"), "<!doctype html><title>Lesson Loft</title>");
    await writeFile(join(dist, "assets", "index-abc123.css"), "body{color:red}");
    t = await buildTestApp({ webDist: dist });
  });
  afterAll(() => t.close());

  it("serves index.html for the home page and for deep links, to anybody", async () => {
    for (const url of ["/", "/resources/fractions-bingo/view", "/admin/users"]) {
      const res = await t.app.inject({ method: "GET", url });
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

  it("serves hashed assets publicly with their type and a long cache life", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/index-abc123.css" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/css");
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("still answers unknown API paths with JSON 404, not the web app", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("not_found");
  });

  it("marks every route outside /api public", () => {
    const web = t.app.routeTable.filter((r) => !r.url.startsWith("/api"));
    expect(web.length).toBeGreaterThan(1);
    expect(web.every((r) => r.access === "public")).toBe(true);
  });
});
