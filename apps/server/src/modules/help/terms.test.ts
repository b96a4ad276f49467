import type { HelpEntry } from "@market/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser } from "../../test/factories.ts";

type Headers = { authorization: string };

/** Changed terms of service (spec 4 help modal, spec 7 tos-changed and tos-agreement). */
describe("changed terms of service", () => {
  let t: TestApp;
  let admin: Headers;
  let terms: HelpEntry;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.authHeader((await makeAdmin(t.db)).username);
    const res = await call("POST", "/help", admin, {
      type: "article",
      short_title: "Terms of service",
      body: "Be kind.",
    });
    terms = res.json().item;
  });
  afterAll(() => t.close());

  function call(method: string, url: string, headers: object = {}, payload?: object) {
    return t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });
  }
  const pending = async (headers: Headers) =>
    (await call("GET", "/help/tos-changed", headers)).json<{ entries: HelpEntry[] }>().entries;
  const markChanged = async (changed: boolean, id = terms.id) => {
    const res = await call("PUT", `/help/${id}/terms-changed`, admin, { changed });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ item: HelpEntry }>().item;
  };
  /** A user who joined before the change (sign-up after it means agreeing to the terms as they stand). */
  const earlierUser = async (deactivated = false) => {
    const row = await makeUser(t.db, { created_at: new Date(Date.now() - 86_400_000) });
    const headers = await t.authHeader(row.username);
    if (deactivated) await t.db.update(users).set({ is_deactivated: true }).where(eq(users.id, row.id));
    return headers;
  };

  it("is for signed-in users only", async () => {
    expect((await call("GET", "/help/tos-changed")).json()).toMatchObject({ reason: "invalid_token" });
    expect((await call("GET", "/help/tos-changed")).statusCode).toBe(401);
    expect((await call("PUT", "/help/tos-agreement")).statusCode).toBe(401);
  });

  it("lists nothing until an admin marks an article as changed terms", async () => {
    const user = await earlierUser();
    expect(await pending(user)).toEqual([]);
    const marked = await markChanged(true);
    expect(marked.terms_changed_at).not.toBeNull();
    expect((await pending(user)).map((e) => e.name)).toEqual(["terms-of-service"]);
    // The admin who published the change has accepted it.
    expect(await pending(admin)).toEqual([]);
    await markChanged(false);
    expect(await pending(user)).toEqual([]);
  });

  it("accepting clears the change until the next one, and a new sign-up is not asked", async () => {
    const user = await earlierUser();
    await markChanged(true);
    const res = await call("PUT", "/help/tos-agreement", user);
    expect(res.json()).toEqual({ accepted: 1, pending: [] });
    expect(await pending(user)).toEqual([]);
    // Accepting twice accepts nothing new.
    expect((await call("PUT", "/help/tos-agreement", user)).json()).toEqual({ accepted: 0, pending: [] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await markChanged(true);
    expect((await pending(user)).map((e) => e.id)).toEqual([terms.id]);
    const newcomer = await t.authHeader((await makeUser(t.db)).username);
    expect(await pending(newcomer)).toEqual([]);
    await call("PUT", "/help/tos-agreement", user);
    await markChanged(false);
  });

  it("accepts only the versions the user was shown", async () => {
    const user = await earlierUser();
    const shown = await markChanged(true);
    const other = (await call("POST", "/help", admin, { type: "article", short_title: "Privacy" })).json()
      .item;
    await markChanged(true, other.id);
    const stale = { id: shown.id, terms_changed_at: "2020-01-01T00:00:00.000Z" };
    const refused = await call("PUT", "/help/tos-agreement", user, { entries: [stale] });
    expect(refused.json().accepted).toBe(0);
    expect(
      refused
        .json()
        .pending.map((e: HelpEntry) => e.name)
        .sort(),
    ).toEqual(["privacy", "terms-of-service"]);
    const current = await pending(user);
    const first = current.find((e) => e.id === shown.id)!;
    const partly = await call("PUT", "/help/tos-agreement", user, {
      entries: [{ id: first.id, terms_changed_at: first.terms_changed_at }],
    });
    expect(partly.json()).toMatchObject({ accepted: 1, pending: [{ name: "privacy" }] });
    expect((await pending(user)).map((e) => e.name)).toEqual(["privacy"]);
    const bad = await call("PUT", "/help/tos-agreement", user, {
      entries: [{ id: "nope", terms_changed_at: "x" }],
    });
    expect(bad.statusCode).toBe(400);
    await markChanged(false);
    await markChanged(false, other.id);
  });

  it("is closed to a deactivated account, like everything but its status (spec 6)", async () => {
    const user = await earlierUser(true);
    const res = await call("GET", "/help/tos-changed", user);
    expect(res.json()).toMatchObject({ error: "account_deactivated", reason: "insufficient_permissions" });
  });

  it("marks only articles, and 404s an unknown entry", async () => {
    const image = (await call("POST", "/help", admin, { type: "image", short_title: "Pic" })).json().item;
    const res = await call("PUT", `/help/${image.id}/terms-changed`, admin, { changed: true });
    expect(res.json()).toMatchObject({ error: "validation_failed", fields: { type: "article_only" } });
    const unknown = await call("PUT", "/help/00000000-0000-4000-8000-000000000000/terms-changed", admin, {
      changed: true,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
