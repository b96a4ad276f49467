import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { API_SECURITY_HEADERS } from "./security-headers.ts";

describe("HTTP baseline: security headers, errors, request ids", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ bodyLimitBytes: 2048 });
  });
  afterAll(() => t.close());

  it("sends API answers the short JSON set of security headers (OWASP REST), errors too", async () => {
    for (const url of ["/api/health", "/api/no-such-thing"]) {
      const res = await t.app.inject({ method: "GET", url });
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      }
      expect(String(res.headers["content-security-policy"])).toContain("default-src 'none'");
      expect(res.headers["x-request-id"]).toBeTruthy();
    }
  });

  it("keeps the full document set on public files, with their sandboxing CSP", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/files/previews/missing.png" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["strict-transport-security"]).toContain("max-age=");
  });

  it("passes a caller's request id through and makes one otherwise", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "lb-1234abcd" },
    });
    expect(res.headers["x-request-id"]).toBe("lb-1234abcd");
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "<script>" },
    });
    expect(bad.headers["x-request-id"]).not.toBe("<script>");
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "not_found" });
  });

  it("refuses a body over the limit with 413 and broken JSON with 400", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: "/api/auth/token",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "x".repeat(5000), password: "y" }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe("payload_too_large");
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/auth/token",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty("error");
  });

  it("serves the OpenAPI document generated from the contract", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain("/api/auth/token");
  });

  it("turns an unexpected failure into a 500 without details", async () => {
    await t.app.deps.database.close();
    const res = await t.app.inject({ method: "GET", url: "/api/resources" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "internal", message: "Something went wrong on our side" });
  });
});
