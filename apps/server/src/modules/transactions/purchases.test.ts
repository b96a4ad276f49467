import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { payments, sales } from "../../db/schema/index.ts";
import type { createSandboxGateway } from "../../platform/payments.ts";
import type { TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";
import { holdWrites, overlapping } from "../../test/race.ts";
import { CARD, DECLINED, NO_FUNDS, transactionsTestbed } from "../../test/transactions-testbed.ts";
import { requestHashFor } from "./checkout.service.ts";

describe("money: buying a resource through the sandbox gateway and the ledger, retried and raced", () => {
  const { bed, post, ledgerSum, creatorBalance, chargesOf, expectLoserVoided } = transactionsTestbed();
  let t: TestApp;
  let creatorId: string;
  let buyerName: string;
  let premiumUrl: string;
  let sandbox: ReturnType<typeof createSandboxGateway>;
  beforeAll(() => {
    ({ t, creatorId, buyerName, premiumUrl, sandbox } = bed);
  });

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
    await expectLoserVoided(buyer.id);
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
});
