import { payoutLines } from "@market/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { payouts, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { getSiteSettings } from "../site/site-settings.service.ts";
import { postLedger } from "./ledger.service.ts";

export interface EarningsBalance {
  /** Everything earned and not yet paid out (cents). */
  balance: number;
  /** The balance once the payouts already requested are paid; shown as 0 when it is 0. */
  estimatedBalance: number;
  /** Earnings past their hold (payoutHoldDays), not yet paid out nor requested. */
  eligibleBalance: number;
  /** What a payout request would pay now: the eligible balance when it reaches payoutMinimumCents, else 0. */
  eligiblePayout: number;
  /** Payouts requested and not yet paid. */
  pendingPayout: number;
  hasTakenPayout: boolean;
}

/**
 * A creator's balances, derived from the ledger (never stored): earnings are credits to their
 * creator_balance (negative lines, each eligible from its eligible_at), payouts are debits (positive).
 */
export async function earningsBalance(
  db: Db,
  userId: string,
  payoutMinimumCents: number,
): Promise<EarningsBalance> {
  const [row] = await db
    .execute<{ earned: string; eligible_earned: string; paid: string; pending: string; taken: boolean }>(sql`
      select
        coalesce((select -sum(amount_cents) from ledger_entries
                  where account = 'creator_balance' and users_id = ${userId} and amount_cents < 0), 0) as earned,
        coalesce((select -sum(amount_cents) from ledger_entries
                  where account = 'creator_balance' and users_id = ${userId} and amount_cents < 0
                    and eligible_at <= now()), 0) as eligible_earned,
        coalesce((select sum(amount_cents) from ledger_entries
                  where account = 'creator_balance' and users_id = ${userId} and amount_cents > 0), 0) as paid,
        coalesce((select sum(amount_cents) from payouts
                  where users_id = ${userId} and status = 'requested'), 0) as pending,
        exists (select 1 from payouts where users_id = ${userId} and status = 'paid') as taken`)
    .then((r) => r.rows);
  const earned = Number(row?.earned ?? 0);
  const paid = Number(row?.paid ?? 0);
  const pending = Number(row?.pending ?? 0);
  const balance = earned - paid;
  const eligibleBalance = Math.max(0, Number(row?.eligible_earned ?? 0) - paid - pending);
  return {
    balance,
    estimatedBalance: balance - pending,
    eligibleBalance,
    eligiblePayout: eligibleBalance >= payoutMinimumCents ? eligibleBalance : 0,
    pendingPayout: pending,
    hasTakenPayout: Boolean(row?.taken),
  };
}

export async function getOwnBalance(db: Db, viewer: Viewer) {
  const settings = await getSiteSettings(db);
  return earningsBalance(db, viewer.id, settings.payoutMinimumCents);
}

/**
 * POST /earnings/self/payouts: asks for the whole eligible balance, once it reaches the minimum. The
 * creator's row is locked for the check and the insert, so two requests at once cannot both reserve
 * the same money: a payout never exceeds the eligible balance.
 */
export async function requestPayout(deps: AppDeps, viewer: Viewer) {
  const settings = await getSiteSettings(deps.db);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${viewer.id} for update`);
    const balance = await earningsBalance(tx as unknown as Db, viewer.id, settings.payoutMinimumCents);
    if (balance.eligiblePayout <= 0) {
      throw new AppError(
        "validation_failed",
        `A payout needs at least ${(settings.payoutMinimumCents / 100).toFixed(2)} dollars of eligible earnings`,
        { fields: { amount: "below_payout_minimum" } },
      );
    }
    const [payout] = await tx
      .insert(payouts)
      .values({ users_id: viewer.id, amount_cents: balance.eligiblePayout })
      .returning();
    return presentPayout(payout!);
  });
}

const presentPayout = (p: typeof payouts.$inferSelect) => ({
  id: p.id,
  amount: p.amount_cents,
  status: p.status,
  requestedAt: p.requested_at.toISOString(),
  payoutDate: p.payout_date,
});

export async function listOwnPayouts(db: Db, viewer: Viewer) {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.users_id, viewer.id))
    .orderBy(desc(payouts.requested_at))
    .limit(100);
  return { payouts: rows.map(presentPayout) };
}

/** The admin payouts queue: requested payouts, oldest first, and what they add up to. */
export async function listPayoutQueue(db: Db) {
  const rows = await db
    .select({ payout: payouts, username: users.username, first_name: users.first_name, email: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.users_id))
    .where(eq(payouts.status, "requested"))
    .orderBy(payouts.requested_at)
    .limit(500);
  return {
    payouts: rows.map((r) => ({
      ...presentPayout(r.payout),
      username: r.username,
      first_name: r.first_name,
    })),
    totalEligiblePayouts: rows.reduce((sum, r) => sum + r.payout.amount_cents, 0),
  };
}

/**
 * An admin marks a requested payout paid: one balanced ledger transaction moves the amount out of the
 * creator's balance, and the payout records when and by whom. Paying twice is refused.
 */
export async function payPayout(deps: AppDeps, admin: Viewer, payoutId: string, payoutDate: string) {
  return deps.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for("update");
    if (!payout) throw notFound("No such payout");
    if (payout.status !== "requested")
      throw new AppError("conflict", `This payout is already ${payout.status}`);
    const ledgerId = await postLedger(tx, {
      kind: "payout",
      paymentId: null,
      memo: `payout ${payout.id}`,
      lines: payoutLines({ amountCents: payout.amount_cents, creatorId: payout.users_id }),
    });
    const [paid] = await tx
      .update(payouts)
      .set({
        status: "paid",
        paid_at: new Date(),
        paid_by: admin.id,
        payout_date: payoutDate,
        ledger_transaction_id: ledgerId,
      })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, "requested")))
      .returning();
    return presentPayout(paid!);
  });
}

export async function rejectPayout(db: Db, payoutId: string) {
  const [rejected] = await db
    .update(payouts)
    .set({ status: "rejected" })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, "requested")))
    .returning();
  if (!rejected) throw notFound("No requested payout with that id");
  return presentPayout(rejected);
}

/**
 * The creator's activity, newest first: sales of their resources (gifts included) and tips they received,
 * which earn; referrals (others' resources bought through the creator's ref code, credited but not paid,
 * DECISIONS.md) with the sale's amount; and featuring they paid for, as a negative amount. Sales carry
 * their receipt.
 */
export async function listOwnActivity(db: Db, viewer: Viewer, limit = 100) {
  const rows = await db.execute<{
    kind: string;
    id: string;
    amount: number;
    created_at: string | Date;
    title: string | null;
    counterpart: string | null;
    ref_code: string | null;
  }>(sql`
    select * from (
      select case when s.is_gift then 'gift' else 'sale' end as kind, s.id, s.amount_cents as amount, s.created_at,
             r.title, null::text as counterpart, s.ref_code
      from sales s join resources r on r.id = s.resource_id
      where r.users_id = ${viewer.id}
      union all
      select 'tip' as kind, t.id, t.amount_cents as amount, t.created_at, t.tip_note as title, u.username as counterpart,
             null::text as ref_code
      from tips t join users u on u.id = t.tipper_id
      where t.recipient_id = ${viewer.id}
      union all
      select 'referral' as kind, s.id, s.amount_cents as amount, s.created_at, r.title, null::text as counterpart,
             s.ref_code
      from users me
      join sales s on s.ref_code = me.ref_code
      join resources r on r.id = s.resource_id
      where me.id = ${viewer.id} and r.users_id <> ${viewer.id}
      union all
      select 'feature' as kind, lt.id, -p.amount_cents as amount, lt.created_at, r.title, null::text as counterpart,
             null::text as ref_code
      from payments p
      join ledger_transactions lt on lt.payment_id = p.id and lt.kind = 'feature'
      -- memo holds the featured resource's id: compared as a uuid so the primary key finds it.
      left join resources r on r.id = case when lt.memo ~ '^[0-9a-f-]{36}$' then lt.memo::uuid end
      where p.users_id = ${viewer.id} and p.purpose = 'feature'
    ) activity
    order by created_at desc, id
    limit ${limit}`);
  return {
    activity: rows.rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      amount: Number(r.amount),
      createdAt: new Date(r.created_at).toISOString(),
      title: r.title,
      from: r.counterpart,
      refCode: r.ref_code,
      receipt: r.kind === "sale" || r.kind === "gift" ? `/api/activity/transactions/${r.id}/receipt` : null,
    })),
  };
}
