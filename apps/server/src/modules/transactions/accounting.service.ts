import { LEDGER_ACCOUNTS, type LedgerAccount } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { getSiteSettings } from "../site/index.ts";

export interface AccountingRow {
  period: string;
  sales: number;
  fees: number;
  tips: number;
  donations: number;
  adIncome: number;
  featuring: number;
  payouts: number;
  refunds: number;
  siteDiscounts: number;
}

/**
 * /admin/accounting: money by month from the ledger (never from the sales or tips tables, so it agrees
 * with the balances): gross sales, platform fees (net of fees given back by refunds), tips, donations, ad
 * and featuring income, payouts, refunds (card money given back) and site coupons' discounts (net);
 * and the trial balance, each account's total, which sums to zero when the books are sound. Days and
 * months are those of the site's time zone, as on the creators' earnings and the statistics.
 */
export async function accountingReport(db: Db, from: string, to: string) {
  const { timeZone } = await getSiteSettings(db);
  const periods = await db.execute<Record<string, string>>(sql`
    select to_char(t.created_at at time zone ${timeZone}, 'YYYY-MM') as period,
      coalesce(sum(e.amount_cents) filter (where t.kind in ('sale', 'gift') and e.account = 'card_clearing'), 0) as sales,
      coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0) as fees,
      coalesce(sum(e.amount_cents) filter (where t.kind = 'tip' and e.account = 'card_clearing'), 0) as tips,
      coalesce(-sum(e.amount_cents) filter (where t.kind = 'donation' and e.account = 'platform_revenue'), 0) as donations,
      coalesce(-sum(e.amount_cents) filter (where t.kind = 'ad' and e.account = 'platform_revenue'), 0) as ad_income,
      coalesce(-sum(e.amount_cents) filter (where t.kind = 'feature' and e.account = 'platform_revenue'), 0) as featuring,
      coalesce(-sum(e.amount_cents) filter (where t.kind = 'payout' and e.account = 'payouts'), 0) as payouts,
      coalesce(-sum(e.amount_cents) filter (where t.kind = 'refund' and e.account = 'card_clearing'), 0) as refunds,
      coalesce(sum(e.amount_cents) filter (where e.account = 'platform_discounts'), 0) as site_discounts
    from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
    where t.created_at >= (${from}::date)::timestamp at time zone ${timeZone}
      and t.created_at < (${to}::date + 1)::timestamp at time zone ${timeZone}
    group by 1 order by 1`);
  const trial = await db.execute<{ account: string; total: string }>(sql`
    select account, sum(amount_cents) as total from ledger_entries group by account order by account`);
  const rows: AccountingRow[] = periods.rows.map((r) => ({
    period: r.period!,
    sales: Number(r.sales),
    fees: Number(r.fees),
    tips: Number(r.tips),
    donations: Number(r.donations),
    adIncome: Number(r.ad_income),
    featuring: Number(r.featuring),
    payouts: Number(r.payouts),
    refunds: Number(r.refunds),
    siteDiscounts: Number(r.site_discounts),
  }));
  // Only postLedger writes entries, with the domain's accounts; anything else would be a bug, left out here.
  const trialBalance = trial.rows
    .filter((r): r is { account: LedgerAccount; total: string } =>
      (LEDGER_ACCOUNTS as readonly string[]).includes(r.account),
    )
    .map((r) => ({ account: r.account, total: Number(r.total) }));
  return {
    periods: rows,
    trialBalance,
    balanced: trial.rows.reduce((sum, r) => sum + Number(r.total), 0) === 0,
  };
}
