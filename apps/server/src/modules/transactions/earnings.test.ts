import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payouts, sales, users } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";

describe("earnings: balances from the ledger, payouts, receipts", () => {
  let t: TestApp;
  let creator: { authorization: string };
  let creatorId: string;
  let admin: { authorization: string };
  let buyer: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const c = await makeUser(t.db, { username: "earner" });
    creatorId = c.id;
    creator = await t.authHeader(c.username);
    admin = await t.authHeader((await makeAdmin(t.db)).username);
    buyer = await t.authHeader((await makeUser(t.db)).username);
    await makeResource(t.db, {
      users_id: creatorId,
      name: "lesson-<b>bold</b>",
      title: "Tides & <script>x</script>",
      price: 1000,
    });
    await makeResource(t.db, { users_id: creatorId, name: "second-lesson", price: 500 });
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST", url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: headers as Record<string, string>, payload });
  const balance = async () => (await call("GET", "/earnings/self/balance", creator)).json();

  it("derives the balances: earnings wait payoutHoldDays before they can be paid out", async () => {
    expect(await balance()).toEqual({
      balance: 0,
      estimatedBalance: 0,
      eligibleBalance: 0,
      eligiblePayout: 0,
      pendingPayout: 0,
      hasTakenPayout: false,
    });
    const sold = await call("POST", "/transactions/resource/purchase", buyer, {
      resourceId: "lesson-<b>bold</b>",
      amount: 1000,
      ...TEST_CARD,
    });
    expect(sold.statusCode).toBe(200);
    await call("POST", `/transactions/tip/purchase/${creatorId}`, buyer, { amount: 500, ...TEST_CARD });
    // 80% of $10 and all of a $5 tip, held for 14 days (DECISIONS.md).
    expect(await balance()).toMatchObject({ balance: 1300, eligibleBalance: 0, eligiblePayout: 0 });
    const early = await call("POST", "/earnings/self/payouts", creator);
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toEqual({ amount: "below_payout_minimum" });

    await t.db.execute(
      sql`update ledger_entries set eligible_at = now() - interval '1 day' where users_id = ${creatorId}`,
    );
    expect(await balance()).toMatchObject({ balance: 1300, eligibleBalance: 1300, eligiblePayout: 1300 });
    const activity = (await call("GET", "/earnings/self/activity", creator)).json().activity;
    expect(activity.map((a: { kind: string; amount: number }) => [a.kind, a.amount])).toEqual(
      expect.arrayContaining([
        ["sale", 1000],
        ["tip", 500],
      ]),
    );
  });

  it("pays out the eligible balance once, never more than it", async () => {
    const [first, second] = await Promise.all([
      call("POST", "/earnings/self/payouts", creator),
      call("POST", "/earnings/self/payouts", creator),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
    const requested = [first, second].find((r) => r.statusCode === 201)!.json();
    expect(requested).toMatchObject({ amount: 1300, status: "requested" });
    expect(await balance()).toMatchObject({
      balance: 1300,
      estimatedBalance: 0,
      eligibleBalance: 0,
      pendingPayout: 1300,
    });

    const queue = (await call("GET", "/admin/payouts", admin)).json();
    expect(queue.totalEligiblePayouts).toBe(1300);
    expect((await call("GET", "/admin/payouts", creator)).statusCode).toBe(403);
    const paid = await call("POST", `/admin/payouts/${requested.id}/pay`, admin, {
      payoutDate: "2026-11-30",
    });
    expect(paid.json()).toMatchObject({ status: "paid", payoutDate: "2026-11-30" });
    expect(
      (await call("POST", `/admin/payouts/${requested.id}/pay`, admin, { payoutDate: "2026-11-30" }))
        .statusCode,
    ).toBe(409);
    expect(await balance()).toEqual({
      balance: 0,
      estimatedBalance: 0,
      eligibleBalance: 0,
      eligiblePayout: 0,
      pendingPayout: 0,
      hasTakenPayout: true,
    });
    const sum = await t.db.execute<{ s: string }>(
      sql`select coalesce(sum(amount_cents), 0) as s from ledger_entries`,
    );
    expect(Number(sum.rows[0]!.s)).toBe(0);
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, requested.id));
    expect(row?.ledger_transaction_id).toBeTruthy();
  });

  it("shows a receipt to the buyer, the seller and admins only, with everything escaped", async () => {
    const [sale] = await t.db.select().from(sales).limit(1);
    const url = `/activity/transactions/${sale!.id}/receipt`;
    const mine = await call("GET", url, buyer);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toMatch(/^text\/html/);
    // A document: its inline style may apply, scripts may not.
    expect(mine.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(mine.body).toContain("Tides &amp; &lt;script&gt;x&lt;/script&gt;");
    expect(mine.body).not.toContain("<script>");
    expect(mine.body).toContain("$10.00");
    expect(mine.body).toContain("Visa ending 4242");
    expect((await call("GET", url, creator)).statusCode).toBe(200);
    expect((await call("GET", url, admin)).statusCode).toBe(200);
    const stranger = await t.authHeader((await makeUser(t.db)).username);
    expect((await call("GET", url, stranger)).statusCode).toBe(404);
    expect((await call("GET", url, {})).statusCode).toBe(401);
  });

  it("reports money by month from the ledger, with a trial balance that sums to zero", async () => {
    const report = (await call("GET", "/admin/accounting", admin)).json();
    expect(report.balanced).toBe(true);
    const month = new Date().toISOString().slice(0, 7);
    expect(report.periods).toContainEqual(
      expect.objectContaining({ period: month, sales: 1000, fees: 200, tips: 500, payouts: 1300 }),
    );
    expect(report.trialBalance.map((r: { account: string }) => r.account)).toEqual(
      expect.arrayContaining(["card_clearing", "creator_balance", "payouts", "platform_fees"]),
    );
    expect((await call("GET", "/admin/accounting", creator)).statusCode).toBe(403);
  });

  it("lists referrals (credited, not paid) and featuring paid for beside sales and tips", async () => {
    const [me] = await t.db.select({ ref: users.ref_code }).from(users).where(eq(users.id, creatorId));
    const other = await makeUser(t.db);
    await makeResource(t.db, {
      users_id: other.id,
      name: "someone-elses",
      title: "Fractions Fun",
      price: 700,
    });
    const referred = await call("POST", "/transactions/resource/purchase", buyer, {
      resourceId: "someone-elses",
      amount: 700,
      refCode: me!.ref,
      ...TEST_CARD,
    });
    expect(referred.json()).toMatchObject({ sale: { amount: 700 } });
    const { settings } = (await call("GET", "/site-settings/front-end", creator)).json();
    const price = 2 * settings.featurePricePerDayCents;
    const featured = await call("POST", "/transactions/resource/feature", creator, {
      resourceId: "second-lesson",
      days: 2,
      amount: price,
      ...TEST_CARD,
    });
    expect(featured.json()).toMatchObject({ amount: price });
    const activity = (await call("GET", "/earnings/self/activity", creator)).json().activity as {
      kind: string;
      amount: number;
      title: string;
      receipt: string | null;
    }[];
    expect(activity.find((a) => a.kind === "referral")).toMatchObject({
      amount: 700,
      title: "Fractions Fun",
      receipt: null,
    });
    expect(activity.find((a) => a.kind === "feature")).toMatchObject({ amount: -price, receipt: null });
    // The other creator's activity has the sale, not the referral; the referrer's balance is unchanged by it.
    const theirs = (await call("GET", "/earnings/self/activity", await t.authHeader(other.username))).json();
    expect(theirs.activity.map((a: { kind: string }) => a.kind)).toEqual(["sale"]);
  });

  it("rejects a requested payout, which frees the amount to ask for again", async () => {
    const buyer2 = await t.authHeader((await makeUser(t.db)).username);
    await call("POST", `/transactions/tip/purchase/${creatorId}`, buyer2, { amount: 2000, ...TEST_CARD });
    await t.db.execute(
      sql`update ledger_entries set eligible_at = now() - interval '1 day' where users_id = ${creatorId}`,
    );
    const requested = (await call("POST", "/earnings/self/payouts", creator)).json();
    expect(requested).toMatchObject({ amount: 2000, status: "requested" });
    expect((await call("POST", `/admin/payouts/${requested.id}/reject`, creator)).statusCode).toBe(403);
    const rejected = await call("POST", `/admin/payouts/${requested.id}/reject`, admin);
    expect(rejected.json().status).toBe("rejected");
    expect((await call("POST", `/admin/payouts/${requested.id}/reject`, admin)).statusCode).toBe(404);
    expect(
      (await call("POST", `/admin/payouts/${requested.id}/pay`, admin, { payoutDate: "2026-12-01" }))
        .statusCode,
    ).toBe(409);
    expect(await balance()).toMatchObject({ eligibleBalance: 2000, eligiblePayout: 2000, pendingPayout: 0 });
  });
});
