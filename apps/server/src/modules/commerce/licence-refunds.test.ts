import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { overlapping } from "../../test/race.ts";
import { CARD } from "../../test/transactions-testbed.ts";
import { refundsTestbed } from "./refunds-testbed.ts";

const REASON = "Two colleagues moved to another school this term.";

/**
 * Refunds of a purchase for colleagues (issue 23): whole while no colleague holds a seat; once one does,
 * only the free seats, at the seat price, through the ledger and the gateway; nothing while all are given.
 */
describe("refunds of a purchase of several seats", () => {
  const { bed, call, paidResource, accountTotals } = refundsTestbed();

  /** The buyer buys `seats` seats of a new resource at 1000 (each further seat 500); the sale's id. */
  const buySeats = async (seats: number, couponCode?: string, amount = 1000 + (seats - 1) * 500) => {
    const { resource, downloadUrl } = await paidResource(1000);
    const res = await call("buyer", "POST", "/transactions/resource/purchase", {
      resourceId: resource.name,
      amount,
      seats,
      ...(couponCode ? { couponCode } : {}),
      ...CARD,
    });
    expect(res.status).toBe(200);
    return { saleId: (res.body.sale as { saleId: string }).saleId, downloadUrl };
  };
  /**
   * Gives slot `slot` to a colleague or an invited address by writing the row, as modules/licences does:
   * these tests are about refunds, and assigning has its own (licences) tests.
   */
  const assign = async (saleId: string, slot: number, to: { holderId?: string; email?: string }) => {
    await bed.t.db.execute(sql`
      update licence_seats set holder_id = ${to.holderId ?? null}, invited_email = ${to.email ?? null},
        assigned_at = now(), held_before = ${to.holderId !== undefined}
      where sale_id = ${saleId} and slot = ${slot}`);
  };
  const ask = async (saleId: string) => {
    const asked = await call("buyer", "POST", `/transactions/${saleId}/refund-request`, { reason: REASON });
    expect(asked.status).toBe(201);
    return asked.body as { id: string; seats: number | null; amountCents: number };
  };
  const paymentOf = async (saleId: string) =>
    (
      await bed.t.db.execute<{ status: string; charge_id: string; seats: number; refunded_at: Date | null }>(
        sql`select p.status, p.charge_id, s.seats, s.refunded_at
            from payments p join sales s on s.payment_id = p.id where s.id = ${saleId}`,
      )
    ).rows[0]!;
  const slotsOf = async (saleId: string) =>
    (
      await bed.t.db.execute<{ slot: number }>(
        sql`select slot from licence_seats where sale_id = ${saleId} order by slot`,
      )
    ).rows.map((r) => Number(r.slot));
  /** What changed in each account since `before`. */
  const moved = async (before: Record<string, number>) => {
    const after = await accountTotals();
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return Object.fromEntries(
      [...keys].map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]).filter(([, v]) => v !== 0),
    );
  };

  it("refunds exactly the free seats once a colleague holds one: ledger, shares and the card", async () => {
    const before = await accountTotals();
    const { saleId, downloadUrl } = await buySeats(4);
    await assign(saleId, 1, { holderId: bed.stranger.id });
    const state = await call("buyer", "GET", `/transactions/${saleId}/refund`);
    expect(state.body).toMatchObject({ canRequest: true, refundableCents: 1000, refundableSeats: 2 });
    expect(await ask(saleId)).toMatchObject({
      seats: 2,
      amountCents: 1000,
      sale: { amount: 2500, seats: 4 },
    });

    const refundId = (
      (await call("creator", "GET", "/earnings/self/refund-requests")).body.refunds as { id: string }[]
    )[0]!.id;
    const approved = await call("creator", "POST", `/refunds/${refundId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: "refunded",
      seats: 2,
      amountCents: 1000,
      sale: { amount: 2500, seats: 2 },
    });
    // Sale 2500 (fee 20%: 500, the creator 2000); two seats of 500 back: fee 200 and the creator's 800.
    const creator = `creator_balance:${bed.creator.id}`;
    expect(await moved(before)).toEqual({
      "card_clearing:": 1500,
      "platform_fees:": -300,
      [creator]: -1200,
    });
    const payment = await paymentOf(saleId);
    expect(payment).toMatchObject({ status: "captured", seats: 2, refunded_at: null });
    expect(bed.sandbox.charges.get(payment.charge_id)).toMatchObject({
      status: "captured",
      refundedCents: 1000,
    });
    expect(bed.sandbox.refunds.get(`refund:${refundId}`)).toMatchObject({ amountCents: 1000 });
    // The held seat stays; the free ones are gone; the buyer keeps the resource.
    expect(await slotsOf(saleId)).toEqual([1]);
    expect((await call("buyer", "GET", downloadUrl)).status).toBe(200);
    expect((await call("buyer", "GET", `/transactions/${saleId}/refund`)).body).toMatchObject({
      refund: { status: "refunded", seats: 2, amountCents: 1000 },
      canRequest: false,
      refundableCents: 0,
      refundableSeats: null,
    });
    // One refund per sale: an admin cannot refund the rest on top.
    const again = await call("admin", "POST", `/admin/transactions/${saleId}/refund`, { reason: REASON });
    expect([again.status, again.body.error]).toEqual([409, "already_refunded"]);
    await bed.drain();
    const mail = (await bed.t.sentMail()).filter((m) => m.includes(`To: ${bed.buyer.email}`)).at(-1)!;
    expect(mail).toContain("$10.00");
    expect(mail).toContain("2 unused seats");
    // Insight's revenue for the sale's day keeps what the seats still in use brought in.
    const revenue = await bed.t.db.execute<{ revenue: number; purchases: number }>(sql`
      select d.revenue_cents as revenue, d.purchases from resource_daily_stats d
      join sales s on s.resource_id = d.resource_id where s.id = ${saleId}`);
    expect(revenue.rows.map((r) => [Number(r.revenue), Number(r.purchases)])).toEqual([[1500, 1]]);
  });

  it("keeps a site coupon's discount on the first seat: the platform and the creator each give back their part", async () => {
    const made = await call("admin", "POST", "/coupons", {
      code: "SEATSITE",
      amountOffCents: 300,
      siteWide: true,
      expiresAt: new Date(Date.now() + 86_400_000 * 30).toISOString(),
      maxUses: 10,
    });
    expect(made.status).toBe(201);
    const before = await accountTotals();
    // 700 for the buyer's seat + 2 x 500; the ledger's gross is 2000 (fee 400, the creator 1600).
    const { saleId } = await buySeats(3, "SEATSITE", 1700);
    await assign(saleId, 2, { email: "colleague@example.org" });
    const { id } = await ask(saleId);
    expect((await call("admin", "POST", `/refunds/${id}/approve`)).body).toMatchObject({
      seats: 1,
      amountCents: 500,
    });
    expect(await moved(before)).toEqual({
      "card_clearing:": 1200,
      "platform_discounts:": 300,
      "platform_fees:": -300,
      [`creator_balance:${bed.creator.id}`]: -1200,
    });
    expect(Object.values(await accountTotals()).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("refunds the whole purchase while no colleague holds or is invited to a seat", async () => {
    const before = await accountTotals();
    const { saleId, downloadUrl } = await buySeats(3);
    expect((await call("buyer", "GET", `/transactions/${saleId}/refund`)).body).toMatchObject({
      refundableCents: 2000,
      refundableSeats: null,
    });
    const { id, seats, amountCents } = await ask(saleId);
    expect([seats, amountCents]).toEqual([null, 2000]);
    expect((await call("creator", "POST", `/refunds/${id}/approve`)).body).toMatchObject({
      status: "refunded",
      seats: null,
      amountCents: 2000,
      sale: { seats: 3 },
    });
    expect(await accountTotals()).toEqual(before);
    const payment = await paymentOf(saleId);
    expect(payment.status).toBe("refunded");
    expect(payment.refunded_at).not.toBeNull();
    expect(bed.sandbox.charges.get(payment.charge_id)).toMatchObject({
      status: "refunded",
      refundedCents: 2000,
    });
    expect((await call("buyer", "GET", downloadUrl)).status).toBe(403);
  });

  it("refuses a refund while every colleague's seat is given, at the request and at the approval", async () => {
    const { saleId } = await buySeats(2);
    const { id } = await ask(saleId);
    await assign(saleId, 1, { email: "friend@example.org" });
    const before = await accountTotals();
    const refused = await call("creator", "POST", `/refunds/${id}/approve`);
    expect([refused.status, refused.body.error]).toEqual([409, "no_free_seats"]);
    expect(String(refused.body.message)).toMatch(/free the seats/);
    const byAdmin = await call("admin", "POST", `/admin/transactions/${saleId}/refund`, { reason: REASON });
    expect([byAdmin.status, byAdmin.body.error]).toEqual([409, "no_free_seats"]);
    // Nothing moved: the request still waits, the seat is still given.
    expect(await accountTotals()).toEqual(before);
    expect((await call("buyer", "GET", `/transactions/${saleId}/refund`)).body).toMatchObject({
      refund: { status: "requested", seats: 0, amountCents: 0 },
      refundableCents: 0,
      refundableSeats: 0,
    });
    expect(await slotsOf(saleId)).toEqual([1]);

    const { saleId: other } = await buySeats(2);
    await assign(other, 1, { holderId: bed.stranger.id });
    expect((await call("buyer", "GET", `/transactions/${other}/refund`)).body).toMatchObject({
      canRequest: false,
      refundableSeats: 0,
    });
    const asked = await call("buyer", "POST", `/transactions/${other}/refund-request`, { reason: REASON });
    expect([asked.status, asked.body.error]).toEqual([409, "no_free_seats"]);
  });

  it("shows the seats on the creator's earnings, the buyer's library, receipt and statement", async () => {
    const { saleId } = await buySeats(3);
    await assign(saleId, 1, { holderId: bed.stranger.id });
    const { id } = await ask(saleId);
    expect((await call("creator", "POST", `/refunds/${id}/approve`)).status).toBe(200);

    const lines = (await call("creator", "GET", "/earnings/self/activity")).body.lines as {
      id: string;
      kind: string;
      amount: number;
      seats: number | null;
    }[];
    // Newest first: the refund of one seat (500 back, its fee given back), then the sale of 3 seats.
    expect(lines.slice(0, 4).map((l) => [l.kind, l.amount, l.seats])).toEqual([
      ["refund", -500, 1],
      ["fee", 100, 1],
      ["sale", 2000, 3],
      ["fee", -400, 3],
    ]);
    const library = (await call("buyer", "GET", "/users/self/library")).body.items as {
      saleId: string | null;
      seats: number | null;
    }[];
    expect(library.find((i) => i.saleId === saleId)?.seats).toBe(2);

    const receipt = await bed.t.app.inject({
      method: "GET",
      url: `/api/activity/transactions/${saleId}/receipt`,
      headers: bed.auth.buyer,
    });
    expect(receipt.body).toContain("3 seats");
    expect(receipt.body).toContain("1 unused seat refunded on");

    const year = new Date().getFullYear();
    const csv = await bed.t.app.inject({
      method: "GET",
      url: `/api/activity/statements/${year}.csv`,
      headers: bed.auth.buyer,
    });
    const rows = csv.body.split("\r\n").filter((r) => r.includes(saleId));
    expect(rows.find((r) => r.includes('"Purchase"'))).toMatch(/,20\.00,3$/);
    expect(rows.find((r) => r.includes("Refund of unused seats"))).toMatch(/,-5\.00,1$/);
  });

  it("gives no money back for free seats the creator priced at 0, and still takes them back", async () => {
    const { resource } = await paidResource(1000, { seat_price: 0 });
    const bought = await call("buyer", "POST", "/transactions/resource/purchase", {
      resourceId: resource.name,
      amount: 1000,
      seats: 3,
      ...CARD,
    });
    expect(bought.status).toBe(200);
    const saleId = (bought.body.sale as { saleId: string }).saleId;
    await assign(saleId, 2, { holderId: bed.stranger.id });
    const before = await accountTotals();
    const { id } = await ask(saleId);
    expect((await call("creator", "POST", `/refunds/${id}/approve`)).body).toMatchObject({
      status: "refunded",
      seats: 1,
      amountCents: 0,
    });
    expect(await accountTotals()).toEqual(before);
    expect(bed.sandbox.refunds.has(`refund:${id}`)).toBe(false);
    expect(await paymentOf(saleId)).toMatchObject({ status: "captured", seats: 2 });
    expect(await slotsOf(saleId)).toEqual([2]);
  });

  it("a double approval of a partial refund refunds once, even when both meet in the database", async () => {
    const { saleId } = await buySeats(5);
    await assign(saleId, 3, { holderId: bed.stranger.id });
    const { id } = await ask(saleId);
    const answers = await overlapping(bed.t.databaseUrl, "refunds", 2, () =>
      Promise.all([
        call("creator", "POST", `/refunds/${id}/approve`),
        call("admin", "POST", `/refunds/${id}/approve`),
      ]),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const counted = await bed.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where kind = 'refund' and memo = ${id}`,
    );
    expect(counted.rows[0]!.n).toBe(1);
    expect([...bed.sandbox.refunds.keys()].filter((k) => k === `refund:${id}`)).toHaveLength(1);
    expect(await paymentOf(saleId)).toMatchObject({ seats: 2, status: "captured" });
    expect(await slotsOf(saleId)).toEqual([3]);
  });
});
