import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { makeAdmin, makeUser } from "../test/factories.ts";
import { AccountCache } from "./account-cache.ts";
import { changeNoticesOf } from "./change-notices.ts";

describe("the account cache", () => {
  it("keeps an account for its time, then reads it again", async () => {
    let now = 0;
    let reads = 0;
    const cache = new AccountCache<number>(1000, 10, () => now);
    const load = async () => ++reads;
    expect(await cache.get("a", "u1", load)).toBe(1);
    now = 999;
    expect(await cache.get("a", "u1", load)).toBe(1);
    now = 1000;
    expect(await cache.get("a", "u1", load)).toBe(2);
  });

  it("forgets one user's entries and keeps the others'", async () => {
    let reads = 0;
    const cache = new AccountCache<number>(60_000);
    const load = async () => ++reads;
    await cache.get("a1", "u1", load);
    await cache.get("a2", "u1", load);
    await cache.get("b", "u2", load);
    cache.dropUser("u1");
    expect(await cache.get("a1", "u1", load)).toBe(4);
    expect(await cache.get("a2", "u1", load)).toBe(5);
    expect(await cache.get("b", "u2", load)).toBe(3);
  });

  it("does not keep what a read begun before a drop found", async () => {
    const cache = new AccountCache<string>(60_000);
    let release!: (value: string) => void;
    const slow = cache.get("a", "u1", () => new Promise((resolve) => (release = resolve)));
    cache.dropUser("u1");
    release("read before the change");
    expect(await slow).toBe("read before the change");
    expect(await cache.get("a", "u1", async () => "read after")).toBe("read after");
  });
});

/** On both engines: the database's triggers tell this instance of account changes, whatever made them. */
describe("accounts kept in memory on one instance", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ accountCacheMs: 5000 });
    await changeNoticesOf(t.db).ready();
  });
  afterAll(() => t.close());

  const favorites = (auth: { authorization: string }) =>
    t.app.inject({ method: "GET", url: "/api/users/self/favorites", headers: auth });

  /** Waits for the notice of a commit to arrive, never longer than a second. */
  async function refusedWithinASecond(auth: { authorization: string }) {
    const started = performance.now();
    while ((await favorites(auth)).statusCode !== 401) {
      if (performance.now() - started > 1000) throw new Error("still accepted after a second");
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it("refuses a token once an admin deactivates its account", async () => {
    const admin = await t.authHeader((await makeAdmin(t.db)).username);
    const user = await makeUser(t.db);
    const auth = await t.tokenFor(user.id);
    expect((await favorites(auth)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${user.id}`,
      headers: admin,
      payload: { is_deactivated: true },
    });
    expect(res.statusCode).toBe(200);
    await refusedWithinASecond(auth);
  });

  it("refuses a token once its session is ended by SQL outside the app", async () => {
    const user = await makeUser(t.db);
    const auth = await t.tokenFor(user.id);
    expect((await favorites(auth)).statusCode).toBe(200);
    await t.db.execute(sql`update sessions set ended_at = now() where users_id = ${user.id}`);
    await refusedWithinASecond(auth);
  });

  it("takes away a revoked permission", async () => {
    const user = await makeUser(t.db);
    const auth = await t.tokenFor(user.id);
    const permissions = async () =>
      (await t.app.inject({ method: "GET", url: "/api/users/self/permissions", headers: auth })).json();
    expect((await permissions()).permissions.upload).toBe(true);
    await t.db.execute(sql`update users set perm_upload = false where id = ${user.id}`);
    const started = performance.now();
    for (;;) {
      if ((await permissions()).permissions.upload === false) break;
      if (performance.now() - started > 1000) throw new Error("permission still held after a second");
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
});
