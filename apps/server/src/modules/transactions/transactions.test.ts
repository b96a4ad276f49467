import { addDays, dayInZone, TIP_NOTE_MAX } from "@market/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  donations,
  ledgerEntries,
  payments,
  resourceFiles,
  sales,
  tips,
  users,
} from "../../db/schema/index.ts";
import type { createSandboxGateway } from "../../platform/payments.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeResource, makeUser } from "../../test/factories.ts";
import { holdWrites, overlapping } from "../../test/race.ts";
import { requestHashFor } from "./checkout.service.ts";

/** Sandbox test cards (SANDBOX_TEST_CARDS). */
const CARD = {
  cardName: "Ada Lovelace",
  cardNumber: "4242 4242 4242 4242",
  cardExp: "12/30",
  cardCvv: "123",
  billingStreetAddress: "1 School Lane",
  billingCity: "Springfield",
  billingState: "IL",
  billingZipCode: "62701",
};
const DECLINED = { ...CARD, cardNumber: "4000000000000002" };
const NO_FUNDS = { ...CARD, cardNumber: "4000000000009995" };

describe("money: purchases, gifts, tips and donations through the sandbox gateway and the ledger", () => {
  let t: TestApp;
  let creatorId: string;
  let buyerName: string;
  let buyerId: string;
  let premiumUrl: string;
  const today = () => dayInZone(new Date(), "America/New_York");
  let sandbox: ReturnType<typeof createSandboxGateway>;

  beforeAll(async () => {
    t = await buildTestApp();
    sandbox = t.app.deps.payments as ReturnType<typeof createSandboxGateway>;
    const creator = await makeUser(t.db, { username: "seller" });
    creatorId = creator.id;
    const buyer = await makeUser(t.db, { username: "buyer" });
    buyerName = buyer.username;
    buyerId = buyer.id;
    const paid = await makeResource(t.db, { users_id: creatorId, name: "owl-unit", price: 800 });
    await makeResource(t.db, {
      users_id: creatorId,
      name: "sale-unit",
      price: 1000,
      sale_price: 600,
      sale_end: addDays(today(), 3),
    });
    await makeResource(t.db, { users_id: creatorId, name: "race-unit", price: 500 });
    await makeResource(t.db, { users_id: creatorId, name: "gift-unit", price: 300 });
    await makeResource(t.db, { users_id: creatorId, name: "free-unit", price: 0 });
    await t.app.deps.storage.put("files/owl-full.pdf", Buffer.from("%PDF-1.4 owls, full"));
    const [premium] = await t.db
      .insert(resourceFiles)
      .values({
        resource_id: paid.id,
        name: "owls-full.pdf",
        storage_key: "files/owl-full.pdf",
        content_type: "application/pdf",
        size_bytes: 19,
        is_premium_file: true,
      })
      .returning();
    premiumUrl = `/api/resources/owl-unit/files/${premium!.id}/download`;
  });
  afterAll(() => t.close());

  const post = async (url: string, body: object, user = buyerName, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api${url}`,
      headers: { ...(await t.authHeader(user)), ...headers },
      payload: body,
    });
  const ledgerSum = async () =>
    Number(
      (await t.db.execute<{ s: string }>(sql`select coalesce(sum(amount_cents), 0) as s from ledger_entries`))
        .rows[0]!.s,
    );
  const creatorBalance = async (userId: string) =>
    -Number(
      (
        await t.db.execute<{ s: string }>(
          sql`select coalesce(sum(amount_cents), 0) as s from ledger_entries where account = 'creator_balance' and users_id = ${userId}`,
        )
      ).rows[0]!.s,
    );

  it("buys a paid resource with a test card: a sale, a balanced ledger, the creator's 80%, the premium file", async () => {
    const auth = await t.authHeader(buyerName);
    expect((await t.app.inject({ method: "GET", url: premiumUrl, headers: auth })).statusCode).toBe(403);
    const res = await post("/transactions/resource/purchase", {
      resourceId: "owl-unit",
      amount: 800,
      ...CARD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sale: { amount: 800, isGift: false, refCode: null },
      resourceName: "owl-unit",
      giftUri: null,
    });
    const download = await t.app.inject({ method: "GET", url: premiumUrl, headers: auth });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe("%PDF-1.4 owls, full");
    expect(await ledgerSum()).toBe(0);
    // DECISIONS.md: salesFeePercent 20, the creator keeps 80%.
    expect(await creatorBalance(creatorId)).toBe(640);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, (await t.db.select().from(sales))[0]!.payment_id));
    expect(payment).toMatchObject({
      status: "captured",
      card_brand: "visa",
      card_last4: "4242",
      gateway: "sandbox",
    });
    // No card number or CVV anywhere in the row.
    expect(JSON.stringify(payment)).not.toMatch(/4242424242424242|"123"/);

    const again = await post("/transactions/resource/purchase", {
      resourceId: "owl-unit",
      amount: 800,
      ...CARD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("already_owned");
  });

  it("charges the sale price while the sale runs, and refuses an amount the buyer did not see", async () => {
    const stale = await post("/transactions/resource/purchase", {
      resourceId: "sale-unit",
      amount: 1000,
      ...CARD,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe("price_changed");
    const ok = await post("/transactions/resource/purchase", {
      resourceId: "sale-unit",
      amount: 600,
      ...CARD,
    });
    expect(ok.json().sale.amount).toBe(600);
    const free = await post("/transactions/resource/purchase", {
      resourceId: "free-unit",
      amount: 100,
      ...CARD,
    });
    expect(free.json().error).toBe("not_for_sale");
  });

  it("records nothing for a declined card and says why", async () => {
    const before = (await t.db.select().from(sales)).length;
    const declined = await post("/transactions/resource/purchase", {
      resourceId: "race-unit",
      amount: 500,
      ...DECLINED,
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ error: "payment_declined", fields: { card: "card_declined" } });
    const broke = await post("/transactions/resource/purchase", {
      resourceId: "race-unit",
      amount: 500,
      ...NO_FUNDS,
    });
    expect(broke.json().fields).toEqual({ card: "insufficient_funds" });
    const typo = await post("/transactions/resource/purchase", {
      resourceId: "race-unit",
      amount: 500,
      ...CARD,
      cardNumber: "4242424242424241",
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().fields).toEqual({ cardNumber: "invalid_card_number" });
    expect((await t.db.select().from(sales)).length).toBe(before);
    expect(await ledgerSum()).toBe(0);
  });

  it("checks the payment form (spec 5), skipping billing when quickCheckout is on", async () => {
    const bad = await post("/transactions/resource/purchase", {
      resourceId: "race-unit",
      amount: 500,
      ...CARD,
      cardName: "A",
      billingState: "Illinois",
      billingZipCode: "627",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      cardName: "too_short",
      billingState: "wrong_length",
      billingZipCode: "too_short",
    });
    const {
      billingStreetAddress: _s,
      billingCity: _c,
      billingState: _st,
      billingZipCode: _z,
      ...cardOnly
    } = CARD;
    expect((await post("/transactions/donate/purchase", { amount: 500, ...cardOnly })).statusCode).toBe(400);
    await t.db.execute(sql`insert into site_settings (key, value) values ('quickCheckout', 'true'::jsonb)
      on conflict (key) do update set value = excluded.value`);
    try {
      expect((await post("/transactions/donate/purchase", { amount: 500, ...cardOnly })).statusCode).toBe(
        200,
      );
    } finally {
      await t.db.execute(sql`delete from site_settings where key = 'quickCheckout'`);
    }
  });

  it("answers a retry with the same Idempotency-Key with the first result, and refuses the key for another request", async () => {
    const buyer = await makeUser(t.db);
    const key = { "idempotency-key": "retry-key-0001" };
    const body = { resourceId: "race-unit", amount: 500, ...CARD };
    const first = await post("/transactions/resource/purchase", body, buyer.username, key);
    const second = await post("/transactions/resource/purchase", body, buyer.username, key);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await t.db.select().from(sales).where(eq(sales.buyer_id, buyer.id));
    expect(rows).toHaveLength(1);
    const charged = [...sandbox.charges.values()].filter(
      (c) => c.status === "captured" && c.amountCents === 500,
    );
    const other = await post("/transactions/donate/purchase", { amount: 700, ...CARD }, buyer.username, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe("idempotency_key_reused");
    expect(
      [...sandbox.charges.values()].filter((c) => c.status === "captured" && c.amountCents === 500),
    ).toHaveLength(charged.length);
  });

  const chargesOf = async (userId: string) =>
    (await t.db.select().from(payments).where(eq(payments.users_id, userId)))
      .map((p) => [p.status, p.charge_id ? sandbox.charges.get(p.charge_id)?.status : null])
      .sort();

  it("charges once when the same purchase arrives twice at once", async () => {
    const buyer = await makeUser(t.db);
    const body = { resourceId: "race-unit", amount: 500, ...CARD };
    // On PostgreSQL both requests are held at their sale's insert until both are there: both passed the
    // "already owned" precheck and had the card authorised, so the one-sale-per-buyer index decides. On
    // PGlite (one connection) they take turns, and the precheck or the index refuses the second.
    const answers = await overlapping(t.databaseUrl, "sales", 2, () =>
      Promise.all([
        post("/transactions/resource/purchase", body, buyer.username),
        post("/transactions/resource/purchase", body, buyer.username),
      ]),
    );
    expect(answers.map((a) => [a.statusCode, a.json().error]).sort()).toEqual([
      [200, undefined],
      [409, "already_owned"],
    ]);
    expect(await t.db.select().from(sales).where(eq(sales.buyer_id, buyer.id))).toHaveLength(1);
    // The loser's authorisation was voided, never captured. On PGlite the loser may have been stopped
    // before it had one (by the precheck, which leaves no payment) or after (by the index).
    const charges = await chargesOf(buyer.id);
    expect(charges).toEqual(
      t.databaseUrl || charges.length > 1
        ? [
            ["captured", "captured"],
            ["failed", "voided"],
          ]
        : [["captured", "captured"]],
    );
  });

  // A double click with one key, the second arriving while the first records: PostgreSQL only, since on
  // PGlite the second never finds the first in the middle of recording (checkout-race.test.ts has the
  // engine-level version of this race).
  it("answers a double click with one Idempotency-Key once, charging once", async (context) => {
    if (!t.databaseUrl) context.skip();
    const buyer = await makeUser(t.db);
    const body = { resourceId: "race-unit", amount: 500, ...CARD };
    const key = { "idempotency-key": "double-click-01" };
    const hold = await holdWrites(t.databaseUrl!, "sales");
    let clicks: Awaited<ReturnType<typeof post>>[];
    try {
      const first = post("/transactions/resource/purchase", body, buyer.username, key);
      // The first is authorised and waits at its sale's insert, holding its payment row...
      await hold.waiting(1);
      const second = post("/transactions/resource/purchase", body, buyer.username, key);
      // ...where the second, finding that payment authorised, waits for it.
      await hold.waiting(2);
      await hold.release();
      clicks = await Promise.all([first, second]);
    } finally {
      await hold.release();
    }
    expect(clicks.map((c) => c.statusCode)).toEqual([200, 200]);
    expect(clicks[1]!.json()).toEqual(clicks[0]!.json());
    expect(await t.db.select().from(sales).where(eq(sales.buyer_id, buyer.id))).toHaveLength(1);
    expect(await chargesOf(buyer.id)).toEqual([["captured", "captured"]]);
  });

  it("reconciles a checkout that died after the charge and before the sale: the retry records it, charging once", async () => {
    const buyer = await makeUser(t.db);
    const key = "crashed-checkout-1";
    const body = { resourceId: "race-unit", amount: 500, ...CARD };
    // The state a crash leaves: the processor authorised the card, our payment row says so, no sale.
    const authorised = await sandbox.authorize({
      amountCents: 500,
      card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: CARD.cardName },
      idempotencyKey: `${buyer.id}:${key}`,
    });
    if (!authorised.ok) throw new Error("sandbox refused the test card");
    const { cardNumber: _n, cardCvv: _c, cardExp: _e, ...identity } = body;
    await t.db.insert(payments).values({
      users_id: buyer.id,
      purpose: "purchase",
      amount_cents: 500,
      status: "authorized",
      gateway: "sandbox",
      charge_id: authorised.chargeId,
      card_brand: "visa",
      card_last4: "4242",
      idempotency_key: key,
      request_hash: requestHashFor("purchase", 500, { ...identity, gift: false }, body),
    });
    const retry = await post("/transactions/resource/purchase", body, buyer.username, {
      "idempotency-key": key,
    });
    expect(retry.json()).toMatchObject({ sale: { amount: 500 } });
    expect(await t.db.select().from(sales).where(eq(sales.buyer_id, buyer.id))).toHaveLength(1);
    expect(sandbox.charges.get(authorised.chargeId)?.status).toBe("captured");
    expect([...sandbox.charges.values()].filter((c) => c.chargeId === authorised.chargeId)).toHaveLength(1);
    expect(await ledgerSum()).toBe(0);
  });

  it("buys a gift whose link a new teacher claims, and nobody else can", async () => {
    const giver = await makeUser(t.db);
    const wrongCode = await post(
      "/transactions/resource/purchase/gift/NOTMINE1",
      { resourceId: "gift-unit", amount: 300, ...CARD },
      giver.username,
    );
    expect(wrongCode.statusCode).toBe(400);
    const bought = await post(
      `/transactions/resource/purchase/gift/${giver.ref_code}`,
      { resourceId: "gift-unit", amount: 300, ...CARD },
      giver.username,
    );
    expect(bought.statusCode).toBe(200);
    const { giftUri, sale } = bought.json();
    expect(sale.isGift).toBe(true);
    const url = new URL(giftUri);
    // The link opens the purchase page, where a signed-in teacher claims it (a visitor signs up first).
    expect(url.pathname).toBe("/resources/gift-unit/purchase");
    expect(url.searchParams.get("refCode")).toBe(giver.ref_code);
    const giftCode = url.searchParams.get("gift")!;
    expect((await post(`/transactions/gifts/${giftCode}/claim`, {}, giver.username)).statusCode).toBe(409);

    const friend = await makeUser(t.db);
    const claimed = await post(`/transactions/gifts/${giftCode}/claim`, {}, friend.username);
    expect(claimed.json()).toMatchObject({ resourceName: "gift-unit", saleId: sale.saleId });
    expect((await post(`/transactions/gifts/${giftCode}/claim`, {}, friend.username)).statusCode).toBe(200);
    const owned = await t.app.inject({
      method: "GET",
      url: "/api/resources/gift-unit",
      headers: await t.authHeader(friend.username),
    });
    expect(owned.json().isOwned).toBe(true);
    const late = await makeUser(t.db);
    expect((await post(`/transactions/gifts/${giftCode}/claim`, {}, late.username)).json().error).toBe(
      "gift_already_claimed",
    );
  });

  it("tips a creator once a day", async () => {
    const fan = await makeUser(t.db);
    const tip = (amount: number, extra: object = {}) =>
      post(
        `/transactions/tip/purchase/${creatorId}`,
        { amount, tipNote: "Thank you!", ...CARD, ...extra },
        fan.username,
      );
    expect((await tip(50)).json().fields).toEqual({ amount: "invalid_tip_amount" });
    expect((await tip(500, { tipNote: "a".repeat(TIP_NOTE_MAX + 1) })).json().fields).toEqual({
      tipNote: "too_long",
    });
    const before = await creatorBalance(creatorId);
    expect((await tip(500)).statusCode).toBe(200);
    const again = await tip(500, { cardNumber: "5555555555554444" });
    expect([again.statusCode, again.json().error]).toEqual([409, "tip_already_sent_today"]);
    // tipFeePercent 0: the creator keeps all of it.
    expect(await creatorBalance(creatorId)).toBe(before + 500);
    expect(await t.db.select().from(tips).where(eq(tips.tipper_id, fan.id))).toHaveLength(1);
    const self = await post(`/transactions/tip/purchase/${fan.id}`, { amount: 500, ...CARD }, fan.username);
    expect(self.statusCode).toBe(400);

    const other = await makeUser(t.db);
    const many = await post(
      "/transactions/tip/multiple",
      { recipientIds: [creatorId, other.id], amount: 200, ...CARD },
      (await makeUser(t.db)).username,
    );
    expect(many.json()).toMatchObject({ total: 400 });
    // A creator named twice is tipped (and charged) once.
    const third = await makeUser(t.db);
    const twice = await post(
      "/transactions/tip/multiple",
      { recipientIds: [third.id, third.id], amount: 300, ...CARD },
      (await makeUser(t.db)).username,
    );
    expect(twice.json()).toMatchObject({ total: 300, tips: [{ recipientId: third.id, amount: 300 }] });
    expect(await creatorBalance(other.id)).toBe(200);
    expect(await ledgerSum()).toBe(0);
  });

  it("tips a creator once a day even for two tips at once", async () => {
    const fan = await makeUser(t.db);
    const tip = (cardNumber: string) =>
      post(`/transactions/tip/purchase/${creatorId}`, { amount: 500, ...CARD, cardNumber }, fan.username);
    const before = await creatorBalance(creatorId);
    // On PostgreSQL both are held at their tip's insert, past the "tipped today" precheck and authorised,
    // so the unique index on (tipper, creator, day) decides; on PGlite they take turns, and the precheck
    // or the index refuses the second.
    const [a, b] = await overlapping(t.databaseUrl, "tips", 2, () =>
      Promise.all([tip("4242424242424242"), tip("5555555555554444")]),
    );
    expect([a, b].map((r) => [r.statusCode, r.json().error]).sort()).toEqual([
      [200, undefined],
      [409, "tip_already_sent_today"],
    ]);
    expect(await creatorBalance(creatorId)).toBe(before + 500);
    expect(await t.db.select().from(tips).where(eq(tips.tipper_id, fan.id))).toHaveLength(1);
    const charges = await chargesOf(fan.id);
    expect(charges).toEqual(
      t.databaseUrl || charges.length > 1
        ? [
            ["captured", "captured"],
            ["failed", "voided"],
          ]
        : [["captured", "captured"]],
    );
    expect(await ledgerSum()).toBe(0);
  });

  it("lists the tips a user sent, newest first, with their count and sum, and only their own", async () => {
    const fan = await makeUser(t.db);
    const other = await makeUser(t.db, { first_name: "Olive" });
    await post(
      `/transactions/tip/purchase/${creatorId}`,
      { amount: 300, tipNote: "Great owls", ...CARD },
      fan.username,
    );
    await post(`/transactions/tip/purchase/${other.id}`, { amount: 1000, ...CARD }, fan.username);
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/transactions/tips/sent",
      headers: await t.authHeader(fan.username),
    });
    expect(mine.statusCode).toBe(200);
    const body = mine.json();
    expect(body).toMatchObject({ count: 2, totalAmount: 1300, page: 1, pageSize: 20 });
    expect(body.tips.map((tip: { amount: number }) => tip.amount).sort()).toEqual([1000, 300]);
    expect(body.tips.find((tip: { amount: number }) => tip.amount === 300)).toMatchObject({
      tipNote: "Great owls",
      recipient: { id: creatorId, username: "seller" },
    });
    // Someone else sees only their own (none), a visitor nothing at all, a bad page a 400.
    const stranger = await t.app.inject({
      method: "GET",
      url: "/api/transactions/tips/sent",
      headers: await t.authHeader(other.username),
    });
    expect(stranger.json()).toMatchObject({ tips: [], count: 0, totalAmount: 0 });
    expect((await t.app.inject({ method: "GET", url: "/api/transactions/tips/sent" })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/transactions/tips/sent?page=0",
      headers: await t.authHeader(fan.username),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("takes a donation as platform income and marks the donor", async () => {
    const donor = await makeUser(t.db);
    const res = await post(
      "/transactions/donate/purchase",
      { amount: 1000, placement: "footer", ...CARD },
      donor.username,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().donation).toMatchObject({ amount: 1000, placement: "footer" });
    const [row] = await t.db.select({ date: users.donation_date }).from(users).where(eq(users.id, donor.id));
    expect(row?.date).toBeTruthy();
    const [donation] = await t.db.select().from(donations).where(eq(donations.users_id, donor.id));
    const revenue = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, "platform_revenue")));
    expect(revenue.some((e) => e.amount_cents === -1000)).toBe(true);
    expect(donation?.placement).toBe("footer");
    const visitor = await t.app.inject({
      method: "POST",
      url: "/api/transactions/donate/purchase",
      payload: { amount: 500, ...CARD },
    });
    expect(visitor.statusCode).toBe(401);
    expect(buyerId).toBeTruthy();
  });

  it("features a creator's active resource for the days paid for, until it ends by itself", async () => {
    const featured = async () =>
      (await t.app.inject({ method: "GET", url: "/api/resources?featured=true&pageSize=48" }))
        .json()
        .resources.map((r: { name: string }) => r.name);
    expect(await featured()).not.toContain("owl-unit");
    const body = { resourceId: "owl-unit", days: 3, amount: 600, ...CARD };
    // DECISIONS.md: featurePricePerDayCents 200 a day.
    expect(
      (await post("/transactions/resource/feature", { ...body, amount: 500 }, "seller")).json().error,
    ).toBe("price_changed");
    expect((await post("/transactions/resource/feature", body, buyerName)).statusCode).toBe(404);
    expect(
      (await post("/transactions/resource/feature", { ...body, days: 31, amount: 6200 }, "seller"))
        .statusCode,
    ).toBe(400);
    const res = await post("/transactions/resource/feature", body, "seller");
    expect(res.statusCode).toBe(200);
    const until = new Date(res.json().featuredUntil).getTime();
    expect(until).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
    expect(await featured()).toContain("owl-unit");
    expect(await ledgerSum()).toBe(0);
    await t.db.execute(
      sql`update resources set featured_until = now() - interval '1 minute' where name = 'owl-unit'`,
    );
    expect(await featured()).not.toContain("owl-unit");
  });

  it("refuses tips to nobody, unknown gifts and a purchase of an unlisted resource, charging nothing", async () => {
    const before = (await t.db.select().from(payments)).length;
    const nobody = await post("/transactions/tip/purchase/00000000-0000-4000-8000-000000000000", {
      amount: 500,
      ...CARD,
    });
    expect(nobody.statusCode).toBe(404);
    expect((await post("/transactions/tip/purchase/not-a-user", { amount: 500, ...CARD })).statusCode).toBe(
      404,
    );
    expect((await post("/transactions/gifts/ABCDEFGHJKLMNPQRSTUV/claim", {})).statusCode).toBe(404);
    expect(
      (await post("/transactions/resource/purchase", { resourceId: "no-such-unit", amount: 500, ...CARD }))
        .statusCode,
    ).toBe(404);
    expect((await t.db.select().from(payments)).length).toBe(before);
  });
});
