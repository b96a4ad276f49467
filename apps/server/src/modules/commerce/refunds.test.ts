import { BUNDLE_TYPE } from "@market/domain";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bundleItems } from "../../db/schema/index.ts";
import { overlapping } from "../../test/race.ts";
import { CARD } from "../../test/transactions-testbed.ts";
import { refundsTestbed } from "./refunds-testbed.ts";

const REASON = "The worksheets do not match the grade described.";

describe("refunds: asked for by the buyer, decided by the creator or an admin, reversed in the ledger", () => {
  const { bed, call, paidResource, buy, accountTotals } = refundsTestbed();

  it("a buyer asks, the creator approves: money back, ledger restored, download gone, e-mails sent", async () => {
    const { resource, downloadUrl } = await paidResource(1000);
    const before = await accountTotals();
    const saleId = await buy(resource.name, 1000);
    expect((await call("buyer", "GET", downloadUrl)).status).toBe(200);

    const state = await call("buyer", "GET", `/transactions/${saleId}/refund`);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ refund: null, canRequest: true });

    // Nobody but the buyer asks, and a reason is needed.
    expect(
      (await call("stranger", "POST", `/transactions/${saleId}/refund-request`, { reason: REASON })).status,
    ).toBe(404);
    expect(
      (await call("creator", "POST", `/transactions/${saleId}/refund-request`, { reason: REASON })).status,
    ).toBe(404);
    expect(
      (await call("buyer", "POST", `/transactions/${saleId}/refund-request`, { reason: "meh" })).status,
    ).toBe(400);
    expect(
      (await call("buyer", "POST", `/transactions/${saleId}/refund-request`, { reason: "x".repeat(1001) }))
        .status,
    ).toBe(400);
    expect(
      (await call("buyer", "POST", `/transactions/${saleId}/refund-request`, { reason: REASON, extra: 1 }))
        .status,
    ).toBe(400);

    await bed.drain();
    const mailsBefore = (await bed.t.sentMail()).length;
    const asked = await call("buyer", "POST", `/transactions/${saleId}/refund-request`, { reason: REASON });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      saleId,
      status: "requested",
      reason: REASON,
      byAdmin: false,
      sale: { amount: 1000, isGift: false },
      resource: { name: resource.name, isBundle: false },
      buyer: { username: "refund_buyer" },
    });
    const refundId = asked.body.id as string;
    expect(
      (await call("buyer", "POST", `/transactions/${saleId}/refund-request`, { reason: REASON })).body.error,
    ).toBe("refund_exists");
    await bed.drain();
    const requestMail = (await bed.t.sentMail()).slice(mailsBefore);
    expect(requestMail).toHaveLength(1);
    expect(requestMail[0]).toContain(`To: ${bed.creator.email}`);
    expect(requestMail[0]).toContain(REASON);

    // The creator and the admins see it waiting; the overview counts it.
    const waiting = await call("creator", "GET", "/earnings/self/refund-requests");
    expect((waiting.body.refunds as { id: string }[]).map((r) => r.id)).toContain(refundId);
    expect((await call("otherCreator", "GET", "/earnings/self/refund-requests")).body.refunds).toEqual([]);
    const queue = await call("admin", "GET", "/admin/refunds");
    expect(queue.body.total).toBe(1);
    expect((await call("admin", "GET", "/admin/exceptions")).body.refunds).toBe(1);
    expect((await call("creator", "GET", "/admin/refunds")).status).toBe(403);

    // Only the sale's creator (or an admin) decides.
    expect((await call("otherCreator", "POST", `/refunds/${refundId}/approve`)).status).toBe(404);
    expect((await call("buyer", "POST", `/refunds/${refundId}/approve`)).status).toBe(404);

    const approved = await call("creator", "POST", `/refunds/${refundId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "refunded" });
    expect((await call("creator", "POST", `/refunds/${refundId}/approve`)).body.error).toBe(
      "refund_not_pending",
    );
    expect((await call("creator", "POST", `/refunds/${refundId}/decline`, {})).body.error).toBe(
      "refund_not_pending",
    );

    // Every account is back where it was before the sale; the card is refunded once, the payment says so.
    expect(await accountTotals()).toEqual(before);
    const [payment] = (
      await bed.t.db.execute<{ status: string; charge_id: string }>(
        sql`select p.status, p.charge_id from payments p join sales s on s.payment_id = p.id where s.id = ${saleId}`,
      )
    ).rows;
    expect(payment!.status).toBe("refunded");
    expect(bed.sandbox.charges.get(payment!.charge_id)?.status).toBe("refunded");
    expect([...bed.sandbox.refunds.values()].filter((r) => r.chargeId === payment!.charge_id)).toHaveLength(
      1,
    );

    expect((await call("buyer", "GET", downloadUrl)).status).toBe(403);
    // The thank-you page's facts no longer offer the file.
    expect((await call("buyer", "GET", `/transactions/sales/${saleId}`)).body).toMatchObject({ file: null });
    expect((await call("buyer", "GET", `/transactions/${saleId}/refund`)).body).toMatchObject({
      refund: { status: "refunded" },
      canRequest: false,
      requestableUntil: null,
    });
    expect((await call("admin", "GET", "/admin/exceptions")).body.refunds).toBe(0);

    const mailsAfterRequest = (await bed.t.sentMail()).length;
    await bed.drain();
    const decided = (await bed.t.sentMail()).slice(mailsAfterRequest);
    expect(decided.map((m) => m.match(/^To: (.*)$/m)?.[1]).sort()).toEqual(
      [bed.buyer.email, bed.creator.email].sort(),
    );
    expect(decided.every((m) => m.includes(`Subject: Refunded: ${resource.title}`))).toBe(true);

    // Earnings show the refund as the sale taken back and the fee given back; the CSV's source adds up.
    const activity = await call("creator", "GET", "/earnings/self/activity");
    const lines = activity.body.lines as {
      kind: string;
      amount: number;
      feeFor: string | null;
      title: string;
    }[];
    expect(lines.slice(0, 2).map((l) => [l.kind, l.amount, l.feeFor])).toEqual([
      ["refund", -1000, null],
      ["fee", 200, "refund"],
    ]);
    // Bought again after the refund: the once-per-buyer key ignores refunded sales.
    await buy(resource.name, 1000);
    expect((await call("buyer", "GET", downloadUrl)).status).toBe(200);
  });

  it("declines with a note the buyer sees; a closed window and strangers are refused", async () => {
    const { resource } = await paidResource(500);
    const saleId = await buy(resource.name, 500);
    const asked = await call("buyer", "POST", `/transactions/${saleId}/refund-request`, { reason: REASON });
    const refundId = asked.body.id as string;
    expect(
      (await call("creator", "POST", `/refunds/${refundId}/decline`, { note: "x".repeat(1001) })).status,
    ).toBe(400);
    const declined = await call("creator", "POST", `/refunds/${refundId}/decline`, {
      note: "  The grade is on the cover.  ",
    });
    expect(declined.body).toMatchObject({ status: "declined", declineNote: "The grade is on the cover." });
    expect((await call("buyer", "GET", `/transactions/${saleId}/refund`)).body).toMatchObject({
      refund: { status: "declined", declineNote: "The grade is on the cover." },
      canRequest: false,
    });
    expect((await call("buyer", "GET", "/refunds/self")).body.refunds).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: refundId, status: "declined" })]),
    );
    expect((await call("stranger", "GET", `/transactions/${saleId}/refund`)).status).toBe(404);
    expect((await call("buyer", "GET", "/transactions/not-a-uuid/refund")).status).toBe(404);
    expect((await call("creator", "POST", "/refunds/not-a-uuid/approve")).status).toBe(400);

    const late = await paidResource(500);
    const lateSale = await buy(late.resource.name, 500);
    await bed.t.db.execute(
      sql`update sales set created_at = now() - interval '15 days' where id = ${lateSale}`,
    );
    const lateState = await call("buyer", "GET", `/transactions/${lateSale}/refund`);
    expect(lateState.body).toMatchObject({ refund: null, canRequest: false });
    expect(
      (await call("buyer", "POST", `/transactions/${lateSale}/refund-request`, { reason: REASON })).body
        .error,
    ).toBe("refund_window_closed");
    // An admin refunds any sale, any time, and once.
    expect(
      (await call("creator", "POST", `/admin/transactions/${lateSale}/refund`, { reason: REASON })).status,
    ).toBe(403);
    const byAdmin = await call("admin", "POST", `/admin/transactions/${lateSale}/refund`, { reason: REASON });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({ status: "refunded", byAdmin: true });
    expect(
      (await call("admin", "POST", `/admin/transactions/${lateSale}/refund`, { reason: REASON })).body.error,
    ).toBe("already_refunded");
    expect((await call("admin", "GET", `/admin/sales/${lateSale}`)).body).toMatchObject({
      saleId: lateSale,
      amount: 500,
      refund: { status: "refunded" },
    });
    // The admin overrides a declined request too.
    expect(
      (await call("admin", "POST", `/admin/transactions/${saleId}/refund`, { reason: REASON })).body,
    ).toMatchObject({
      id: refundId,
      status: "refunded",
      declineNote: null,
    });
  });

  it("a refund after a payout makes the balance negative; payouts wait until later earnings recover it", async () => {
    const { resource } = await paidResource(2000);
    const first = await buy(resource.name, 2000, "stranger");
    const creator = bed.creator.id;
    await bed.t.db.execute(
      sql`update ledger_entries set eligible_at = now() - interval '1 day' where users_id = ${creator}`,
    );
    const balance = async () => (await call("creator", "GET", "/earnings/self/balance")).body;
    const start = (await balance()).eligibleBalance as number;
    expect(start).toBeGreaterThanOrEqual(1600);
    const payout = await call("creator", "POST", "/earnings/self/payouts");
    expect(payout.status).toBe(201);
    expect(
      (await call("admin", "POST", `/admin/payouts/${payout.body.id}/pay`, { payoutDate: "2026-11-20" }))
        .status,
    ).toBe(200);

    expect(
      (await call("admin", "POST", `/admin/transactions/${first}/refund`, { reason: REASON })).status,
    ).toBe(201);
    expect(await balance()).toMatchObject({ balance: -1600, eligibleBalance: -1600, eligiblePayout: 0 });
    expect((await call("creator", "POST", "/earnings/self/payouts")).body.error).toBe("balance_negative");

    // A later sale, once eligible, recovers it: 3000 earns 2400, less the 1600 owed.
    const later = await paidResource(3000);
    await buy(later.resource.name, 3000, "stranger");
    expect((await balance()).eligibleBalance).toBe(-1600);
    await bed.t.db.execute(
      sql`update ledger_entries set eligible_at = now() - interval '1 day'
          where users_id = ${creator} and amount_cents < 0`,
    );
    expect(await balance()).toMatchObject({ balance: 800, eligibleBalance: 800 });
  });

  it("a refund of earnings still on hold waits with them: nothing becomes eligible or negative", async () => {
    const { resource } = await paidResource(700);
    const before = (await call("creator", "GET", "/earnings/self/balance")).body;
    const saleId = await buy(resource.name, 700, "stranger");
    expect(
      (await call("admin", "POST", `/admin/transactions/${saleId}/refund`, { reason: REASON })).status,
    ).toBe(201);
    expect((await call("creator", "GET", "/earnings/self/balance")).body).toEqual(before);
  });

  it("a double-submitted approve refunds once, even when both requests meet in the database", async () => {
    const { resource } = await paidResource(900);
    const saleId = await buy(resource.name, 900);
    const refundId = (
      await call("buyer", "POST", `/transactions/${saleId}/refund-request`, { reason: REASON })
    ).body.id as string;
    const answers = await overlapping(bed.t.databaseUrl, "refunds", 2, () =>
      Promise.all([
        call("creator", "POST", `/refunds/${refundId}/approve`),
        call("admin", "POST", `/refunds/${refundId}/approve`),
      ]),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const counted = await bed.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where kind = 'refund' and memo = ${refundId}`,
    );
    expect(counted.rows[0]!.n).toBe(1);
    expect([...bed.sandbox.refunds.keys()].filter((k) => k === `refund:${refundId}`)).toHaveLength(1);
  });

  it("an admin's refund racing the creator's approval refunds once", async () => {
    const { resource } = await paidResource(1100);
    const saleId = await buy(resource.name, 1100);
    const refundId = (
      await call("buyer", "POST", `/transactions/${saleId}/refund-request`, { reason: REASON })
    ).body.id as string;
    const answers = await overlapping(bed.t.databaseUrl, "refunds", 1, () =>
      Promise.all([
        call("creator", "POST", `/refunds/${refundId}/approve`),
        call("admin", "POST", `/admin/transactions/${saleId}/refund`, { reason: REASON }),
      ]),
    );
    // Whichever goes first refunds; the other finds it decided (refund_not_pending, already_refunded).
    expect(answers.filter((a) => a.status === 200 || a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(1);
    const counted = await bed.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions t join sales s on s.payment_id = t.payment_id
          where t.kind = 'refund' and s.id = ${saleId}`,
    );
    expect(counted.rows[0]!.n).toBe(1);
  });

  it("a bundle refunds whole: every included resource's download is gone; a gift's refund takes it back", async () => {
    const one = await paidResource(600);
    const two = await paidResource(700);
    const { resource: bundle } = await paidResource(1000, { type: BUNDLE_TYPE });
    await bed.t.db.insert(bundleItems).values([
      { bundle_id: bundle.id, resource_id: one.resource.id, position: 0 },
      { bundle_id: bundle.id, resource_id: two.resource.id, position: 1 },
    ]);
    const saleId = await buy(bundle.name, 1000);
    expect((await call("buyer", "GET", one.downloadUrl)).status).toBe(200);
    const asked = await call("buyer", "POST", `/transactions/${saleId}/refund-request`, { reason: REASON });
    expect(asked.body).toMatchObject({ resource: { isBundle: true } });
    expect((await call("creator", "POST", `/refunds/${asked.body.id}/approve`)).status).toBe(200);
    expect((await call("buyer", "GET", one.downloadUrl)).status).toBe(403);
    expect((await call("buyer", "GET", two.downloadUrl)).status).toBe(403);
    const lines = (await call("creator", "GET", "/earnings/self/activity")).body.lines as {
      kind: string;
      isBundle: boolean;
    }[];
    expect(lines.filter((l) => l.isBundle).map((l) => l.kind)).toEqual(["refund", "fee", "sale", "fee"]);

    // A gift: its buyer asks; once refunded, the teacher who claimed it no longer has it.
    const gift = await paidResource(400);
    const [giver] = (
      await bed.t.db.execute<{ ref_code: string }>(sql`select ref_code from users where id = ${bed.buyer.id}`)
    ).rows;
    const bought = await call("buyer", "POST", `/transactions/resource/purchase/gift/${giver!.ref_code}`, {
      resourceId: gift.resource.name,
      amount: 400,
      ...CARD,
    });
    expect(bought.status).toBe(200);
    const giftSale = (bought.body.sale as { saleId: string }).saleId;
    const code = (bought.body.giftUri as string).split("gift=")[1]!;
    expect((await call("stranger", "POST", `/transactions/gifts/${code}/claim`)).status).toBe(200);
    expect((await call("stranger", "GET", gift.downloadUrl)).status).toBe(200);
    const giftRefund = await call("buyer", "POST", `/transactions/${giftSale}/refund-request`, {
      reason: REASON,
    });
    expect(giftRefund.body).toMatchObject({ sale: { isGift: true } });
    expect((await call("admin", "POST", `/refunds/${giftRefund.body.id}/approve`)).status).toBe(200);
    expect((await call("stranger", "GET", gift.downloadUrl)).status).toBe(403);
    // Its link is no gift any more: neither shown nor claimable.
    expect((await call("stranger", "GET", `/transactions/gifts/${code}`)).status).toBe(404);
    expect((await call("stranger", "POST", `/transactions/gifts/${code}/claim`)).status).toBe(404);
  });
});
