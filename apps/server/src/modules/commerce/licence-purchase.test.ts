import { addDays } from "@market/domain";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licenceSeats, sales } from "../../db/schema/index.ts";
import { makeResource, makeUser } from "../../test/factories.ts";
import { CARD, promotionsTestbed, today } from "./promotions-testbed.ts";

/**
 * Buying seats for colleagues (issue 23): the buyer's own seat at the price they would pay alone, each
 * further seat at the additional-seat price (the creator's, else the site's 50% of the running price).
 * The seats' rows are made with the sale; assigning them is modules/licences' (its own tests).
 */
describe("money: a purchase of several seats", () => {
  const { bed, call, ledgerSum, saleLedger } = promotionsTestbed();
  const buy = (userId: string, body: object, headers: Record<string, string> = {}) =>
    call(userId, "POST", "/transactions/resource/purchase", { ...CARD, ...body }, headers);
  const slotsOf = async (saleId: string) =>
    (await bed.t.db.select().from(licenceSeats).where(eq(licenceSeats.sale_id, saleId)))
      .map((s) => [s.slot, s.holder_id, s.invited_email])
      .sort();
  const count = async (table: "sales" | "licence_seats" | "payments") =>
    Number(
      (await bed.t.db.execute<{ n: string }>(sql`select count(*) as n from ${sql.identifier(table)}`))
        .rows[0]!.n,
    );
  const creatorWith = async (resource: { price: number; seat_price?: number | null }) => {
    const creator = await makeUser(bed.t.db);
    const { id } = await makeResource(bed.t.db, { users_id: creator.id, ...resource });
    return { creatorId: creator.id, id };
  };

  it("charges the price plus each colleague's seat at the site's percent, and makes the free seats", async () => {
    // Plain: 1000; the site's additionalSeatPercent is 50 by default, so each further seat is 500.
    const page = await call(bed.buyerId, "GET", `/resources/${bed.res.plain}`);
    expect(page.json()).toMatchObject({ seat_price: null, seatPriceCents: 500 });
    const before = { sales: await count("sales"), seats: await count("licence_seats") };
    const short = await buy(bed.buyerId, { resourceId: bed.res.plain, amount: 1000, seats: 3 });
    expect([short.statusCode, short.json().error, short.json().fields]).toEqual([
      409,
      "price_changed",
      { amount: "price_changed" },
    ]);
    expect({ sales: await count("sales"), seats: await count("licence_seats") }).toEqual(before);

    const res = await buy(bed.buyerId, { resourceId: bed.res.plain, amount: 2000, seats: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json().sale).toMatchObject({ amount: 2000, seats: 3, isGift: false });
    const saleId: string = res.json().sale.saleId;
    const [row] = await bed.t.db.select().from(sales).where(eq(sales.id, saleId));
    expect(row).toMatchObject({ amount_cents: 2000, seats: 3, seat_price_cents: 500 });
    expect(await slotsOf(saleId)).toEqual([
      [1, null, null],
      [2, null, null],
    ]);
    // The ledger posts the whole amount as one sale: the creator's 80% of 2000.
    expect(await saleLedger(saleId)).toEqual({
      card_clearing: 2000,
      creator_balance: -1600,
      platform_fees: -400,
    });
    expect(await ledgerSum()).toBe(0);
    const detail = await call(bed.buyerId, "GET", `/transactions/sales/${saleId}`);
    expect(detail.json().sale).toMatchObject({ amount: 2000, seats: 3 });
  });

  it("uses the creator's own seat price, never above the running price", async () => {
    const own = await creatorWith({ price: 1000, seat_price: 300 });
    const res = await buy(bed.buyer2Id, { resourceId: own.id, amount: 1600, seats: 3 });
    expect([res.statusCode, res.json().sale?.seats]).toEqual([200, 3]);
    // A store sale of 50% brings the price to 500, below the creator's seat price of 900: a seat is 500.
    const high = await creatorWith({ price: 1000, seat_price: 900 });
    await call(high.creatorId, "POST", "/sales", {
      percentOff: 50,
      startsAt: today(),
      endsAt: addDays(today(), 2),
    });
    const page = await call(bed.buyer2Id, "GET", `/resources/${high.id}`);
    expect(page.json()).toMatchObject({ sale_price: 500, seat_price: 900, seatPriceCents: 500 });
    const onSale = await buy(bed.buyer2Id, { resourceId: high.id, amount: 1000, seats: 2 });
    expect([onSale.statusCode, onSale.json().sale?.amount]).toEqual([200, 1000]);
  });

  it("lowers both the first seat and the others in a store sale", async () => {
    const shop = await creatorWith({ price: 1000 });
    await call(shop.creatorId, "POST", "/sales", {
      percentOff: 20,
      startsAt: today(),
      endsAt: addDays(today(), 2),
    });
    // 800 for the buyer's seat, 50% of 800 for each colleague's.
    const res = await buy(bed.buyerId, { resourceId: shop.id, amount: 1600, seats: 3 });
    expect([res.statusCode, res.json().sale?.amount]).toEqual([200, 1600]);
  });

  it("takes a coupon off the buyer's own seat only, at the quote and the checkout", async () => {
    const shop = await creatorWith({ price: 1000 });
    const made = await call(bed.adminId, "POST", "/coupons", {
      code: "SEATS100",
      amountOffCents: 100,
      siteWide: true,
      expiresAt: addDays(today(), 30),
      maxUses: 10,
    });
    expect(made.statusCode).toBe(201);
    const quote = await call(bed.buyerId, "GET", `/coupons/SEATS100/quote?resourceId=${shop.id}&seats=3`);
    expect(quote.json()).toEqual({
      code: "SEATS100",
      beforeCents: 2000,
      discountCents: 100,
      priceCents: 1900,
    });
    const one = await call(bed.buyerId, "GET", `/coupons/SEATS100/quote?resourceId=${shop.id}`);
    expect(one.json()).toMatchObject({ beforeCents: 1000, priceCents: 900 });
    const res = await buy(bed.buyerId, {
      resourceId: shop.id,
      amount: 1900,
      seats: 3,
      couponCode: "SEATS100",
    });
    expect(res.statusCode).toBe(200);
    // The site's code is the platform's: the fee and the creator's share are those of 2000.
    expect(await saleLedger(res.json().sale.saleId)).toEqual({
      card_clearing: 1900,
      creator_balance: -1600,
      platform_discounts: 100,
      platform_fees: -400,
    });
    expect(await ledgerSum()).toBe(0);
  });

  it("refuses a number of seats that is not a whole number from 1 to 100, and changes nothing", async () => {
    const before = { sales: await count("sales"), payments: await count("payments") };
    for (const seats of [0, 101, "3", 1.5, null]) {
      const res = await buy(bed.buyer2Id, { resourceId: bed.res.small, amount: 500, seats });
      expect([seats, res.statusCode, res.json().error, Object.keys(res.json().fields ?? {})]).toEqual([
        seats,
        400,
        "validation_failed",
        ["seats"],
      ]);
    }
    expect({ sales: await count("sales"), payments: await count("payments") }).toEqual(before);
  });

  it("refuses a gift of several seats, at the checkout and the quote", async () => {
    const buyer = await makeUser(bed.t.db);
    const before = { sales: await count("sales"), payments: await count("payments") };
    const gift = await buy(buyer.id, { resourceId: bed.res.small, amount: 750, seats: 2 }, {});
    expect(gift.statusCode).toBe(200); // for themself: fine
    const res = await call(buyer.id, "POST", `/transactions/resource/purchase/gift/${buyer.ref_code}`, {
      ...CARD,
      resourceId: bed.res.plain,
      amount: 2000,
      seats: 3,
    });
    expect([res.statusCode, res.json().error, res.json().fields]).toEqual([
      400,
      "validation_failed",
      { seats: "gift_single_seat" },
    ]);
    expect({ sales: await count("sales"), payments: await count("payments") }).toEqual({
      sales: before.sales + 1,
      payments: before.payments + 1,
    });
    await call(bed.adminId, "POST", "/coupons", {
      code: "GIFTSEATS",
      percentOff: 10,
      siteWide: true,
      expiresAt: addDays(today(), 30),
      maxUses: 10,
    });
    const quote = await call(
      buyer.id,
      "GET",
      `/coupons/GIFTSEATS/quote?resourceId=${bed.res.plain}&gift=true&seats=2`,
    );
    expect([quote.statusCode, quote.json().fields]).toEqual([400, { seats: "gift_single_seat" }]);
  });

  it("records a retried purchase once, with its seats made once", async () => {
    const shop = await creatorWith({ price: 600 });
    const buyer = await makeUser(bed.t.db);
    const key = { "idempotency-key": "licence-retry-1" };
    const body = { resourceId: shop.id, amount: 1500, seats: 4 };
    const [a, b] = await Promise.all([buy(buyer.id, body, key), buy(buyer.id, body, key)]);
    const again = await buy(buyer.id, body, key);
    // A racing twin may be told the first is in progress; whoever answers 200 answers the same sale.
    const answers = [a, b, again].filter((r) => r.statusCode === 200).map((r) => r.json().sale.saleId);
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(new Set(answers).size).toBe(1);
    for (const r of [a, b]) expect([200, 409]).toContain(r.statusCode);
    const bought = await bed.t.db.select().from(sales).where(eq(sales.buyer_id, buyer.id));
    expect(bought.map((s) => [s.seats, s.amount_cents, s.seat_price_cents])).toEqual([[4, 1500, 300]]);
    expect(await slotsOf(bought[0]!.id)).toHaveLength(3);
  });
});
