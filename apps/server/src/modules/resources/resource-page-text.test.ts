import { type ResourceDetail, resourceDetailSchema } from "@market/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { resources, users } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPreview, makeResource, makeUser } from "../../test/factories.ts";

/**
 * A listed resource's page is sent as the shared page's text, written once by the response schema, with
 * the viewer's flags added (resource-detail.service.ts): the answer must be exactly what the schema
 * would have written, for a visitor and for each viewer, and a viewer's own change shows at once.
 */
describe("the resource page's text", () => {
  let t: TestApp;
  let creator: typeof users.$inferSelect;
  let reader: typeof users.$inferSelect;
  let listed: typeof resources.$inferSelect;
  let draft: typeof resources.$inferSelect;

  beforeAll(async () => {
    // A shared page lives a while here, as in production (the other tests turn the caches off).
    t = await buildTestApp({ visitorCacheMs: 60_000 });
    creator = await makeUser(t.db);
    reader = await makeUser(t.db);
    listed = await makeResource(t.db, { users_id: creator.id, title: 'Tide Pools "Field" Guide' });
    await addPreview(t.db, listed.id);
    draft = await makeResource(t.db, {
      users_id: creator.id,
      approval_status: "awaiting_approval",
      status: "inactive",
    });
  });
  afterAll(() => t?.close());

  const page = async (id: string, userId?: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/resources/${id}`,
      headers: userId ? await t.tokenFor(userId) : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    return res.json<ResourceDetail>();
  };

  /** Exactly the schema's fields, each as the schema writes it. */
  const asSchemaWrites = (body: ResourceDetail) => {
    expect(Object.keys(body).sort()).toEqual(Object.keys(resourceDetailSchema.shape).sort());
    expect(JSON.parse(JSON.stringify(resourceDetailSchema.parse(body)))).toEqual(body);
  };

  const withoutFlags = (body: ResourceDetail) => {
    const { isFavorited: _f, isCreatorFollowed: _c, isOwned: _o, licensedBy: _l, ...shared } = body;
    return shared;
  };

  it("sends a visitor, a reader and the creator the schema's fields, the same page but for the flags", async () => {
    const visitor = await page(listed.id);
    const signedIn = await page(listed.id, reader.id);
    const own = await page(listed.id, creator.id);
    for (const body of [visitor, signedIn, own]) asSchemaWrites(body);
    expect(visitor).toMatchObject({ title: 'Tide Pools "Field" Guide', isFavorited: false, isOwned: false });
    expect(withoutFlags(signedIn)).toEqual(withoutFlags(visitor));
    expect(withoutFlags(own)).toEqual(withoutFlags(visitor));
    expect(own.isOwned).toBe(true);
    expect(signedIn.isOwned).toBe(false);
  });

  it("shows a reader's own favourite and follow on their next page, while the shared page is kept", async () => {
    const auth = await t.tokenFor(reader.id);
    const favourite = await t.app.inject({
      method: "PUT",
      url: `/api/users/self/resources/favorites/${listed.id}`,
      headers: auth,
    });
    expect(favourite.statusCode, favourite.body).toBeLessThan(300);
    const after = await page(listed.id, reader.id);
    asSchemaWrites(after);
    expect(after.isFavorited).toBe(true);
    expect((await page(listed.id)).isFavorited).toBe(false);
  });

  it("writes an unlisted page, its creator's alone, through the schema", async () => {
    const own = await page(draft.id, creator.id);
    asSchemaWrites(own);
    expect(own.isOwned).toBe(true);
    const refused = await t.app.inject({ method: "GET", url: `/api/resources/${draft.id}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: "not_found" });
  });
});
