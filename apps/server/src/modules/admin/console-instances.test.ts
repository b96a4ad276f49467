import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { openDatabase } from "../../db/client.ts";
import { colors } from "../../db/schema/index.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser } from "../../test/factories.ts";

/**
 * What an admin changes in the console is in force on every server instance at once: settings (offline mode
 * included), texts, colours and account changes are read from the database on each request, never cached per
 * process. PostgreSQL only (PGlite is one process).
 */
describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("console changes across two instances", () => {
  let first: TestApp;
  let second: AppInstance;
  let closeSecond: () => Promise<void>;
  let admin: { authorization: string };

  beforeAll(async () => {
    first = await buildTestApp();
    const database = await openDatabase({ databaseUrl: first.databaseUrl, poolSize: 2 });
    // The second instance keeps the production cache windows, to show they do not hold console changes back.
    const config = { ...first.config, visitorCacheMs: 2000, adServingCacheMs: 1000 };
    second = await buildApp({ ...first.app.deps, config, database, db: database.db }, { logger: false });
    await second.ready();
    closeSecond = async () => {
      await second.close();
      await database.close();
    };
    admin = await first.authHeader((await makeAdmin(first.db)).username);
    await first.db
      .insert(colors)
      .values({ name: "tile-2", css: "#fde68a", css_var_name: "--tile-2", position: 2 })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await closeSecond();
    await first.close();
  });

  const change = (method: "PATCH" | "PUT", url: string, payload: object) =>
    first.app.inject({ method, url, headers: admin, payload });

  it("serves offline mode, a text and a colour changed on one instance from the other at once", async () => {
    await second.inject({ method: "GET", url: "/api/texts/values" });
    expect((await change("PUT", "/api/texts/home.title", { value: "Fresh title" })).statusCode).toBe(200);
    expect((await change("PATCH", "/api/colors/tile-2", { css: "#123456" })).statusCode).toBe(200);
    expect(
      (await second.inject({ method: "GET", url: "/api/texts/values" })).json().texts["home.title"],
    ).toBe("Fresh title");
    const colors = (await second.inject({ method: "GET", url: "/api/colors/values" })).json().colors;
    expect(colors.find((c: { name: string }) => c.name === "tile-2")?.css).toBe("#123456");

    expect((await second.inject({ method: "GET", url: "/api/resources" })).statusCode).toBe(200);
    await change("PATCH", "/api/site-settings", { offlineMode: true });
    expect((await second.inject({ method: "GET", url: "/api/resources" })).statusCode).toBe(503);
    await change("PATCH", "/api/site-settings", { offlineMode: false });
    expect((await second.inject({ method: "GET", url: "/api/resources" })).statusCode).toBe(200);
  });

  it("refuses a user deactivated through one instance on the other at once", async () => {
    const user = await makeUser(first.db);
    const auth = await first.authHeader(user.username);
    expect(
      (await second.inject({ method: "GET", url: "/api/users/self/resources", headers: auth })).statusCode,
    ).toBe(200);
    await change("PATCH", `/api/admin/users/${user.id}`, { is_deactivated: true });
    const refused = await second.inject({ method: "GET", url: "/api/users/self/resources", headers: auth });
    expect(refused.statusCode).toBe(401);
  });
});
