import {
  BUNDLE_TYPE,
  type CreatorLedgerTransaction,
  dayInZone,
  EARNINGS_ACTIVITY_LIMIT,
  EARNINGS_CHART_MONTHS,
  type EarningsActivityResponse,
  type EarningsBalanceResponse,
  earningsLines,
  earningsMonths,
  eligiblePayoutCents,
  formatAmount,
  OTHER_ACTIVITY_KINDS,
  type OtherActivityKind,
  type PayoutResponse,
  type PayoutStatus,
  payoutLines,
  sumCents,
} from "@market/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { payouts, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { AppError, notFound, validationFailed } from "../../platform/errors.ts";
import { getSiteSettings } from "../site/index.ts";
import { postLedger } from "./ledger.service.ts";

/** The balance fields of spec 3, in cents (the contract says what each one is). */
export type EarningsBalance = EarningsBalanceResponse;

/**
 * A creator's balances, derived from the ledger (never stored): earnings are credits to their
 * creator_balance (negative lines, each eligible from its eligible_at), payouts and refunds are debits
 * (positive; a payout's at once, a refund's from its eligible_at: at once, unless the refunded sale's
 * earnings were still on hold, then with them). The eligible balance is not clamped: a refund of earnings
 * already paid out makes it negative (issue 22), honestly shown, and later earnings recover it.
 */
export async function earningsBalance(
  db: Db,
  userId: string,
  payoutMinimumCents: number,
): Promise<EarningsBalance> {
  const [row] = await db
    .execute<{ earned: string; eligible: string; paid: string; pending: string; taken: boolean }>(sql`
      select
        coalesce((select -sum(amount_cents) from ledger_entries
                  where account = 'creator_balance' and users_id = ${userId} and amount_cents < 0), 0) as earned,
        coalesce((select -sum(amount_cents) from ledger_entries
                  where account = 'creator_balance' and users_id = ${userId}
                    and (eligible_at <= now() or (amount_cents > 0 and eligible_at is null))), 0) as eligible,
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
  const eligibleBalance = Number(row?.eligible ?? 0) - pending;
  return {
    balance,
    estimatedBalance: balance - pending,
    eligibleBalance,
    eligiblePayout: eligiblePayoutCents(eligibleBalance, payoutMinimumCents),
    pendingPayout: pending,
    hasTakenPayout: Boolean(row?.taken),
  };
}

export async function getOwnBalance(db: Db, viewer: Viewer) {
  const settings = await getSiteSettings(db);
  return earningsBalance(db, viewer.id, settings.payoutMinimumCents);
}

/** A balance below zero (a refund after a payout) is recovered from later earnings before any payout. */
const balanceNegative = (balance: EarningsBalance) =>
  new AppError(
    "balance_negative",
    `Your balance is ${formatAmount(Math.min(balance.balance, balance.eligibleBalance))} after a refund: later earnings make it up before a payout`,
  );

/**
 * POST /earnings/self/payouts: asks for the whole eligible balance, once it reaches the minimum; refused
 * while the balance is below zero. The creator's row is locked for the check and the insert, so two
 * requests at once cannot both reserve the same money: a payout never exceeds the eligible balance.
 */
export async function requestPayout(db: Db, viewer: Viewer) {
  const settings = await getSiteSettings(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${viewer.id} for update`);
    const balance = await earningsBalance(tx as unknown as Db, viewer.id, settings.payoutMinimumCents);
    if (balance.balance < 0 || balance.eligibleBalance < 0) throw balanceNegative(balance);
    if (balance.eligiblePayout <= 0) {
      throw validationFailed(
        { amount: "below_payout_minimum" },
        `A payout needs at least ${formatAmount(settings.payoutMinimumCents)} available for payout`,
      );
    }
    const [payout] = await tx
      .insert(payouts)
      .values({ users_id: viewer.id, amount_cents: balance.eligiblePayout })
      .returning();
    return presentPayout(payout!, settings.timeZone);
  });
}

const presentPayout = (p: typeof payouts.$inferSelect, timeZone: string): PayoutResponse => ({
  id: p.id,
  amount: p.amount_cents,
  // The column's CHECK holds it to the contract's statuses.
  status: p.status as PayoutStatus,
  requestedAt: p.requested_at.toISOString(),
  requestedDay: dayInZone(p.requested_at, timeZone),
  payoutDate: p.payout_date,
});

export async function listOwnPayouts(db: Db, viewer: Viewer) {
  const { timeZone } = await getSiteSettings(db);
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.users_id, viewer.id))
    .orderBy(desc(payouts.requested_at))
    .limit(100);
  return { payouts: rows.map((p) => presentPayout(p, timeZone)) };
}

/** The admin payouts queue: requested payouts, oldest first, and what they add up to. */
export async function listPayoutQueue(db: Db) {
  const { timeZone } = await getSiteSettings(db);
  const rows = await db
    .select({ payout: payouts, username: users.username, first_name: users.first_name, email: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.users_id))
    .where(eq(payouts.status, "requested"))
    .orderBy(payouts.requested_at)
    .limit(500);
  return {
    payouts: rows.map((r) => ({
      ...presentPayout(r.payout, timeZone),
      username: r.username,
      first_name: r.first_name,
    })),
    totalEligiblePayouts: rows.reduce((sum, r) => sum + r.payout.amount_cents, 0),
  };
}

/**
 * An admin marks a requested payout paid: one balanced ledger transaction moves the amount out of the
 * creator's balance, and the payout records when and by whom. Paying twice is refused, and so is paying
 * a creator whose balance a refund made negative since they asked (reject it; they ask again later).
 */
export async function payPayout(db: Db, admin: Viewer, payoutId: string, payoutDate: string) {
  const { timeZone } = await getSiteSettings(db);
  return db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for("update");
    if (!payout) throw notFound("No such payout");
    if (payout.status !== "requested")
      throw new AppError("conflict", `This payout is already ${payout.status}`);
    await tx.execute(sql`select id from users where id = ${payout.users_id} for update`);
    // The requested payout is already taken out of the eligible balance: below zero, it pays too much.
    const balance = await earningsBalance(tx as unknown as Db, payout.users_id, 0);
    if (balance.eligibleBalance < 0) throw balanceNegative(balance);
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
    return presentPayout(paid!, timeZone);
  });
}

export async function rejectPayout(db: Db, payoutId: string) {
  const { timeZone } = await getSiteSettings(db);
  const [rejected] = await db
    .update(payouts)
    .set({ status: "rejected" })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, "requested")))
    .returning();
  if (!rejected) throw notFound("No requested payout with that id");
  return presentPayout(rejected, timeZone);
}

/**
 * GET /earnings/self/activity: the creator's balance told line by line from the ledger (rules/earnings.ts):
 * every transaction that moved their creator_balance, newest first, a sale or tip with its platform fee
 * as a line of its own, a refund as the sale taken back with its fee given back, and payouts; the sum of the transactions past `limit` as earlierTotal, so the
 * lines always add up to the balance. The chart's months are summed in SQL over the whole ledger, per
 * month of the site's time zone. Referrals and featuring are listed apart: they are not in the balance.
 * The creator's sales and tips are found through their own indexes (resource, recipient), then matched
 * to the ledger by payment.
 */
export async function listOwnActivity(
  db: Db,
  viewer: Viewer,
  limit = EARNINGS_ACTIVITY_LIMIT,
): Promise<EarningsActivityResponse> {
  const { timeZone } = await getSiteSettings(db);
  const mine = sql`
    mine as (
      select e.transaction_id as id, -sum(e.amount_cents) as credit
      from ledger_entries e
      where e.account = 'creator_balance' and e.users_id = ${viewer.id}
      group by e.transaction_id
    )`;
  const fee = sql`left join lateral (
      select -sum(f.amount_cents) as amount from ledger_entries f
      where f.transaction_id = lt.id and f.account = 'platform_fees'
    ) fee on true`;
  const today = dayInZone(new Date(), timeZone);
  const firstMonth = earningsMonths(today, [], EARNINGS_CHART_MONTHS)[0]!.month;

  const [listed, total, monthly, other] = await Promise.all([
    db.execute<{
      id: string;
      kind: string;
      created_at: string | Date;
      credit: string;
      fee: string | null;
      sale_id: string | null;
      title: string | null;
      tipper: string | null;
      tip_note: string | null;
      is_bundle: boolean | null;
      seats: number | null;
    }>(sql`
      with ${mine},
      my_sales as (
        -- Seats bought (issue 23): those a sale keeps and those a refund of its free seats gave back.
        select s.id, s.payment_id, r.title, r.type = ${BUNDLE_TYPE} as is_bundle,
               s.seats + coalesce(rf.seats, 0) as seats_bought, rf.seats as seats_refunded
        from sales s join resources r on r.id = s.resource_id
        left join refunds rf on rf.sale_id = s.id and rf.status = 'refunded'
        where r.users_id = ${viewer.id}
      ),
      my_tips as (
        select t.payment_id, t.tip_note, u.username from tips t join users u on u.id = t.tipper_id
        where t.recipient_id = ${viewer.id}
      )
      select lt.id, lt.kind, lt.created_at, mine.credit, fee.amount as fee,
             ms.id as sale_id, ms.title, ms.is_bundle, mt.username as tipper, mt.tip_note,
             case when lt.kind = 'refund' then coalesce(ms.seats_refunded, ms.seats_bought)
                  else ms.seats_bought end as seats
      from mine
      join ledger_transactions lt on lt.id = mine.id
      ${fee}
      left join my_sales ms on lt.kind in ('sale', 'gift', 'refund') and ms.payment_id = lt.payment_id
      left join my_tips mt on lt.kind = 'tip' and mt.payment_id = lt.payment_id
      order by lt.created_at desc, lt.id desc
      limit ${limit}`),
    db.execute<{ balance: string }>(sql`
      select coalesce(-sum(amount_cents), 0) as balance from ledger_entries
      where account = 'creator_balance' and users_id = ${viewer.id}`),
    db.execute<{ month: string; kind: string; credit: string; fee: string }>(sql`
      with ${mine}
      select to_char(lt.created_at at time zone ${timeZone}, 'YYYY-MM') as month, lt.kind,
             sum(mine.credit) as credit, coalesce(sum(fee.amount), 0) as fee
      from mine
      join ledger_transactions lt on lt.id = mine.id
      ${fee}
      where lt.created_at >= (${`${firstMonth}-01`}::date)::timestamp at time zone ${timeZone}
      group by 1, 2`),
    listOtherActivity(db, viewer),
  ]);

  const transactions: CreatorLedgerTransaction[] = listed.rows.map((r) => {
    const createdAt = new Date(r.created_at);
    return {
      id: r.id,
      kind: r.kind,
      createdAt: createdAt.toISOString(),
      day: dayInZone(createdAt, timeZone),
      credit: Number(r.credit),
      fee: Number(r.fee ?? 0),
      title: r.title,
      from: r.tipper,
      note: r.tip_note,
      saleId: r.sale_id,
      isBundle: r.is_bundle === true,
      seats: r.seats === null ? null : Number(r.seats),
    };
  });
  const lines = earningsLines(transactions);
  const balance = Number(total.rows[0]?.balance ?? 0);
  return {
    lines,
    earlierTotal: balance - sumCents(lines),
    balance,
    months: earningsMonths(
      today,
      monthly.rows.map((r) => ({
        month: r.month,
        kind: r.kind,
        credit: Number(r.credit),
        fee: Number(r.fee),
      })),
    ),
    other: other.map((r) => {
      const createdAt = new Date(r.created_at);
      return {
        id: r.id,
        kind: r.kind,
        amount: Number(r.amount),
        createdAt: createdAt.toISOString(),
        day: dayInZone(createdAt, timeZone),
        title: r.title,
      };
    }),
  };
}

/**
 * Activity beside the balance, newest first: referrals (others' resources bought through the creator's ref
 * code, credited but not paid, DECISIONS.md; a refunded sale's credit is taken back, so it is left out) with the sale's amount, and featuring they paid for by card,
 * as a negative amount.
 */
async function listOtherActivity(db: Db, viewer: Viewer, limit = 100) {
  const rows = await db.execute<{
    kind: OtherActivityKind;
    id: string;
    amount: number;
    created_at: string | Date;
    title: string | null;
  }>(sql`
    select * from (
      select 'referral' as kind, s.id, s.amount_cents as amount, s.created_at, r.title
      from users me
      join sales s on s.ref_code = me.ref_code
      join resources r on r.id = s.resource_id
      where me.id = ${viewer.id} and r.users_id <> ${viewer.id} and s.refunded_at is null
      union all
      select 'feature' as kind, lt.id, -p.amount_cents as amount, lt.created_at, r.title
      from payments p
      join ledger_transactions lt on lt.payment_id = p.id and lt.kind = 'feature'
      -- memo holds the featured resource's id: compared as a uuid so the primary key finds it.
      left join resources r on r.id = case when lt.memo ~ '^[0-9a-f-]{36}$' then lt.memo::uuid end
      where p.users_id = ${viewer.id} and p.purpose = 'feature'
    ) activity
    order by created_at desc, id
    limit ${limit}`);
  return rows.rows.filter((r) => (OTHER_ACTIVITY_KINDS as readonly string[]).includes(r.kind));
}
