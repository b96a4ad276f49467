import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { makeAdmin } from "../test/factories.ts";

describe("the offline gate's flag, reused for OFFLINE_FLAG_CACHE_MS", () => {
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp({ offlineFlagCacheMs: 60_000 });
    admin = await t.authHeader((await makeAdmin(t.db)).username);
  });
  afterAll(() => t.close());

  const visitorCall = () => t.app.inject({ method: "GET", url: "/api/advertisements/display?type=2" });
  const setOffline = (on: boolean) =>
    t.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: admin,
      payload: { offlineMode: on },
    });

  it("applies a change made through this instance at once, both ways", async () => {
    expect((await visitorCall()).statusCode).toBe(200);
    expect((await setOffline(true)).statusCode).toBe(200);
    expect((await visitorCall()).statusCode).toBe(503);
    expect((await setOffline(false)).statusCode).toBe(200);
    expect((await visitorCall()).statusCode).toBe(200);
  });

  it("holds the flag for its moment against changes made elsewhere; with no moment it reads every time", async () => {
    // Written straight to the database, as another instance would: this one still holds "online".
    await t.db.execute(sql`update site_settings set value = 'true'::jsonb where key = 'offlineMode'`);
    expect((await visitorCall()).statusCode).toBe(200);
    const short = await buildTestApp({ offlineFlagCacheMs: 0 });
    try {
      await short.db.execute(
        sql`insert into site_settings (key, value) values ('offlineMode', 'true'::jsonb)
            on conflict (key) do update set value = excluded.value`,
      );
      expect((await short.app.inject({ method: "GET", url: "/api/advertisements/display" })).statusCode).toBe(
        503,
      );
    } finally {
      await short.close();
    }
    await setOffline(false);
  });
});
