import { addDays, dayInZone } from "@market/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";

/**
 * The promotions tests' app: a creator ("seller") with three paid resources (one with its own sale) and
 * a free one, another creator with one of theirs, two buyers and an admin; calls signed in as any of
 * them, and sums over the ledger. Shared by promotions.test.ts (the calls) and
 * promotions-checkout.test.ts (what sales and codes do to cards, pages, the checkout and the ledger).
 */
export interface PromotionsTestbed {
  t: TestApp;
  sellerId: string;
  otherId: string;
  buyerId: string;
  buyer2Id: string;
  adminId: string;
  /** Seller's: 1000, 2000 with its own sale at 1500 ending in 3 days, 500, and a free one. */
  res: { plain: string; ownSale: string; small: string; free: string; others: string };
}

export const today = () => dayInZone(new Date(), "America/New_York");
export const CARD = TEST_CARD;

export function promotionsTestbed() {
  const bed = {} as PromotionsTestbed;
  beforeAll(async () => {
    const t = await buildTestApp();
    bed.t = t;
    const seller = await makeUser(t.db, { username: `seller_${Date.now()}` });
    const other = await makeUser(t.db);
    bed.sellerId = seller.id;
    bed.otherId = other.id;
    bed.buyerId = (await makeUser(t.db)).id;
    bed.buyer2Id = (await makeUser(t.db)).id;
    bed.adminId = (await makeAdmin(t.db)).id;
    const mk = async (overrides: Parameters<typeof makeResource>[1]) =>
      (await makeResource(t.db, overrides)).id;
    bed.res = {
      plain: await mk({ users_id: seller.id, price: 1000, title: "Fractions unit" }),
      ownSale: await mk({
        users_id: seller.id,
        price: 2000,
        sale_price: 1500,
        sale_end: addDays(today(), 3),
        title: "Owl unit",
      }),
      small: await mk({ users_id: seller.id, price: 500, title: "Spelling cards" }),
      free: await mk({ users_id: seller.id, price: 0, title: "Free sampler" }),
      others: await mk({ users_id: other.id, price: 800, title: "Another creator's unit" }),
    };
  });
  afterAll(() => bed.t.close());

  /** A call signed in as `userId` (admins with the admin scope, as their login gives them). */
  const call = async (
    userId: string,
    method: "GET" | "POST" | "DELETE",
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    bed.t.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        ...(await bed.t.tokenFor(userId, userId === bed.adminId ? ["user", "admin"] : ["user"])),
        ...headers,
      },
      ...(payload ? { payload } : {}),
    });

  const ledgerSum = async () =>
    Number(
      (
        await bed.t.db.execute<{ s: string }>(
          sql`select coalesce(sum(amount_cents), 0) as s from ledger_entries`,
        )
      ).rows[0]!.s,
    );

  /** The lines of the ledger transaction that recorded a sale, by account (and creator), summed. */
  const saleLedger = async (saleId: string) => {
    const rows = await bed.t.db.execute<{ account: string; users_id: string | null; amount: string }>(sql`
      select e.account, e.users_id, sum(e.amount_cents) as amount
      from sales s join ledger_transactions lt on lt.payment_id = s.payment_id
      join ledger_entries e on e.transaction_id = lt.id
      where s.id = ${saleId} group by e.account, e.users_id order by e.account`);
    return Object.fromEntries(rows.rows.map((r) => [r.account, Number(r.amount)]));
  };

  return { bed, call, ledgerSum, saleLedger };
}
