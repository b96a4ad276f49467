import { addDays, type ResourceCard } from "@market/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons, sales } from "../../db/schema/index.ts";
import { makeResource, makeUser } from "../../test/factories.ts";
import { overlapping } from "../../test/race.ts";
import { CARD, promotionsTestbed, today } from "./promotions-testbed.ts";

const NEVER_ENDING = () => addDays(today(), 30);

describe("store-wide sales on cards, pages and the checkout", () => {
  const { bed, call } = promotionsTestbed();
  const card = async (id: string) => {
    const res = await bed.t.app.inject({ method: "GET", url: "/api/resources?pageSize=48" });
    return res.json<{ resources: ResourceCard[] }>().resources.find((c) => c.id === id)!;
  };
  const page = async (id: string) =>
    (await bed.t.app.inject({ method: "GET", url: `/api/resources/${id}` })).json();

  it("shows the store sale's price and last day on cards and the page, and charges it", async () => {
    const sale = await call(bed.sellerId, "POST", "/sales", {
      percentOff: 20,
      startsAt: today(),
      endsAt: addDays(today(), 5),
    });
    expect(sale.statusCode).toBe(201);
    expect(await card(bed.res.plain)).toMatchObject({
      price: 1000,
      sale_price: 800,
      sale_end: addDays(today(), 5),
    });
    expect(await page(bed.res.plain)).toMatchObject({ sale_price: 800, sale_end: addDays(today(), 5) });
    // Another creator's resources and free ones are untouched.
    expect(await card(bed.res.others)).toMatchObject({ sale_price: null, sale_end: null });
    expect(await card(bed.res.free)).toMatchObject({ price: 0, sale_price: null });
    // The checkout charges the price shown and refuses the list price.
    const listPrice = await call(bed.buyerId, "POST", "/transactions/resource/purchase", {
      resourceId: bed.res.plain,
      amount: 1000,
      ...CARD,
    });
    expect(listPrice.json().error).toBe("price_changed");
    const bought = await call(bed.buyerId, "POST", "/transactions/resource/purchase", {
      resourceId: bed.res.plain,
      amount: 800,
      ...CARD,
    });
    expect([bought.statusCode, bought.json().sale.amount]).toEqual([200, 800]);
  });

  it("does not stack with a resource's own sale: the lower price wins, with that sale's end", async () => {
    // Own sale 1500 (ends in 3 days) against 20% off 2000 = 1600: the own sale is lower.
    expect(await card(bed.res.ownSale)).toMatchObject({ sale_price: 1500, sale_end: addDays(today(), 3) });
    const deeper = await call(bed.sellerId, "POST", "/sales", {
      percentOff: 40,
      resourceIds: [bed.res.ownSale],
      startsAt: today(),
      endsAt: addDays(today(), 2),
    });
    // 40% off 2000 = 1200, lower than 1500: the store sale wins, and overlapping sales give the highest.
    expect(await card(bed.res.ownSale)).toMatchObject({ sale_price: 1200, sale_end: addDays(today(), 2) });
    expect(await page(bed.res.ownSale)).toMatchObject({ sale_price: 1200 });
    expect(await card(bed.res.small)).toMatchObject({ sale_price: 400 });
    // Ended: the grid drops it at once (catalogueChanged), back to the own sale.
    await call(bed.sellerId, "DELETE", `/sales/${deeper.json().id}`);
    expect(await card(bed.res.ownSale)).toMatchObject({ sale_price: 1500, sale_end: addDays(today(), 3) });
  });

  it("shows nothing for a scheduled sale until its first day", async () => {
    const creator = await makeUser(bed.t.db);
    const { id } = await makeResource(bed.t.db, { users_id: creator.id, price: 900 });
    await call(creator.id, "POST", "/sales", {
      percentOff: 50,
      startsAt: addDays(today(), 1),
      endsAt: addDays(today(), 2),
    });
    expect(await card(id)).toMatchObject({ sale_price: null });
  });
});

describe("coupon codes at the checkout: the quote, the ledger, once per buyer, the use limit", () => {
  const { bed, call, ledgerSum, saleLedger } = promotionsTestbed();
  const code = async (userId: string, body: object) => {
    const res = await call(userId, "POST", "/coupons", { expiresAt: NEVER_ENDING(), maxUses: 10, ...body });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; code: string }>();
  };
  const quote = (userId: string, c: string, resourceId: string) =>
    call(userId, "GET", `/coupons/${encodeURIComponent(c)}/quote?resourceId=${resourceId}`);
  const buy = (userId: string, resourceId: string, amount: number, couponCode?: string) =>
    call(userId, "POST", "/transactions/resource/purchase", {
      resourceId,
      amount,
      ...(couponCode ? { couponCode } : {}),
      ...CARD,
    });

  it("quotes a creator's code on the price after the resource's own sale", async () => {
    await code(bed.sellerId, { code: "TENOFF", percentOff: 10 });
    const res = await quote(bed.buyerId, "tenoff", bed.res.ownSale);
    expect(res.json()).toEqual({ code: "TENOFF", beforeCents: 1500, discountCents: 150, priceCents: 1350 });
  });

  it("charges the quoted price; the creator bears their own code's discount", async () => {
    const res = await buy(bed.buyerId, bed.res.plain, 900, "TenOff");
    expect(res.statusCode).toBe(200);
    const [sale] = await bed.t.db.select().from(sales).where(eq(sales.id, res.json().sale.saleId));
    expect(sale).toMatchObject({ amount_cents: 900, discount_cents: 100 });
    // 20% fee on what was paid; the creator keeps 720 of 900; the platform has no discount line.
    expect(await saleLedger(sale!.id)).toEqual({
      card_clearing: 900,
      creator_balance: -720,
      platform_fees: -180,
    });
    expect(await ledgerSum()).toBe(0);
  });

  it("refuses the same buyer's second use, in the quote and at the checkout", async () => {
    const q = await quote(bed.buyerId, "TENOFF", bed.res.small);
    expect([q.statusCode, q.json().error]).toEqual([409, "coupon_already_used"]);
    const again = await buy(bed.buyerId, bed.res.small, 450, "TENOFF");
    expect([again.statusCode, again.json().error]).toEqual([409, "coupon_already_used"]);
  });

  it("makes the platform bear a site code: the creator gets the share of the undiscounted price", async () => {
    await code(bed.adminId, { code: "SITE3", amountOffCents: 300, siteWide: true });
    expect((await quote(bed.buyer2Id, "SITE3", bed.res.others)).json()).toMatchObject({
      beforeCents: 800,
      discountCents: 300,
      priceCents: 500,
    });
    const res = await buy(bed.buyer2Id, bed.res.others, 500, "SITE3");
    expect(res.statusCode).toBe(200);
    expect(await saleLedger(res.json().sale.saleId)).toEqual({
      card_clearing: 500,
      creator_balance: -640,
      platform_discounts: 300,
      platform_fees: -160,
    });
    expect(await ledgerSum()).toBe(0);
  });

  it("refuses codes that do not apply, with a clear reason, at the quote and the checkout", async () => {
    const other = await code(bed.otherId, { code: "THEIRS", percentOff: 50 });
    const only = await code(bed.sellerId, {
      code: "ONLYOWL",
      percentOff: 50,
      resourceIds: [bed.res.ownSale],
    });
    const ended = await code(bed.sellerId, { code: "ENDED", percentOff: 50 });
    await call(bed.sellerId, "DELETE", `/coupons/${ended.id}`);
    await code(bed.sellerId, { code: "EXPIRED", percentOff: 50 });
    await bed.t.db
      .update(coupons)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, "EXPIRED"));
    const cases: [string, string, number, string][] = [
      ["NOSUCH", bed.res.small, 404, "coupon_not_found"],
      ["x", bed.res.small, 404, "coupon_not_found"],
      [other.code, bed.res.small, 409, "coupon_not_for_resource"],
      [only.code, bed.res.small, 409, "coupon_not_for_resource"],
      [ended.code, bed.res.small, 409, "coupon_expired"],
      ["EXPIRED", bed.res.small, 409, "coupon_expired"],
    ];
    for (const [c, resourceId, status, error] of cases) {
      const q = await quote(bed.buyer2Id, c, resourceId);
      expect([c, q.statusCode, q.json().error]).toEqual([c, status, error]);
      const b = await buy(bed.buyer2Id, resourceId, 250, c);
      expect([c, b.statusCode, b.json().error]).toEqual([c, status, error]);
    }
    // Nothing was bought, and the creator's own resource is not for them to buy.
    expect(await bed.t.db.$count(sales, eq(sales.buyer_id, bed.buyer2Id))).toBe(1);
    const own = await quote(bed.sellerId, "TENOFF", bed.res.small);
    expect([own.statusCode, own.json().error]).toEqual([409, "not_for_sale"]);
    const free = await quote(bed.buyer2Id, "TENOFF", bed.res.free);
    expect(free.json().error).toBe("not_for_sale");
    expect(
      (await bed.t.app.inject({ method: "GET", url: "/api/coupons/TENOFF/quote?resourceId=x" })).statusCode,
    ).toBe(401);
  });

  it("never passes the use limit when buyers race for the last uses", async () => {
    await code(bed.sellerId, { code: "LASTTWO", percentOff: 20, maxUses: 2 });
    const buyers = await Promise.all([1, 2, 3, 4].map(() => makeUser(bed.t.db)));
    // On PostgreSQL all four are held at their sale's insert until all wait there: each passed the
    // quote's "uses < max" check, so the guarded increment decides. On PGlite they take turns.
    const answers = await overlapping(bed.t.databaseUrl, "sales", 4, () =>
      Promise.all(buyers.map((b) => buy(b.id, bed.res.small, 400, "LASTTWO"))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error)).toEqual([
      "coupon_used_up",
      "coupon_used_up",
    ]);
    const [row] = await bed.t.db.select().from(coupons).where(eq(coupons.code, "LASTTWO"));
    expect(row?.uses).toBe(2);
    expect(await ledgerSum()).toBe(0);
    const q = await quote(bed.buyerId, "LASTTWO", bed.res.small);
    expect(q.json().error).toBe("coupon_used_up");
  });

  it("never lets one buyer use a code twice, even with two checkouts at once", async () => {
    await code(bed.sellerId, { code: "ONCE", percentOff: 20 });
    const buyer = await makeUser(bed.t.db);
    const answers = await overlapping(bed.t.databaseUrl, "sales", 2, () =>
      Promise.all([buy(buyer.id, bed.res.small, 400, "ONCE"), buy(buyer.id, bed.res.ownSale, 1200, "ONCE")]),
    );
    expect(answers.map((a) => [a.statusCode, a.json().error]).sort()).toEqual([
      [200, undefined],
      [409, "coupon_already_used"],
    ]);
    const [row] = await bed.t.db.select().from(coupons).where(eq(coupons.code, "ONCE"));
    expect(row?.uses).toBe(1);
    expect(await bed.t.db.$count(sales, eq(sales.buyer_id, buyer.id))).toBe(1);
  });
});
