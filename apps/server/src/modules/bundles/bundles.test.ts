import { BUNDLE_LIMITS } from "@market/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bundleItems, resources } from "../../db/schema/index.ts";
import { makeResource } from "../../test/factories.ts";
import { bundlesTestbed } from "./bundles-testbed.ts";

describe("bundles: making, reviewing, listing and changing", () => {
  const bed = bundlesTestbed();
  const body = (overrides: Record<string, unknown> = {}) => ({
    title: "Pond life bundle",
    description: "Three units about the pond, for a whole term.",
    resourceIds: [bed.owl.id, bed.frog.id, bed.bee.id],
    price: 1200,
    ...overrides,
  });

  it("makes a bundle that waits for review like a submitted resource, then is listed once approved", async () => {
    const made = await bed.call(bed.creator, "POST", "/bundles", body());
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      title: "Pond life bundle",
      price: 1200,
      approval_status: "awaiting_approval",
      status: "inactive",
      isOwn: true,
      contents: { sumCents: 1600, savingCents: 400 },
    });
    expect(made.body.contents.resources.map((c: { id: string }) => c.id)).toEqual([
      bed.owl.id,
      bed.frog.id,
      bed.bee.id,
    ]);
    // The frog unit's cover stands in for the bundle's own (it has none).
    expect(made.body.cover_locator).toMatch(/^previews\//);
    const [row] = await bed.t.db.select().from(resources).where(eq(resources.id, made.body.id));
    expect(row).toMatchObject({ type: "Bundle", upload_status: 1, requires_approval: true });
    expect(row!.submitted_at).not.toBeNull();

    // Not listed yet: a visitor gets 404, the creator sees it.
    expect((await bed.call(null, "GET", `/bundles/${made.body.id}`)).status).toBe(404);
    expect((await bed.call(bed.creator, "GET", `/bundles/${made.body.name}`)).status).toBe(200);

    const queue = await bed.call(bed.admin, "GET", "/admin/resources/review-queue");
    expect(queue.body.resources.map((r: { id: string }) => r.id)).toContain(made.body.id);
    const approved = await bed.call(bed.admin, "POST", `/admin/resources/${made.body.id}/approve`);
    expect(approved.status).toBe(200);

    const grid = await bed.call(null, "GET", "/resources?type=bundle");
    expect(grid.status).toBe(200);
    expect(grid.body.resources).toHaveLength(1);
    expect(grid.body.resources[0]).toMatchObject({
      id: made.body.id,
      isBundle: true,
      includedResourceIds: [bed.owl.id, bed.frog.id, bed.bee.id],
    });
    expect(grid.body.resources[0].cover_locator).toMatch(/^previews\//);
    // Every other card says it is not a bundle.
    const all = await bed.call(null, "GET", "/resources?pageSize=48");
    const owl = all.body.resources.find((c: { id: string }) => c.id === bed.owl.id);
    expect(owl).toMatchObject({ isBundle: false, includedResourceIds: [] });
    const worksheets = await bed.call(null, "GET", "/resources?type=Worksheet");
    expect(worksheets.body.resources.some((c: { isBundle: boolean }) => c.isBundle)).toBe(false);
    // Searchable by its title, with the same fields.
    const found = await bed.call(null, "GET", "/resources?q=pond");
    expect(found.body.resources.map((c: { id: string }) => c.id)).toEqual([made.body.id]);
    expect(found.body.resources[0].includedResourceIds).toHaveLength(3);
    expect((await bed.call(null, "GET", "/resources?type=bundles")).status).toBe(400);

    const page = await bed.call(null, "GET", `/resources/${made.body.name}`);
    expect(page.body).toMatchObject({
      isBundle: true,
      includedResourceIds: [bed.owl.id, bed.frog.id, bed.bee.id],
      bundle: { sumCents: 1600, savingCents: 400 },
      inBundles: [],
    });
    expect(page.body.resources_previews_models).toHaveLength(1);
    const included = await bed.call(null, "GET", `/resources/${bed.owl.name}`);
    expect(included.body).toMatchObject({
      isBundle: false,
      includedResourceIds: [],
      bundle: null,
      inBundles: [{ id: made.body.id, name: made.body.name, title: "Pond life bundle", price: 1200 }],
    });
  });

  it("refuses what a bundle may not be, with the field at fault, and saves nothing", async () => {
    const before = (await bed.t.db.select().from(resources)).length;
    const refusals: [Record<string, unknown>, string][] = [
      [{ resourceIds: [bed.owl.id, bed.theirs.id] }, "resourceIds"],
      [{ resourceIds: [bed.owl.id] }, "resourceIds"],
      [{ resourceIds: [bed.owl.id, bed.owl.id] }, "resourceIds"],
      [{ resourceIds: [bed.owl.id, "not-a-uuid"] }, "resourceIds"],
      [{ price: 1600 }, "price"],
      [{ price: 1700 }, "price"],
      [{ price: 0 }, "price"],
      [{ price: 99 }, "price"],
      [{ price: 10.5 }, "price"],
      [{ price: "1000" }, "price"],
      [{ title: "" }, "title"],
      [{ title: "x".repeat(33) }, "title"],
      [{ description: "short" }, "description"],
      [{ extra: true }, ""],
    ];
    for (const [overrides, field] of refusals) {
      const res = await bed.call(bed.creator, "POST", "/bundles", body(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error).toBe("validation_failed");
      if (field) expect(JSON.stringify(res.body), JSON.stringify(overrides)).toContain(field);
    }
    const many = Array.from({ length: BUNDLE_LIMITS.maxResources + 1 }, () => crypto.randomUUID());
    expect((await bed.call(bed.creator, "POST", "/bundles", body({ resourceIds: many }))).status).toBe(400);
    expect((await bed.call(bed.creator, "POST", "/bundles", body({ title: "Pond\u0000life" }))).status).toBe(
      400,
    );
    // An unlisted resource of their own, and a bundle inside a bundle.
    const hidden = await makeResource(bed.t.db, { users_id: bed.creator.id, price: 500, status: "inactive" });
    const unlisted = await bed.call(
      bed.creator,
      "POST",
      "/bundles",
      body({ resourceIds: [bed.owl.id, hidden.id] }),
    );
    expect(unlisted.body.fields).toEqual({ resourceIds: "resource_not_listed" });
    const inner = await makeResource(bed.t.db, { users_id: bed.creator.id, type: "Bundle", price: 500 });
    const nested = await bed.call(
      bed.creator,
      "POST",
      "/bundles",
      body({ resourceIds: [bed.owl.id, inner.id] }),
    );
    expect(nested.body.fields).toEqual({ resourceIds: "bundle_in_bundle" });
    const another = await bed.call(
      bed.creator,
      "POST",
      "/bundles",
      body({ resourceIds: [bed.owl.id, bed.theirs.id] }),
    );
    expect(another.body.fields).toEqual({ resourceIds: "not_your_resource" });
    const dear = await bed.call(bed.creator, "POST", "/bundles", body({ price: 1600 }));
    expect(dear.body.fields).toEqual({ price: "price_not_below_sum" });
    // A visitor may not make one.
    expect((await bed.call(null, "POST", "/bundles", body())).status).toBe(401);
    expect((await bed.t.db.select().from(resources)).length).toBe(before + 2);
  });

  it("lets only its creator change a bundle; new resources and price keep it listed, new words go to review", async () => {
    const made = await bed.call(bed.creator, "POST", "/bundles", body({ title: "Spring set" }));
    const id = made.body.id as string;
    await bed.call(bed.admin, "POST", `/admin/resources/${id}/approve`);

    for (const who of [bed.other, bed.buyer, bed.admin]) {
      const res = await bed.call(who, "PATCH", `/bundles/${id}`, { price: 1000 });
      expect(res.status).toBe(404);
    }
    expect((await bed.call(bed.other, "PATCH", `/bundles/${bed.owl.id}`, { price: 1000 })).status).toBe(404);
    expect((await bed.call(null, "PATCH", `/bundles/${id}`, { price: 1000 })).status).toBe(401);

    const fresh = await bed.freshResource(400);
    const grown = await bed.call(bed.creator, "PATCH", `/bundles/${id}`, {
      resourceIds: [bed.owl.id, bed.frog.id, bed.bee.id, fresh.id],
      price: 1500,
    });
    expect(grown.status).toBe(200);
    expect(grown.body).toMatchObject({
      approval_status: "approved",
      status: "active",
      price: 1500,
      contents: { sumCents: 2000, savingCents: 500 },
    });
    const items = await bed.t.db.select().from(bundleItems).where(eq(bundleItems.bundle_id, id));
    expect(items).toHaveLength(4);
    // A price alone is checked against what it holds.
    const dear = await bed.call(bed.creator, "PATCH", `/bundles/${id}`, { price: 2000 });
    expect(dear.body.fields).toEqual({ price: "price_not_below_sum" });
    const wrong = await bed.call(bed.creator, "PATCH", `/bundles/${id}`, { resourceIds: [bed.owl.id] });
    expect(wrong.status).toBe(400);

    const renamed = await bed.call(bed.creator, "PATCH", `/bundles/${id}`, { title: "Spring set, new" });
    expect(renamed.body).toMatchObject({ approval_status: "awaiting_approval", status: "inactive" });
    expect((await bed.call(null, "GET", `/bundles/${id}`)).status).toBe(404);
    // The wizard's PATCH does not reach around the bundle's rules.
    const viaWizard = await bed.call(bed.creator, "PATCH", `/resources/${id}`, { price: 9000 });
    expect(viaWizard.status).toBe(409);
  });

  it("offers the creator their own listed resources to choose from, never bundles or others'", async () => {
    const res = await bed.call(bed.creator, "GET", "/bundles/choices");
    expect(res.status).toBe(200);
    const ids = res.body.resources.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([bed.owl.id, bed.frog.id, bed.bee.id, bed.freebie.id]));
    expect(ids).not.toContain(bed.theirs.id);
    const types = await bed.t.db.select({ id: resources.id, type: resources.type }).from(resources);
    const bundles = new Set(types.filter((r) => r.type === "Bundle").map((r) => r.id));
    expect(ids.some((id: string) => bundles.has(id))).toBe(false);
    expect((await bed.call(null, "GET", "/bundles/choices")).status).toBe(401);
  });
});
