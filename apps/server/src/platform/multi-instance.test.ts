import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppInstance } from "../app.ts";
import { buildSecondInstance, buildTestApp, type TestApp } from "../test/app.ts";
import { makeAdmin, makeResource, makeUser } from "../test/factories.ts";

/**
 * App servers keep no state of their own that matters: two instances on one PostgreSQL database
 * see each other's writes at once (settings, tokens, data). PostgreSQL only; PGlite is one process.
 */
describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("two server instances on one database", () => {
  let first: TestApp;
  let second: AppInstance;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    first = await buildTestApp();
    ({ app: second, close: closeSecond } = await buildSecondInstance(first));
  });
  afterAll(async () => {
    await closeSecond();
    await first.close();
  });

  it("serves a settings change made through one instance from the other", async () => {
    const admin = await first.authHeader((await makeAdmin(first.db)).username);
    const res = await first.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: admin,
      payload: { idleTimeoutSeconds: 900 },
    });
    expect(res.statusCode).toBe(200);
    const seen = await second.inject({ method: "GET", url: "/api/site-settings/front-end-idle-timeout" });
    expect(seen.json()).toEqual({ idleTimeoutSeconds: 900 });
  });

  it("accepts a token issued by one instance on the other, and lists the same resources", async () => {
    const user = await makeUser(first.db);
    await makeResource(first.db, { users_id: user.id, name: "shared-resource" });
    const auth = await first.authHeader(user.username);
    const self = await second.inject({ method: "GET", url: "/api/users/self", headers: auth });
    expect(self.json().id).toBe(user.id);
    const a = await first.app.inject({ method: "GET", url: "/api/resources" });
    const b = await second.inject({ method: "GET", url: "/api/resources" });
    expect(b.json()).toEqual(a.json());
    expect(b.json().resources.map((r: { name: string }) => r.name)).toContain("shared-resource");
  });
});
