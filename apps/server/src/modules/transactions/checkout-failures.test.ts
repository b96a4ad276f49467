import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { donations, payments, users } from "../../db/schema/index.ts";
import type { createSandboxGateway } from "../../platform/payments.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAd, makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";

/**
 * The security issue's Fix 7: a donation with paymentSource "other" and cardNumber "0" passed
 * validation, was authorised, then broke the payments table's card_last4 check: a 500, the payment left
 * "pending" and the card held. Now the request schemas refuse a malformed field before anything is
 * charged, and whatever fails after an authorisation voids it and marks the payment failed.
 */
describe("checkout: nothing is charged or held when a payment cannot be recorded", () => {
  let t: TestApp;
  let sandbox: ReturnType<typeof createSandboxGateway>;
  let creatorId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    sandbox = t.app.deps.payments as ReturnType<typeof createSandboxGateway>;
    creatorId = (await makeUser(t.db)).id;
    await makeResource(t.db, { users_id: creatorId, name: "failure-unit", price: 500 });
  });
  afterAll(() => t.close());

  const post = async (url: string, userName: string, body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api${url}`,
      headers: { ...(await t.authHeader(userName)), ...headers },
      payload: body,
    });
  const ledger = async () =>
    (
      await t.db.execute<{ n: string; s: string }>(
        sql`select count(*) as n, coalesce(sum(abs(amount_cents)), 0) as s from ledger_entries`,
      )
    ).rows[0];
  const paymentsOf = (userId: string) => t.db.select().from(payments).where(eq(payments.users_id, userId));

  it("refuses paymentSource other with cardNumber 0 on every money call with 400, before charging", async () => {
    const payer = await makeUser(t.db);
    const ad = await makeAd(t.db, { users_id: payer.id });
    const bad = { paymentSource: "other", cardNumber: "0" };
    const calls: [string, object][] = [
      ["/transactions/donate/purchase", { amount: 500, ...bad }],
      ["/transactions/resource/purchase", { resourceId: "failure-unit", amount: 500, ...bad }],
      [
        `/transactions/resource/purchase/gift/${payer.ref_code}`,
        { resourceId: "failure-unit", amount: 500, ...bad },
      ],
      [`/transactions/tip/purchase/${creatorId}`, { amount: 500, ...bad }],
      ["/transactions/tip/multiple", { recipientIds: [creatorId], amount: 500, ...bad }],
      ["/transactions/resource/feature", { resourceId: "failure-unit", days: 1, amount: 200, ...bad }],
      [`/advertisements/${ad.id}/payment`, { amount: 3500, ...bad }],
    ];
    const charges = sandbox.charges.size;
    const before = await ledger();
    for (const [url, body] of calls) {
      const res = await post(url, payer.username, body);
      expect({ url, status: res.statusCode, body: res.json() }).toMatchObject({
        url,
        status: 400,
        body: { error: "validation_failed", fields: { cardNumber: "too_short" } },
      });
    }
    // A field that is sent is checked whatever the source, as it would be for a card.
    const other = await post("/transactions/donate/purchase", payer.username, {
      amount: 500,
      paymentSource: "other",
      cardNumber: "4242424242424241",
      cardCvv: "12",
    });
    expect(other.json()).toMatchObject({
      error: "validation_failed",
      fields: { cardNumber: "invalid_card_number", cardCvv: "too_short" },
    });
    expect(sandbox.charges.size).toBe(charges);
    expect(await paymentsOf(payer.id)).toEqual([]);
    expect(await ledger()).toEqual(before);
  });

  it("voids the authorisation and marks the payment failed when the donation's record step fails", async () => {
    const donor = await makeUser(t.db);
    // The database refuses this donor's donation after the card was authorised: a fault of ours (500).
    await t.db.execute(sql`create function test_refuse_donation() returns trigger language plpgsql as $$
      begin raise exception 'donations are refused in this test'; end $$`);
    await t.db.execute(
      sql.raw(`create trigger test_refuse_donation before insert on donations for each row
        when (new.users_id = '${donor.id}') execute function test_refuse_donation()`),
    );
    const before = await ledger();
    const key = { "idempotency-key": "refused-donation-1" };
    try {
      const res = await post(
        "/transactions/donate/purchase",
        donor.username,
        { amount: 1234, ...TEST_CARD },
        key,
      );
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: "internal", message: "Something went wrong on our side" });

      const [payment, ...others] = await paymentsOf(donor.id);
      expect(others).toEqual([]);
      expect(payment).toMatchObject({ status: "failed", failure_code: "record_failed", amount_cents: 1234 });
      expect(sandbox.charges.get(payment!.charge_id!)?.status).toBe("voided");
      expect(await ledger()).toEqual(before);
      expect(await t.db.select().from(donations).where(eq(donations.users_id, donor.id))).toEqual([]);
      const [row] = await t.db
        .select({ date: users.donation_date })
        .from(users)
        .where(eq(users.id, donor.id));
      expect(row?.date).toBeNull();

      // A retry with the key is told the payment failed; the card is not asked again.
      const charges = sandbox.charges.size;
      const retry = await post(
        "/transactions/donate/purchase",
        donor.username,
        { amount: 1234, ...TEST_CARD },
        key,
      );
      expect(retry.json().error).toBe("payment_failed");
      expect(sandbox.charges.size).toBe(charges);
    } finally {
      await t.db.execute(sql`drop trigger test_refuse_donation on donations`);
      await t.db.execute(sql`drop function test_refuse_donation()`);
    }
  });

  it("voids the authorisation when the payment row cannot take what the gateway answered", async () => {
    const donor = await makeUser(t.db);
    // As with the card_last4 of "0": the row refuses the authorised card's details (here its brand).
    await t.db.execute(
      sql`alter table payments add constraint test_no_amex check (card_brand is distinct from 'amex') not valid`,
    );
    const before = await ledger();
    try {
      const res = await post("/transactions/donate/purchase", donor.username, {
        amount: 4321,
        ...TEST_CARD,
        cardNumber: "3782 822463 10005",
        cardCvv: "1234",
      });
      expect(res.statusCode).toBe(500);
      const [payment, ...others] = await paymentsOf(donor.id);
      expect(others).toEqual([]);
      expect(payment).toMatchObject({ status: "failed", failure_code: "record_failed", charge_id: null });
      const held = [...sandbox.charges.values()].filter((c) => c.amountCents === 4321);
      expect(held.map((c) => c.status)).toEqual(["voided"]);
      expect(await ledger()).toEqual(before);
    } finally {
      await t.db.execute(sql`alter table payments drop constraint test_no_amex`);
    }
  });
});
