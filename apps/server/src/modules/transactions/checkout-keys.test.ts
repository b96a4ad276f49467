import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advertisements, payments, sales, tips } from "../../db/schema/index.ts";
import type { createSandboxGateway } from "../../platform/payments.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAd, makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";

/**
 * Idempotency-Keys belong to the user who sent them (payments is unique on user and key; the gateway's
 * key is prefixed with the user's id), and a retry with one charges once and answers as the first did,
 * on each kind of checkout. Also: tipping needs the payments permission.
 */
describe("checkout: Idempotency-Keys per user, replays, and the payments permission", () => {
  let t: TestApp;
  let sandbox: ReturnType<typeof createSandboxGateway>;
  let creatorId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    sandbox = t.app.deps.payments as ReturnType<typeof createSandboxGateway>;
    creatorId = (await makeUser(t.db)).id;
    await makeResource(t.db, { users_id: creatorId, name: "keyed-unit", price: 700 });
  });
  afterAll(() => t.close());

  const post = async (url: string, userName: string, body: object, key?: string) =>
    t.app.inject({
      method: "POST",
      url: `/api${url}`,
      headers: { ...(await t.authHeader(userName)), ...(key ? { "idempotency-key": key } : {}) },
      payload: body,
    });
  const capturedOf = (userId: string) =>
    t.db
      .select()
      .from(payments)
      .where(eq(payments.users_id, userId))
      .then((rows) => rows.filter((p) => p.status === "captured"));
  const chargeStatus = (chargeId: string | null) =>
    chargeId ? sandbox.charges.get(chargeId)?.status : undefined;
  const ledgerTransactionsOf = async (paymentIds: string[]) =>
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ledger_transactions where payment_id in (${sql.join(
          paymentIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    ).rows[0]!.n;

  it("keeps one user's Idempotency-Key from answering or charging for another user", async () => {
    const [ann, bob, cat] = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
    const key = "shared-key-0001";
    const body = { resourceId: "keyed-unit", amount: 700, ...TEST_CARD };
    const first = await post("/transactions/resource/purchase", ann.username, body, key);
    expect(first.statusCode).toBe(200);
    // Bob sends the very same request and key: his own sale and his own charge, not Ann's answer.
    const second = await post("/transactions/resource/purchase", bob.username, body, key);
    expect(second.statusCode).toBe(200);
    expect(second.json().sale.saleId).not.toBe(first.json().sale.saleId);
    const [annSale] = await t.db.select().from(sales).where(eq(sales.buyer_id, ann.id));
    const [bobSale] = await t.db.select().from(sales).where(eq(sales.buyer_id, bob.id));
    expect(annSale?.id).toBe(first.json().sale.saleId);
    expect(bobSale?.id).toBe(second.json().sale.saleId);
    const [annPaid] = await capturedOf(ann.id);
    const [bobPaid] = await capturedOf(bob.id);
    expect(bobPaid!.charge_id).not.toBe(annPaid!.charge_id);
    expect([chargeStatus(annPaid!.charge_id), chargeStatus(bobPaid!.charge_id)]).toEqual([
      "captured",
      "captured",
    ]);

    // Cat uses the key for another request: not "reused", since the key is not hers yet.
    const donation = await post(
      "/transactions/donate/purchase",
      cat.username,
      { amount: 700, ...TEST_CARD },
      key,
    );
    expect(donation.statusCode).toBe(200);
    // And each user's retry replays their own answer.
    expect((await post("/transactions/resource/purchase", bob.username, body, key)).json()).toEqual(
      second.json(),
    );
    expect((await post("/transactions/resource/purchase", ann.username, body, key)).json()).toEqual(
      first.json(),
    );
    for (const user of [ann, bob, cat]) expect(await capturedOf(user.id)).toHaveLength(1);
  });

  it("replays an ad payment sent twice with one key: one charge, the same answer", async () => {
    const advertiser = await makeUser(t.db);
    const ad = await makeAd(t.db, { users_id: advertiser.id });
    const body = { amount: 3500, ...TEST_CARD };
    const first = await post(`/advertisements/${ad.id}/payment`, advertiser.username, body, "ad-payment-01");
    const again = await post(`/advertisements/${ad.id}/payment`, advertiser.username, body, "ad-payment-01");
    expect(first.statusCode).toBe(200);
    expect(first.json().approval_status).toBe("awaiting_approval");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const paid = await capturedOf(advertiser.id);
    expect(paid).toHaveLength(1);
    expect(chargeStatus(paid[0]!.charge_id)).toBe("captured");
    expect(await ledgerTransactionsOf([paid[0]!.id])).toBe(1);
    const [row] = await t.db.select().from(advertisements).where(eq(advertisements.id, ad.id));
    expect(row?.payment_id).toBe(paid[0]!.id);
  });

  it("replays a gift purchase sent twice with one key: one charge, the same gift link", async () => {
    const giver = await makeUser(t.db);
    const body = { resourceId: "keyed-unit", amount: 700, ...TEST_CARD };
    const url = `/transactions/resource/purchase/gift/${giver.ref_code}`;
    const first = await post(url, giver.username, body, "gift-purchase-01");
    const again = await post(url, giver.username, body, "gift-purchase-01");
    expect(first.statusCode).toBe(200);
    expect(first.json().giftUri).toMatch(/gift=/);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(sales).where(eq(sales.buyer_id, giver.id))).toHaveLength(1);
    const paid = await capturedOf(giver.id);
    expect(paid).toHaveLength(1);
    expect(await ledgerTransactionsOf([paid[0]!.id])).toBe(1);
  });

  it("replays a tip to several creators sent twice with one key: one charge, one tip each", async () => {
    const fan = await makeUser(t.db);
    const others = [(await makeUser(t.db)).id, (await makeUser(t.db)).id];
    const body = { recipientIds: [creatorId, ...others], amount: 300, ...TEST_CARD };
    const first = await post("/transactions/tip/multiple", fan.username, body, "tip-multiple-01");
    const again = await post("/transactions/tip/multiple", fan.username, body, "tip-multiple-01");
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(900);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(tips).where(eq(tips.tipper_id, fan.id))).toHaveLength(3);
    const paid = await capturedOf(fan.id);
    expect(paid.map((p) => p.amount_cents)).toEqual([900]);
    expect(chargeStatus(paid[0]!.charge_id)).toBe("captured");
    // One ledger transaction per creator's tip, all on the one payment.
    expect(await ledgerTransactionsOf([paid[0]!.id])).toBe(3);
  });

  it("refuses tips from an account without the payments permission, charging nothing", async () => {
    const limited = await makeUser(t.db, { perm_payments: false });
    const charges = sandbox.charges.size;
    const single = await post(`/transactions/tip/purchase/${creatorId}`, limited.username, {
      amount: 500,
      ...TEST_CARD,
    });
    const several = await post("/transactions/tip/multiple", limited.username, {
      recipientIds: [creatorId],
      amount: 500,
      ...TEST_CARD,
    });
    for (const res of [single, several]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("missing_permission");
    }
    expect(sandbox.charges.size).toBe(charges);
    expect(
      await t.db
        .select()
        .from(payments)
        .where(inArray(payments.users_id, [limited.id])),
    ).toEqual([]);
    expect(await t.db.select().from(tips).where(eq(tips.tipper_id, limited.id))).toEqual([]);
  });
});
