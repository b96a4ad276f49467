import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppInstance, buildApp } from "../app.ts";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { makeUser, TEST_PASSWORD } from "../test/factories.ts";

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
    app = await buildApp({ ...t.app.deps, config: { ...t.config, logLevel: "info" } }, { logStream: stream });
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
    expect(lines.some((l) => l.reqId === "trace-login-1" && l.msg === "incoming request")).toBe(true);
    expect(lines.some((l) => l.reqId === "trace-self-1" && l.msg === "request completed")).toBe(true);
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain("Secret-Card-4242");
    expect(text).not.toContain(token);
  });
});
