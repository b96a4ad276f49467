import { addDays, dayInZone } from "@market/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { payments, resourceFiles } from "../db/schema/index.ts";
import type { createSandboxGateway } from "../platform/payments.ts";
import { buildTestApp, type TestApp } from "./app.ts";
import { makeResource, makeUser, TEST_CARD } from "./factories.ts";

/**
 * The money tests' app: a creator ("seller") with five resources (a paid one with a premium file, one on
 * sale, one for races, one for gifts, a free one), a buyer, and the sandbox gateway, with sums over the
 * ledger. Shared by purchases.test.ts (buying, retries and races) and gifts-tips-donations.test.ts (gifts,
 * tips, donations and featuring); each file gets an app of its own.
 */

/**
 * Sandbox test cards (SANDBOX_TEST_CARDS). The money tests send the succeeding card as a person types it,
 * spaced and with a slash in the expiry, so every purchase also shows the form's input is normalised.
 */
export const CARD = { ...TEST_CARD, cardNumber: "4242 4242 4242 4242", cardExp: "12/30" };
export const DECLINED = { ...CARD, cardNumber: "4000000000000002" };
export const NO_FUNDS = { ...CARD, cardNumber: "4000000000009995" };

export interface TransactionsTestbed {
  t: TestApp;
  creatorId: string;
  buyerName: string;
  buyerId: string;
  /** The download of owl-unit's premium file. */
  premiumUrl: string;
  sandbox: ReturnType<typeof createSandboxGateway>;
}

/** Builds the app before the file's tests (and closes it after); its fields are set once they run. */
export function transactionsTestbed() {
  const bed = {} as TransactionsTestbed;
  const today = () => dayInZone(new Date(), "America/New_York");

  beforeAll(async () => {
    const t = await buildTestApp();
    bed.t = t;
    bed.sandbox = t.app.deps.payments as ReturnType<typeof createSandboxGateway>;
    const creator = await makeUser(t.db, { username: "seller" });
    bed.creatorId = creator.id;
    const buyer = await makeUser(t.db, { username: "buyer" });
    bed.buyerName = buyer.username;
    bed.buyerId = buyer.id;
    const paid = await makeResource(t.db, { users_id: creator.id, name: "owl-unit", price: 800 });
    await makeResource(t.db, {
      users_id: creator.id,
      name: "sale-unit",
      price: 1000,
      sale_price: 600,
      sale_end: addDays(today(), 3),
    });
    await makeResource(t.db, { users_id: creator.id, name: "race-unit", price: 500 });
    await makeResource(t.db, { users_id: creator.id, name: "gift-unit", price: 300 });
    await makeResource(t.db, { users_id: creator.id, name: "free-unit", price: 0 });
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
    bed.premiumUrl = `/api/resources/owl-unit/files/${premium!.id}/download`;
  });
  afterAll(() => bed.t.close());

  const post = async (
    url: string,
    body: object,
    user = bed.buyerName,
    headers: Record<string, string> = {},
  ) =>
    bed.t.app.inject({
      method: "POST",
      url: `/api${url}`,
      headers: { ...(await bed.t.authHeader(user)), ...headers },
      payload: body,
    });
  const ledgerSum = async () =>
    Number(
      (
        await bed.t.db.execute<{ s: string }>(
          sql`select coalesce(sum(amount_cents), 0) as s from ledger_entries`,
        )
      ).rows[0]!.s,
    );
  const creatorBalance = async (userId: string) =>
    -Number(
      (
        await bed.t.db.execute<{ s: string }>(
          sql`select coalesce(sum(amount_cents), 0) as s from ledger_entries where account = 'creator_balance' and users_id = ${userId}`,
        )
      ).rows[0]!.s,
    );
  /** Each payment of the user's, with its charge's state at the sandbox, sorted. */
  const chargesOf = async (userId: string) =>
    (await bed.t.db.select().from(payments).where(eq(payments.users_id, userId)))
      .map((p) => [p.status, p.charge_id ? bed.sandbox.charges.get(p.charge_id)?.status : null])
      .sort();
  /**
   * After two payments raced for one thing: the winner captured, the loser's authorisation voided, never
   * captured. On PGlite the loser may have been stopped before it had one (by the precheck, which leaves
   * no payment) or after (by the unique index).
   */
  const expectLoserVoided = async (userId: string) => {
    const charges = await chargesOf(userId);
    expect(charges).toEqual(
      bed.t.databaseUrl || charges.length > 1
        ? [
            ["captured", "captured"],
            ["failed", "voided"],
          ]
        : [["captured", "captured"]],
    );
  };

  return { bed, post, ledgerSum, creatorBalance, chargesOf, expectLoserVoided };
}
