import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resources } from "../../db/schema/index.ts";
import { makeResource } from "../../test/factories.ts";
import { bundlesTestbed } from "./bundles-testbed.ts";

/**
 * The creator's additional-seat price (issue 23): set on a resource in the wizard (PATCH /resources,
 * seat_price) and on a bundle (seatPrice); never above the price; null for the site's percent. The
 * resource page gives each colleague's seat's price now.
 */
describe("the creator's price for each further seat", () => {
  const bed = bundlesTestbed();
  const seatPriceOf = async (id: string) =>
    (await bed.t.db.select({ s: resources.seat_price }).from(resources).where(eq(resources.id, id)))[0]!.s;

  it("sets, checks and clears a resource's seat price", async () => {
    const draft = await makeResource(bed.t.db, {
      users_id: bed.creator.id,
      price: 1000,
      approval_status: "creating",
      status: "inactive",
    });
    const set = await bed.call(bed.creator, "PATCH", `/resources/${draft.id}`, { seat_price: 400 });
    expect([set.status, set.body.seat_price]).toEqual([200, 400]);
    expect(await seatPriceOf(draft.id)).toBe(400);

    const above = await bed.call(bed.creator, "PATCH", `/resources/${draft.id}`, { seat_price: 1001 });
    expect([above.status, above.body.error, above.body.fields]).toEqual([
      400,
      "validation_failed",
      { seat_price: "seat_price_above_price" },
    ]);
    // Lowering the price below the seat price is refused on the seat price too; nothing changes.
    const lower = await bed.call(bed.creator, "PATCH", `/resources/${draft.id}`, { price: 300 });
    expect([lower.status, lower.body.fields]).toEqual([400, { seat_price: "seat_price_above_price" }]);
    for (const bad of [-1, 2.5, "400"]) {
      const res = await bed.call(bed.creator, "PATCH", `/resources/${draft.id}`, { seat_price: bad });
      expect([res.status, Object.keys(res.body.fields ?? {})]).toEqual([400, ["seat_price"]]);
    }
    expect(await seatPriceOf(draft.id)).toBe(400);
    expect((await bed.call(bed.creator, "PATCH", `/resources/${draft.id}`, { seat_price: 0 })).status).toBe(
      200,
    );
    const cleared = await bed.call(bed.creator, "PATCH", `/resources/${draft.id}`, { seat_price: null });
    expect([cleared.status, cleared.body.seat_price]).toEqual([200, null]);
    expect(await seatPriceOf(draft.id)).toBeNull();
  });

  it("gives the page each colleague's seat: the creator's price, the site's percent, 0 when free", async () => {
    const own = await makeResource(bed.t.db, { users_id: bed.creator.id, price: 900, seat_price: 250 });
    expect((await bed.call(null, "GET", `/resources/${own.id}`)).body).toMatchObject({
      seat_price: 250,
      seatPriceCents: 250,
    });
    await bed.call(bed.admin, "PATCH", "/site-settings", { additionalSeatPercent: 40 });
    const site = await makeResource(bed.t.db, { users_id: bed.creator.id, price: 900 });
    expect((await bed.call(null, "GET", `/resources/${site.id}`)).body).toMatchObject({
      seat_price: null,
      seatPriceCents: 360,
    });
    await bed.call(bed.admin, "PATCH", "/site-settings", { additionalSeatPercent: 50 });
    expect((await bed.call(null, "GET", `/resources/${bed.freebie.id}`)).body).toMatchObject({
      seatPriceCents: 0,
    });
  });

  it("sets a bundle's seat price when made and changed, never above its price", async () => {
    const body = {
      title: "Seats bundle",
      description: "Two units for a department, with seats for colleagues.",
      resourceIds: [bed.owl.id, bed.frog.id],
      price: 1000,
    };
    const above = await bed.call(bed.creator, "POST", "/bundles", { ...body, seatPrice: 1200 });
    expect([above.status, above.body.fields]).toEqual([400, { seatPrice: "seat_price_above_price" }]);
    const made = await bed.call(bed.creator, "POST", "/bundles", { ...body, seatPrice: 600 });
    expect([made.status, made.body.seatPrice]).toEqual([201, 600]);
    const plain = await bed.call(bed.creator, "POST", "/bundles", { ...body, title: "Seats bundle two" });
    expect([plain.status, plain.body.seatPrice]).toEqual([201, null]);

    const id = made.body.id as string;
    const cheaper = await bed.call(bed.creator, "PATCH", `/bundles/${id}`, { price: 500 });
    expect([cheaper.status, cheaper.body.fields]).toEqual([400, { seatPrice: "seat_price_above_price" }]);
    const both = await bed.call(bed.creator, "PATCH", `/bundles/${id}`, { price: 900, seatPrice: 450 });
    expect([both.status, both.body.price, both.body.seatPrice]).toEqual([200, 900, 450]);
    const cleared = await bed.call(bed.creator, "PATCH", `/bundles/${id}`, { seatPrice: null });
    expect([cleared.status, cleared.body.seatPrice]).toEqual([200, null]);
    expect(await seatPriceOf(id)).toBeNull();
  });
});
