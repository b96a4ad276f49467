import { DEFAULT_SITE_SETTINGS, dayInZone } from "@market/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payouts, sales, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";
import { listOwnActivity } from "./earnings.service.ts";

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
    const activity = (await call("GET", "/earnings/self/activity", creator)).json();
    // Newest first: the tip (no fee by default), then the sale at what the buyer paid and its 20% fee.
    expect(activity.lines.map((a: { kind: string; amount: number }) => [a.kind, a.amount])).toEqual([
      ["tip", 500],
      ["sale", 1000],
      ["fee", -200],
    ]);
    expect(activity.lines[2]).toMatchObject({ feeFor: "sale", title: "Tides & <script>x</script>" });
    expect(activity.lines[0]).toMatchObject({ from: expect.any(String), receipt: null });
    expect(activity.lines[1].receipt).toMatch(/^\/api\/activity\/transactions\/[0-9a-f-]{36}\/receipt$/);
    expect(activity).toMatchObject({ balance: 1300, earlierTotal: 0 });
    expect(activity.lines[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
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
    // The site's month (America/New_York by default), as the earnings chart counts it.
    const month = dayInZone(new Date(), DEFAULT_SITE_SETTINGS.timeZone).slice(0, 7);
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
    const activity = (await call("GET", "/earnings/self/activity", creator)).json();
    const others = activity.other as { kind: string; amount: number; title: string }[];
    expect(others.find((a) => a.kind === "referral")).toMatchObject({ amount: 700, title: "Fractions Fun" });
    expect(others.find((a) => a.kind === "feature")).toMatchObject({ amount: -price });
    // Neither is a line of the balance: the referrer's balance is unchanged by them.
    expect(activity.lines.map((a: { kind: string }) => a.kind)).not.toContain("referral");
    expect(activity.balance).toBe(0);
    // The other creator's activity has the sale and its fee, not the referral.
    const theirs = (await call("GET", "/earnings/self/activity", await t.authHeader(other.username))).json();
    expect(theirs.lines.map((a: { kind: string }) => a.kind)).toEqual(["sale", "fee"]);
    expect(theirs.other).toEqual([]);
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

describe("earnings activity: the lines add up to the balance the ledger holds", () => {
  let t: TestApp;
  let creatorId: string;
  let creator: { authorization: string };
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const c = await makeUser(t.db, { username: "ledger_creator" });
    creatorId = c.id;
    creator = await t.authHeader(c.username);
    admin = await t.authHeader((await makeAdmin(t.db)).username);
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PATCH", url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: headers as Record<string, string>, payload });
  type Line = { id: string; kind: string; amount: number; feeFor: string | null };
  const ledgerBalance = async () => {
    const r = await t.db.execute<{ b: string }>(sql`
      select coalesce(-sum(amount_cents), 0) as b from ledger_entries
      where account = 'creator_balance' and users_id = ${creatorId}`);
    return Number(r.rows[0]!.b);
  };

  it("lists every sale, gift, tip, fee and payout so that they sum to the balance, to the cent", async () => {
    // Fees that round: 15% of $4.99 is 74.85 cents, taken as 75; tips lose 10%.
    const patched = await call("PATCH", "/site-settings", admin, {
      salesFeePercent: 15,
      tipFeePercent: 10,
      payoutHoldDays: 0,
      payoutMinimumCents: 100,
    });
    expect(patched.statusCode).toBe(200);
    const prices = [499, 1000, 2350];
    for (const [i, price] of prices.entries()) {
      await makeResource(t.db, { users_id: creatorId, name: `ledger-${i}`, title: `Ledger ${i}`, price });
    }
    for (const [i, price] of prices.entries()) {
      const buyer = await t.authHeader((await makeUser(t.db)).username);
      const bought = await call("POST", "/transactions/resource/purchase", buyer, {
        resourceId: `ledger-${i}`,
        amount: price,
        ...TEST_CARD,
      });
      expect(bought.statusCode).toBe(200);
      const tipped = await call("POST", `/transactions/tip/purchase/${creatorId}`, buyer, {
        amount: 333 * (i + 1),
        ...TEST_CARD,
      });
      expect(tipped.statusCode).toBe(200);
    }
    const gifterUser = await makeUser(t.db);
    const gifter = await t.authHeader(gifterUser.username);
    const [own] = await t.db.select({ ref: users.ref_code }).from(users).where(eq(users.id, gifterUser.id));
    const gift = await call("POST", `/transactions/resource/purchase/gift/${own!.ref}`, gifter, {
      resourceId: "ledger-0",
      amount: 499,
      ...TEST_CARD,
    });
    expect(gift.statusCode).toBe(200);

    // One payout paid (it leaves the balance) and one requested (it does not, until paid).
    const first = (await call("POST", "/earnings/self/payouts", creator)).json();
    await call("POST", `/admin/payouts/${first.id}/pay`, admin, { payoutDate: "2026-11-30" });
    const buyer = await t.authHeader((await makeUser(t.db)).username);
    await call("POST", `/transactions/tip/purchase/${creatorId}`, buyer, { amount: 700, ...TEST_CARD });
    const second = await call("POST", "/earnings/self/payouts", creator);
    expect(second.statusCode).toBe(201);

    const activity = (await call("GET", "/earnings/self/activity", creator)).json();
    const lines = activity.lines as Line[];
    const sum = lines.reduce((s, l) => s + l.amount, 0);
    const balance = (await call("GET", "/earnings/self/balance", creator)).json();
    expect(await ledgerBalance()).toBeGreaterThan(0);
    expect(activity.earlierTotal).toBe(0);
    expect(sum).toBe(await ledgerBalance());
    expect(activity.balance).toBe(await ledgerBalance());
    expect(balance.balance).toBe(await ledgerBalance());
    expect(balance.pendingPayout).toBe(second.json().amount);

    // The fee lines are the platform's fee entries of the creator's transactions, and each is its own line.
    const fees = await t.db.execute<{ f: string }>(sql`
      select coalesce(-sum(f.amount_cents), 0) as f from ledger_entries f
      where f.account = 'platform_fees' and f.transaction_id in
        (select transaction_id from ledger_entries where account = 'creator_balance' and users_id = ${creatorId})`);
    const feeLines = lines.filter((l) => l.kind === "fee");
    expect(feeLines.reduce((s, l) => s - l.amount, 0)).toBe(Number(fees.rows[0]!.f));
    expect(feeLines.filter((l) => l.feeFor === "sale").map((l) => l.amount)).toEqual(
      expect.arrayContaining([-75, -150, -353]),
    );
    expect(lines.filter((l) => l.kind === "gift").map((l) => l.amount)).toEqual([499]);
    expect(feeLines.filter((l) => l.feeFor === "gift").map((l) => l.amount)).toEqual([-75]);
    expect(feeLines.filter((l) => l.feeFor === "tip").map((l) => l.amount)).toEqual(
      expect.arrayContaining([-33, -67, -100, -70]),
    );
    expect(lines.filter((l) => l.kind === "payout").map((l) => l.amount)).toEqual([-first.amount]);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);

    // This month's bar: gross sales and tips, their fees, and the payout, as the lines say.
    const month = dayInZone(new Date(), DEFAULT_SITE_SETTINGS.timeZone).slice(0, 7);
    const current = activity.months.at(-1);
    expect(activity.months).toHaveLength(12);
    expect(current.month).toBe(month);
    const total = (kind: string) =>
      lines.filter((l) => l.kind === kind).reduce((s: number, l: Line) => s + l.amount, 0);
    expect(current).toEqual({
      month,
      sales: total("sale") + total("gift"),
      tips: total("tip"),
      fees: total("fee"),
      payouts: total("payout"),
    });
  });

  it("sums the lines it does not list as earlier activity, so a long history still adds up", async () => {
    const viewer = { id: creatorId } as Viewer;
    const all = await listOwnActivity(t.db, viewer);
    const some = await listOwnActivity(t.db, viewer, 3);
    expect(some.lines.length).toBeLessThan(all.lines.length);
    expect(some.earlierTotal).not.toBe(0);
    expect(some.earlierTotal + some.lines.reduce((s, l) => s + l.amount, 0)).toBe(await ledgerBalance());
    expect(some.lines).toEqual(all.lines.slice(0, some.lines.length));
  });

  it("shows each creator only their own lines, and nobody's to a visitor", async () => {
    const stranger = await t.authHeader((await makeUser(t.db)).username);
    const theirs = (await call("GET", "/earnings/self/activity", stranger)).json();
    expect(theirs).toMatchObject({ lines: [], earlierTotal: 0, balance: 0, other: [] });
    expect(theirs.months.every((m: Record<string, number>) => m.sales === 0 && m.fees === 0)).toBe(true);
    expect((await call("GET", "/earnings/self/activity", {})).statusCode).toBe(401);
  });
});
