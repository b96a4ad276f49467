import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { makeAdmin, makeResource, makeUser } from "../test/factories.ts";
import { catalogueChanged } from "./catalogue-changes.ts";
import { installResponseCache } from "./response-cache.ts";

describe("the visitors' micro-cache of public answers", () => {
  let t: TestApp;
  let resourceId: string;

  beforeAll(async () => {
    t = await buildTestApp({ visitorCacheMs: 60_000, catalogueCountCacheMs: 60_000 });
    const creator = await makeUser(t.db, { username: "cached_creator" });
    resourceId = (await makeResource(t.db, { users_id: creator.id, name: "cached-one", title: "Before" })).id;
  });
  afterAll(() => t.close());

  const retitle = (title: string) =>
    t.db.execute(sql`update resources set title = ${title} where id = ${resourceId}`);
  const grid = (headers = {}) => t.app.inject({ method: "GET", url: "/api/resources?pageSize=12", headers });
  const page = (headers = {}) => t.app.inject({ method: "GET", url: "/api/resources/cached-one", headers });

  it("serves visitors and signed-in users the same shared answer for a moment", async () => {
    const member = await t.authHeader((await makeUser(t.db)).username);
    expect((await grid()).json().resources[0].title).toBe("Before");
    expect((await page()).json().title).toBe("Before");
    expect((await page(member)).json().title).toBe("Before");
    await retitle("After");
    expect((await grid()).json().resources[0].title).toBe("Before");
    expect((await page()).json().title).toBe("Before");
    expect((await grid(member)).json().resources[0].title).toBe("Before");
    expect((await page(member)).json().title).toBe("Before");
  });

  it("answers a signed-in user's grid with the very bytes a visitor gets", async () => {
    const member = await t.authHeader((await makeUser(t.db)).username);
    const url = "/api/resources?pageSize=12&sort=price-asc";
    const visitor = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
    const signedIn = await t.app.inject({
      method: "GET",
      url,
      headers: { ...member, "accept-encoding": "br" },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.rawPayload.equals(visitor.rawPayload)).toBe(true);
    expect(signedIn.headers["content-type"]).toBe(visitor.headers["content-type"]);
  });

  it("shows a signed-in user's own favourite in their next answer, on a shared page", async () => {
    const member = await makeUser(t.db);
    const auth = await t.authHeader(member.username);
    expect((await page(auth)).json()).toMatchObject({ isFavorited: false, isOwned: false });
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/users/self/resources/favorites/${resourceId}`,
      headers: auth,
    });
    expect(put.statusCode).toBe(200);
    expect((await page(auth)).json()).toMatchObject({ isFavorited: true, title: "Before" });
    expect((await page()).json().isFavorited).toBe(false);
  });

  it("drops what it holds when the catalogue changes in this process", async () => {
    await retitle("Changed again");
    catalogueChanged(t.db);
    const res = await grid();
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ total: 1, resources: [{ title: "Changed again" }] });
  });

  it("never answers from memory past the offline gate or for a missing resource", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/resources/not-there" })).statusCode).toBe(404);
    const admin = await t.authHeader((await makeAdmin(t.db)).username);
    const on = await t.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: admin,
      payload: { offlineMode: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await grid()).statusCode).toBe(503);
    expect((await page()).statusCode).toBe(503);
  });

  it("holds the site configuration for everybody, and drops it when this process changes it", async () => {
    const admin = await t.authHeader((await makeAdmin(t.db)).username);
    const member = await t.authHeader((await makeUser(t.db)).username);
    const texts = async (headers = {}) =>
      (await t.app.inject({ method: "GET", url: "/api/texts/values", headers })).json().texts;
    const idle = async (headers = {}) =>
      (
        await t.app.inject({ method: "GET", url: "/api/site-settings/front-end-idle-timeout", headers })
      ).json().idleTimeoutSeconds;

    // A change behind the services' back is not seen while the answer is held, signed in or not...
    await t.db.execute(sql`insert into texts (key, value) values ('home.title', 'Held')
      on conflict (key) do update set value = 'Held'`);
    const before = (await texts())["home.title"];
    await t.db.execute(sql`update texts set value = 'Behind its back' where key = 'home.title'`);
    expect((await texts())["home.title"]).toBe(before);
    expect((await texts(member))["home.title"]).toBe(before);

    // ...but a change through the console is seen at once, by everybody.
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/texts/home.title",
      headers: admin,
      payload: { value: "Lessons for every class" },
    });
    expect(put.statusCode).toBe(200);
    expect((await texts())["home.title"]).toBe("Lessons for every class");
    expect((await texts(member))["home.title"]).toBe("Lessons for every class");

    const seconds = await idle();
    const patched = await t.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: admin,
      payload: { idleTimeoutSeconds: seconds + 60 },
    });
    expect(patched.statusCode).toBe(200);
    expect(await idle(member)).toBe(seconds + 60);
  });
});

describe("the micro-cache under a burst of misses", () => {
  /** A bare app with one shared route whose answers we release by hand, counting how often it ran. */
  async function burstApp(answer: (run: number) => Promise<unknown>) {
    const app = Fastify();
    installResponseCache(app, {}, 60_000);
    let runs = 0;
    app.get("/shared", { config: { sharedForVisitors: true } }, async () => answer(++runs));
    await app.ready();
    return { app, runs: () => runs };
  }

  it("computes a missed answer once for everybody asking meanwhile", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app, runs } = await burstApp(async (run) => {
      await gate;
      return { run };
    });
    const burst = Array.from({ length: 10 }, () => app.inject({ method: "GET", url: "/shared" }));
    await vi.waitFor(() => expect(runs()).toBe(1));
    release();
    const answers = await Promise.all(burst);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.body))).toEqual(new Set(['{"run":1}']));
    expect(runs()).toBe(1);
    await app.close();
  });

  it("lets the waiting requests compute their own when the first one fails, and keeps no failure", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app, runs } = await burstApp(async (run) => {
      if (run === 1) {
        await gate;
        throw new Error("database went away");
      }
      return { run };
    });
    const first = app.inject({ method: "GET", url: "/shared" });
    await vi.waitFor(() => expect(runs()).toBe(1));
    const waiting = [
      app.inject({ method: "GET", url: "/shared" }),
      app.inject({ method: "GET", url: "/shared" }),
    ];
    release();
    expect((await first).statusCode).toBe(500);
    const after = await Promise.all(waiting);
    expect(after.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(runs()).toBeGreaterThanOrEqual(2);
    await app.close();
  });
});
