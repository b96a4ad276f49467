import { DEFAULT_COLORS } from "@market/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colors } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser } from "../../test/factories.ts";

/** PATCH /colors/{name} with the entry as GET /colors gives it, and the change log of colours and texts. */
describe("colours and texts in the change log", () => {
  let t: TestApp;
  let asAdmin: { authorization: string };
  let asTeacher: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    await t.db
      .insert(colors)
      .values(DEFAULT_COLORS.map((c, position) => ({ ...c, css_var_name: c.cssVarName, position })));
    asAdmin = await t.authHeader((await makeAdmin(t.db, { username: "palette_admin" })).username);
    asTeacher = await t.authHeader((await makeUser(t.db)).username);
  });
  afterAll(() => t.close());

  const call = (
    method: "GET" | "PATCH" | "PUT" | "DELETE",
    url: string,
    headers: object,
    payload?: unknown,
  ) => t.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });
  const entry = async (name: string) =>
    ((await call("GET", "/api/colors", asAdmin)).json().colors as { name: string }[]).find(
      (c) => c.name === name,
    ) as { id: number; name: string; css: string; cssVarName: string };
  const log = async (query = "") =>
    (await call("GET", `/api/admin/site-settings/changes${query}`, asAdmin)).json();

  it("takes the colour entry as GET /colors returns it, edited (spec 7)", async () => {
    const tile = await entry("tile-2");
    const res = await call("PATCH", "/api/colors/tile-2", asAdmin, { ...tile, css: "#fcd34d" });
    expect(res.statusCode).toBe(200);
    expect(res.json().color).toEqual({ ...tile, css: "#fcd34d" });
    expect((await t.app.inject({ method: "GET", url: "/api/colors/values" })).json().colors).toContainEqual({
      ...tile,
      css: "#fcd34d",
    });
  });

  it("refuses an entry that would change its id, name or CSS variable, and changes nothing", async () => {
    const tile = await entry("tile-3");
    for (const [field, value] of [
      ["cssVarName", "--tile-9"],
      ["name", "tile-9"],
      ["id", tile.id + 1000],
    ] as const) {
      const res = await call("PATCH", "/api/colors/tile-3", asAdmin, {
        ...tile,
        css: "#000000",
        [field]: value,
      });
      expect({ field, status: res.statusCode }).toEqual({ field, status: 400 });
      expect(res.json()).toMatchObject({ error: "validation_failed", fields: { [field]: "read_only" } });
    }
    expect(await entry("tile-3")).toEqual(tile);
  });

  it("refuses wrong types, unknown keys and huge values with 400", async () => {
    const tile = await entry("tile-4");
    for (const payload of [
      { ...tile, id: "1" },
      { ...tile, css: "#12345g" },
      { ...tile, cssVarName: "x".repeat(10_000) },
      { ...tile, colour: "#000000" },
      [tile],
    ]) {
      expect((await call("PATCH", "/api/colors/tile-4", asAdmin, payload)).statusCode).toBe(400);
    }
    expect((await call("PATCH", "/api/colors/tile-4", asTeacher, { css: "#000000" })).statusCode).toBe(403);
    expect(await entry("tile-4")).toEqual(tile);
  });

  it("records a colour edit with who, when and from what to what; an unchanged colour records nothing", async () => {
    const before = (await log("?area=color")).total;
    const tile = await entry("tile-1");
    await call("PATCH", "/api/colors/tile-1", asAdmin, { ...tile, css: "#0a7f3f" });
    await call("PATCH", "/api/colors/tile-1", asAdmin, { css: "#0a7f3f" });
    const colorLog = await log("?area=color");
    expect(colorLog.total).toBe(before + 1);
    expect(colorLog.changes[0]).toMatchObject({
      area: "color",
      key: "tile-1",
      old_value: tile.css,
      new_value: "#0a7f3f",
      changed_by: { username: "palette_admin" },
    });
    expect(Date.now() - Date.parse(colorLog.changes[0].changed_at)).toBeLessThan(60_000);
  });

  it("records text edits and resets beside settings changes, newest first", async () => {
    await call("PUT", "/api/texts/home.promise", asAdmin, { value: "Lessons for every classroom" });
    await call("PUT", "/api/texts/home.promise", asAdmin, { value: "Lessons for every class" });
    await call("DELETE", "/api/texts/home.promise", asAdmin);
    await call("PATCH", "/api/site-settings", asAdmin, { idleTimeoutSeconds: 600 });

    const all = await log();
    expect(all.changes.slice(0, 4).map((c: { area: string; key: string }) => `${c.area} ${c.key}`)).toEqual([
      "setting idleTimeoutSeconds",
      "text home.promise",
      "text home.promise",
      "text home.promise",
    ]);
    expect(
      all.changes
        .slice(1, 4)
        .map((c: { old_value: unknown; new_value: unknown }) => [c.old_value, c.new_value]),
    ).toEqual([
      ["Lessons for every class", null],
      ["Lessons for every classroom", "Lessons for every class"],
      [null, "Lessons for every classroom"],
    ]);
    expect((await log("?area=text&key=home.promise")).total).toBe(3);
    expect((await call("GET", "/api/admin/site-settings/changes?area=logo", asAdmin)).statusCode).toBe(400);
  });

  it("records nothing when a change is refused", async () => {
    const before = (await log()).total;
    expect((await call("PUT", "/api/texts/home.promise", asTeacher, { value: "Hijacked" })).statusCode).toBe(
      403,
    );
    expect(
      (await call("PUT", "/api/texts/home.promise", asAdmin, { value: "x".repeat(2001) })).statusCode,
    ).toBe(400);
    expect((await call("DELETE", "/api/texts/never.stored", asAdmin)).statusCode).toBe(404);
    expect((await log()).total).toBe(before);
  });
});
