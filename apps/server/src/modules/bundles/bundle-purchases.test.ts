import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resourceFiles, sales } from "../../db/schema/index.ts";
import { makeUser, TEST_CARD } from "../../test/factories.ts";
import { bundlesTestbed } from "./bundles-testbed.ts";

/**
 * Buying a bundle through the real checkout (issue 22): the price less what the buyer already paid for
 * its resources (never below $1 while anything is left, 409 when nothing is), every included resource
 * owned (the premium download too, and resources added later), "My resources" listing the bundle and
 * what came in it, and a refunded sale granting nothing.
 */
describe("bundles: buying, owning and the library", () => {
  const bed = bundlesTestbed();
  let frogDownload: string;

  beforeAll(async () => {
    const [file] = await bed.t.db
      .select({ id: resourceFiles.id })
      .from(resourceFiles)
      .where(eq(resourceFiles.resource_id, bed.frog.id));
    frogDownload = `/resources/${bed.frog.name}/files/${file!.id}/download`;
  });

  /** A listed bundle of the creator's. */
  const listedBundle = async (title: string, resourceIds: string[], price: number) => {
    const made = await bed.call(bed.creator, "POST", "/bundles", {
      title,
      description: "A set of units for the whole term, together.",
      resourceIds,
      price,
    });
    expect(made.status).toBe(201);
    expect((await bed.call(bed.admin, "POST", `/admin/resources/${made.body.id}/approve`)).status).toBe(200);
    return made.body as { id: string; name: string };
  };
  const newBuyer = () => makeUser(bed.t.db);
  const buy = (who: Awaited<ReturnType<typeof newBuyer>>, resourceId: string, amount: number) =>
    bed.call(who, "POST", "/transactions/resource/purchase", { resourceId, amount, ...TEST_CARD });
  const download = async (who: Awaited<ReturnType<typeof newBuyer>>) =>
    (await bed.call(who, "GET", frogDownload)).status;

  it("grants every included resource, the premium download too, and any resource added later", async () => {
    const bundle = await listedBundle("Pond set", [bed.owl.id, bed.frog.id, bed.bee.id], 1200);
    const buyer = await newBuyer();
    expect(await download(buyer)).toBe(403);
    const bought = await buy(buyer, bundle.name, 1200);
    expect(bought.status).toBe(200);
    expect(bought.body.sale.amount).toBe(1200);
    expect(await download(buyer)).toBe(200);
    expect((await bed.call(buyer, "GET", `/resources/${bed.owl.name}`)).body.isOwned).toBe(true);
    // Again: already owned.
    expect((await buy(buyer, bundle.name, 1200)).status).toBe(409);

    const later = await bed.freshResource(600);
    const grown = await bed.call(bed.creator, "PATCH", `/bundles/${bundle.id}`, {
      resourceIds: [bed.owl.id, bed.frog.id, bed.bee.id, later.id],
    });
    expect(grown.status).toBe(200);
    expect((await bed.call(buyer, "GET", `/resources/${later.name}`)).body.isOwned).toBe(true);

    const library = await bed.call(buyer, "GET", "/users/self/library");
    expect(library.status).toBe(200);
    const bySource = Object.fromEntries(
      library.body.items.map((i: { resource: { id: string } }) => [i.resource.id, i]),
    );
    expect(library.body.total).toBe(5);
    expect(bySource[bundle.id]).toMatchObject({
      resource: { isBundle: true },
      source: "purchase",
      saleId: bought.body.sale.saleId,
      amount: 1200,
      inBundle: null,
    });
    for (const id of [bed.owl.id, bed.frog.id, bed.bee.id, later.id]) {
      expect(bySource[id]).toMatchObject({
        resource: { isBundle: false },
        source: "bundle",
        saleId: null,
        amount: null,
        inBundle: { id: bundle.id, title: "Pond set" },
      });
    }
    expect(bySource[bed.frog.id].file).toMatchObject({ name: "frogs-full.pdf" });

    // A refunded sale grants nothing: no download, nothing in the library.
    await bed.t.db
      .update(sales)
      .set({ refunded_at: new Date() })
      .where(and(eq(sales.buyer_id, buyer.id), eq(sales.resource_id, bundle.id)));
    expect(await download(buyer)).toBe(403);
    expect((await bed.call(buyer, "GET", "/users/self/library")).body.total).toBe(0);
  });

  it("charges a buyer who owns some of it the bundle price less what they paid, never below $1", async () => {
    const bundle = await listedBundle("Owl and bee", [bed.owl.id, bed.bee.id, bed.frog.id], 1150);
    const buyer = await newBuyer();
    expect((await buy(buyer, bed.frog.name, 500)).status).toBe(200);
    // 1150 less 500 paid for the frog unit.
    const stale = await buy(buyer, bundle.name, 1150);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe("price_changed");
    expect((await buy(buyer, bundle.name, 650)).status).toBe(200);

    const another = await newBuyer();
    expect((await buy(another, bed.owl.name, 800)).status).toBe(200);
    expect((await buy(another, bed.bee.name, 300)).status).toBe(200);
    // 1150 less 1100 is 50 cents: the floor is $1.
    const floor = await buy(another, bundle.name, 100);
    expect(floor.status).toBe(200);
    expect(floor.body.sale.amount).toBe(100);
    const [sale] = await bed.t.db
      .select()
      .from(sales)
      .where(and(eq(sales.buyer_id, another.id), eq(sales.resource_id, bundle.id)));
    expect(sale).toMatchObject({ amount_cents: 100, credit_cents: 1050 });
  });

  it("answers 409 nothing_to_pay to a buyer who paid the bundle's price already for its resources", async () => {
    const bundle = await listedBundle("Owl and frog", [bed.owl.id, bed.frog.id], 1200);
    const buyer = await newBuyer();
    expect((await buy(buyer, bed.owl.name, 800)).status).toBe(200);
    expect((await buy(buyer, bed.frog.name, 500)).status).toBe(200);
    const res = await buy(buyer, bundle.name, 1200);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("nothing_to_pay");
    const none = await bed.t.db
      .select()
      .from(sales)
      .where(and(eq(sales.buyer_id, buyer.id), eq(sales.resource_id, bundle.id)));
    expect(none).toHaveLength(0);
  });
});
