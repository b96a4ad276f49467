import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { makeUser, TEST_PASSWORD } from "../test/factories.ts";
import type { AppInstance } from "./app-types.ts";

describe("structured logs", () => {
  let t: TestApp;
  let app: AppInstance;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    });
    app = await buildApp(
      // No request here is "slow": a login's scrypt on a busy machine would otherwise be logged as one.
      { ...t.app.deps, config: { ...t.config, logLevel: "debug", slowRequestMs: 600_000 } },
      { logStream: stream },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it("log every request as JSON with its request id, and never a password or a token", async () => {
    const user = await makeUser(t.db);
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/token",
      headers: { "x-request-id": "trace-login-1" },
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    const token = login.json().accessToken as string;
    await app.inject({
      method: "GET",
      url: "/api/users/self",
      headers: { authorization: `Bearer ${token}`, "x-request-id": "trace-self-1" },
    });
    await app.inject({
      method: "POST",
      url: "/api/auth/token",
      payload: { username: "x", password: "Secret-Card-4242" },
    });

    const text = JSON.stringify(lines);
    expect(lines.some((l) => l.reqId === "trace-login-1" && l.msg === "request completed")).toBe(true);
    expect(lines.some((l) => l.reqId === "trace-self-1" && l.msg === "request completed")).toBe(true);
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain("Secret-Card-4242");
    expect(text).not.toContain(token);
  });
});

describe("request logs at the default level", () => {
  let t: TestApp;
  let app: AppInstance;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    });
    const config = { ...t.config, logLevel: "info", slowRequestMs: 50 };
    app = await buildApp({ ...t.app.deps, config }, { logStream: stream });
    // A route that takes its time on purpose, as a slow query would.
    app.get("/api/test-slow", { config: { access: "public" } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  /** The log line of a request, once written (the response hook runs as the answer is finished). */
  async function lineOf(reqId: string) {
    for (let i = 0; i < 1000; i++) {
      const line = lines.find((l) => l.reqId === reqId);
      if (line) return line;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return undefined;
  }

  it("say nothing of a quick answer, and name a slow one with its time", async () => {
    const quick = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "quick-request-1" },
    });
    expect(quick.statusCode).toBe(200);
    const slow = await app.inject({
      method: "GET",
      url: "/api/test-slow",
      headers: { "x-request-id": "slow-request-1" },
    });
    expect(slow.statusCode).toBe(200);
    const line = await lineOf("slow-request-1");
    expect(line).toMatchObject({ msg: "slow request", res: { statusCode: 200 }, level: 40 });
    expect(line?.responseTime).toBeGreaterThanOrEqual(50);
    // The quick one was answered first, so its line would have been written before the slow one's.
    expect(lines.some((l) => l.reqId === "quick-request-1")).toBe(false);
  });
});
