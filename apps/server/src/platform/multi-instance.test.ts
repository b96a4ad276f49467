import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSecondInstance, buildTestApp, type TestApp } from "../test/app.ts";
import { makeAdmin, makeResource, makeUser } from "../test/factories.ts";
import type { AppInstance } from "./app-types.ts";
import { changeNoticesOf } from "./change-notices.ts";

/** Polls `check` until it holds, and says how long that took; fails past `withinMs`. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * App servers keep nothing of their own that matters for long: two instances on one PostgreSQL
 * database, each with its caches on as in production, see each other's changes within a second through
 * the database's notices. PostgreSQL only; PGlite is one process.
 */
describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("two server instances on one database", () => {
  let first: TestApp;
  let second: AppInstance;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    first = await buildTestApp({
      visitorCacheMs: 60_000,
      catalogueCountCacheMs: 60_000,
      offlineFlagCacheMs: 60_000,
      accountCacheMs: 5000,
    });
    ({ app: second, close: closeSecond } = await buildSecondInstance(first));
    await Promise.all([changeNoticesOf(first.db).ready(), changeNoticesOf(second.deps.db).ready()]);
  });
  afterAll(async () => {
    await closeSecond();
    await first.close();
  });

  it("serves a settings change made through one instance from the other within a second", async () => {
    const admin = await first.authHeader((await makeAdmin(first.db)).username);
    const idle = () => second.inject({ method: "GET", url: "/api/site-settings/front-end-idle-timeout" });
    expect((await idle()).statusCode).toBe(200);
    const res = await first.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: admin,
      payload: { idleTimeoutSeconds: 900 },
    });
    expect(res.statusCode).toBe(200);
    await within(1000, async () => (await idle()).json().idleTimeoutSeconds === 900);
  });

  it("drops the other instance's grid and resource page within a second of a catalogue change", async () => {
    const creator = await makeUser(first.db);
    const resource = await makeResource(first.db, { users_id: creator.id, name: "shared-resource" });
    const auth = await first.tokenFor(creator.id);
    const grid = () => second.inject({ method: "GET", url: "/api/resources?pageSize=12" });
    const page = () => second.inject({ method: "GET", url: "/api/resources/shared-resource" });
    const listed = async () => {
      const res = await grid();
      if (res.statusCode !== 200) throw new Error(res.body);
      return res.json().resources.some((r: { id: string }) => r.id === resource.id);
    };
    expect(await listed()).toBe(true);
    expect((await page()).statusCode).toBe(200);

    const off = await first.app.inject({
      method: "POST",
      url: `/api/resources/${resource.id}/deactivate`,
      headers: auth,
    });
    expect(off.statusCode).toBe(200);
    await within(1000, async () => !(await listed()) && (await page()).statusCode === 404);
  });

  it("refuses a deactivated user's token on both instances within a second", async () => {
    const admin = await first.authHeader((await makeAdmin(first.db)).username);
    const user = await makeUser(first.db);
    const auth = await first.authHeader(user.username);
    const self = (app: AppInstance) =>
      app.inject({ method: "GET", url: "/api/users/self/favorites", headers: auth });
    // Both instances now hold the account in memory.
    expect((await self(first.app)).statusCode).toBe(200);
    expect((await self(second)).statusCode).toBe(200);

    const res = await first.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${user.id}`,
      headers: admin,
      payload: { is_deactivated: true },
    });
    expect(res.statusCode).toBe(200);
    const refused = async (app: AppInstance) => (await self(app)).statusCode === 401;
    await within(1000, async () => (await refused(first.app)) && (await refused(second)));
  });

  it("ends a logged-out session on the other instance too, whatever path ended it", async () => {
    const user = await makeUser(first.db);
    const auth = await first.tokenFor(user.id);
    const self = () => second.inject({ method: "GET", url: "/api/users/self", headers: auth });
    expect((await self()).statusCode).toBe(200);
    // Straight in the database, as a script or an admin's SQL would: the trigger still tells everyone.
    await first.db.execute(sql`update sessions set ended_at = now() where users_id = ${user.id}`);
    await within(1000, async () => (await self()).statusCode === 401);
  });

  it("shows a user's own favourite at once, on the instance that did not make it", async () => {
    const creator = await makeUser(first.db);
    const resource = await makeResource(first.db, { users_id: creator.id });
    const user = await makeUser(first.db);
    const auth = await first.tokenFor(user.id);
    const page = () => second.inject({ method: "GET", url: `/api/resources/${resource.id}`, headers: auth });
    expect((await page()).json().isFavorited).toBe(false);
    const put = await first.app.inject({
      method: "PUT",
      url: `/api/users/self/resources/favorites/${resource.id}`,
      headers: auth,
    });
    expect(put.statusCode).toBe(200);
    expect((await page()).json().isFavorited).toBe(true);
  });

  it("listens again after losing its listening connection, and drops what it may have missed", async () => {
    const admin = await first.authHeader((await makeAdmin(first.db)).username);
    const idle = () => second.inject({ method: "GET", url: "/api/site-settings/front-end-idle-timeout" });
    const before = (await idle()).json().idleTimeoutSeconds as number;
    // As a database restart or a failover would: the listening connections are cut.
    await first.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`);
    const res = await first.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: admin,
      payload: { idleTimeoutSeconds: before + 60 },
    });
    expect(res.statusCode).toBe(200);
    // Reconnecting takes a second; the notice sent meanwhile is lost, so everything is dropped once back.
    await within(3000, async () => (await idle()).json().idleTimeoutSeconds === before + 60);
  });

  it("holds a changed account no longer than ACCOUNT_CACHE_MS when a notice is lost", async () => {
    const lonely = await buildSecondInstance(first, { accountCacheMs: 1000 });
    try {
      // This instance hears nothing: only the time-to-live can end what it holds.
      await changeNoticesOf(lonely.app.deps.db).close();
      const user = await makeUser(first.db);
      const auth = await first.tokenFor(user.id);
      const self = () =>
        lonely.app.inject({ method: "GET", url: "/api/users/self/favorites", headers: auth });
      expect((await self()).statusCode).toBe(200);
      const endedAt = performance.now();
      await first.db.execute(sql`update users set is_deactivated = true where id = ${user.id}`);
      await within(2000, async () => (await self()).statusCode === 401);
      expect(performance.now() - endedAt).toBeLessThan(1000 + 500);
    } finally {
      await lonely.close();
    }
  });
});
