import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeResource, makeUser } from "../../test/factories.ts";

const CARD = {
  cardName: "Grace Hopper",
  cardNumber: "4242424242424242",
  cardExp: "1230",
  cardCvv: "321",
  billingStreetAddress: "2 Harbor Rd",
  billingCity: "Arlington",
  billingState: "VA",
  billingZipCode: "22201",
};
const DECLINED = "4000000000000002";

type Op =
  | { kind: "purchase"; resource: number; declined: boolean }
  | { kind: "tip"; creator: number; dollars: number }
  | { kind: "donate"; dollars: number }
  | { kind: "replay"; index: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("purchase" as const), resource: fc.nat(2), declined: fc.boolean() }),
  fc.record({
    kind: fc.constant("tip" as const),
    creator: fc.nat(1),
    dollars: fc.constantFrom(1, 2, 5, 25, 100),
  }),
  fc.record({ kind: fc.constant("donate" as const), dollars: fc.integer({ min: 1, max: 50 }) }),
  fc.record({ kind: fc.constant("replay" as const), index: fc.nat(7) }),
);

/**
 * Properties of the ledger under any sequence of checkouts (issue: Money, Tests): every transaction sums
 * to zero; no creator balance goes negative; replaying any request with its idempotency key returns the
 * first answer and changes nothing.
 */
describe("ledger properties over random sequences of purchases, tips, donations and replays", () => {
  let t: TestApp;
  const creators: string[] = [];
  const resourceNames: string[] = [];
  let run = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    for (let i = 0; i < 2; i++) creators.push((await makeUser(t.db, { username: `prop_creator_${i}` })).id);
    for (let i = 0; i < 3; i++) {
      const r = await makeResource(t.db, {
        users_id: creators[i % 2]!,
        name: `prop-res-${i}`,
        price: 150 + i * 275,
      });
      resourceNames.push(r.name);
    }
  });
  afterAll(() => t.close());

  const snapshot = async () =>
    (
      await t.db.execute<{ n: string; s: string }>(
        sql`select count(*) as n, coalesce(sum(abs(amount_cents)), 0) as s from ledger_entries`,
      )
    ).rows[0];

  it("holds for every generated sequence", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        run += 1;
        const buyer = await makeUser(t.db, { username: `prop_buyer_${run}_${Date.now() % 100000}` });
        const auth = await t.authHeader(buyer.username);
        const sent: { url: string; body: object; key: string; status: number; answer: unknown }[] = [];
        for (const [i, op] of ops.entries()) {
          let url: string;
          let body: object;
          if (op.kind === "replay") {
            const earlier = sent[op.index % Math.max(sent.length, 1)];
            if (!earlier) continue;
            const before = await snapshot();
            const again = await t.app.inject({
              method: "POST",
              url: earlier.url,
              headers: { ...auth, "idempotency-key": earlier.key },
              payload: earlier.body,
            });
            expect(again.statusCode).toBe(earlier.status);
            if (earlier.status === 200) expect(again.json()).toEqual(earlier.answer);
            expect(await snapshot()).toEqual(before);
            continue;
          }
          if (op.kind === "purchase") {
            url = "/api/transactions/resource/purchase";
            const price = 150 + op.resource * 275;
            body = {
              resourceId: resourceNames[op.resource],
              amount: price,
              ...CARD,
              ...(op.declined ? { cardNumber: DECLINED } : {}),
            };
          } else if (op.kind === "tip") {
            url = `/api/transactions/tip/purchase/${creators[op.creator]}`;
            body = { amount: op.dollars * 100, ...CARD };
          } else {
            url = "/api/transactions/donate/purchase";
            body = { amount: op.dollars * 100, ...CARD };
          }
          const key = `prop-${run}-${i}`;
          const res = await t.app.inject({
            method: "POST",
            url,
            headers: { ...auth, "idempotency-key": key },
            payload: body,
          });
          expect([200, 402, 409]).toContain(res.statusCode);
          sent.push({ url, body, key, status: res.statusCode, answer: res.json() });
        }

        const unbalanced = await t.db.execute(
          sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`,
        );
        expect(unbalanced.rows).toEqual([]);
        const negative = await t.db.execute(sql`
          select users_id from ledger_entries where account = 'creator_balance'
          group by users_id having -sum(amount_cents) < 0`);
        expect(negative.rows).toEqual([]);
        const orphans = await t.db.execute(sql`
          select p.id from payments p where p.status = 'captured'
            and not exists (select 1 from ledger_transactions l where l.payment_id = p.id)`);
        expect(orphans.rows).toEqual([]);
      }),
      { numRuns: 12, seed: 20261123 },
    );
  });
});
