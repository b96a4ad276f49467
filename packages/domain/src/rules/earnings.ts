/**
 * A creator's earnings as lines that add up (DECISIONS.md Money): every ledger transaction that moves
 * their creator_balance becomes one or two lines, so the lines of a creator's whole history sum to
 * exactly their balance. A sale or tip shows what the buyer paid, and the platform's fee taken from it
 * is a line of its own (negative); a payout is negative. Amounts are integer cents.
 */

/**
 * Lines that make up the balance. A refund (issue 22) takes back what its sale brought, as a negative line,
 * and its fee line gives the platform's fee back. An adjustment is a balance movement of a kind this code
 * does not name.
 */
export const EARNINGS_LINE_KINDS = ["sale", "gift", "tip", "refund", "fee", "payout", "adjustment"] as const;
export type EarningsLineKind = (typeof EARNINGS_LINE_KINDS)[number];

/**
 * Ledger kinds that carry a platform fee: a sale, a gift sale and a tip; and a refund, whose fee is the
 * sale's, returned (a positive fee line).
 */
export const FEE_BEARING_KINDS = ["sale", "gift", "tip", "refund"] as const;
export type FeeBearingKind = (typeof FEE_BEARING_KINDS)[number];

/**
 * Activity that is not part of the balance: referrals (someone else's resource bought through the
 * creator's link, credited but not paid, DECISIONS.md) and featuring the creator paid for by card.
 */
export const OTHER_ACTIVITY_KINDS = ["referral", "feature"] as const;
export type OtherActivityKind = (typeof OTHER_ACTIVITY_KINDS)[number];

export const PAYOUT_STATUSES = ["requested", "paid", "rejected"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The earnings chart covers this many calendar months, the current one last. */
export const EARNINGS_CHART_MONTHS = 12;
/** At most this many ledger transactions are listed; older ones are summed as "earlier activity". */
export const EARNINGS_ACTIVITY_LIMIT = 500;

/** One ledger transaction that moved a creator's balance, with what the screen says about it. */
export interface CreatorLedgerTransaction {
  /** The ledger transaction's id. */
  id: string;
  /** Its ledger kind: sale, gift, tip, payout, or another. */
  kind: string;
  createdAt: string;
  /** Its calendar day in the site's time zone (YYYY-MM-DD). */
  day: string;
  /** What it added to the creator's balance: minus the sum of their creator_balance lines in it. */
  credit: number;
  /** The platform's fee taken in it (its platform_fees credit, as a positive amount); 0 when none. */
  fee: number;
  /** The resource of a sale or gift. */
  title: string | null;
  /** Who tipped. */
  from: string | null;
  /** The tip's note. */
  note: string | null;
  /** A sale's id, whose receipt the creator may open (a refund's: the refunded sale's). */
  saleId: string | null;
  /** A sale, gift or refund of a bundle (a resource of type BUNDLE_TYPE): labelled as such. */
  isBundle: boolean;
  /** Issue 23: a sale's seats bought, a refund's seats refunded (the whole purchase's for a whole refund). */
  seats?: number | null;
}

export interface EarningsLine {
  /** Unique among the lines: the ledger transaction's id, with "-fee" for its fee line. */
  id: string;
  kind: EarningsLineKind;
  /** Signed cents: what the line adds to the balance. */
  amount: number;
  createdAt: string;
  day: string;
  title: string | null;
  from: string | null;
  note: string | null;
  /** For a fee line: what it was taken from (a refund's: the fee given back). */
  feeFor: FeeBearingKind | null;
  receipt: string | null;
  isBundle: boolean;
  /** A sale's seats, a refund's seats refunded, on its line and its fee line; null for others. */
  seats?: number | null;
}

const isFeeBearing = (kind: string): kind is FeeBearingKind =>
  (FEE_BEARING_KINDS as readonly string[]).includes(kind);

export const receiptPath = (saleId: string) => `/api/activity/transactions/${saleId}/receipt`;

/**
 * The lines of a creator's ledger transactions, in the order given (newest first on the screen): a sale,
 * gift or tip shows its gross (credit plus fee) followed by its fee as a negative line; a refund shows the
 * gross taken back (negative) followed by the fee given back (positive); a payout and any other movement
 * show their credit. The lines of a transaction always sum to its credit.
 */
export function earningsLines(transactions: readonly CreatorLedgerTransaction[]): EarningsLine[] {
  const lines: EarningsLine[] = [];
  for (const t of transactions) {
    const base = {
      createdAt: t.createdAt,
      day: t.day,
      title: t.title,
      from: t.from,
      note: t.note,
      isBundle: t.isBundle,
      ...(t.seats === undefined ? {} : { seats: t.seats }),
    };
    if (isFeeBearing(t.kind)) {
      lines.push({
        ...base,
        id: t.id,
        kind: t.kind,
        amount: t.credit + t.fee,
        feeFor: null,
        receipt: t.saleId && t.kind !== "tip" ? receiptPath(t.saleId) : null,
      });
      if (t.fee !== 0) {
        lines.push({
          ...base,
          id: `${t.id}-fee`,
          kind: "fee",
          amount: -t.fee,
          feeFor: t.kind,
          receipt: null,
        });
      }
    } else {
      lines.push({
        ...base,
        id: t.id,
        kind: t.kind === "payout" ? "payout" : "adjustment",
        amount: t.credit,
        feeFor: null,
        receipt: null,
      });
    }
  }
  return lines;
}

export const sumCents = (amounts: readonly { amount: number }[]) =>
  amounts.reduce((sum, line) => sum + line.amount, 0);

/** One month of the earnings chart: gross sales (less refunds) and tips, fees (negative), payouts (negative). */
export interface EarningsMonth {
  /** YYYY-MM in the site's time zone. */
  month: string;
  sales: number;
  tips: number;
  fees: number;
  payouts: number;
}

/**
 * The chart's months: `count` calendar months ending with the one of `today` (YYYY-MM-DD), each with the
 * sums of the given per-month, per-kind ledger totals (empty months are zeros). Gift sales count as
 * sales; movements of other kinds are not earnings and stay out of the chart.
 */
export function earningsMonths(
  today: string,
  totals: readonly { month: string; kind: string; credit: number; fee: number }[],
  count = EARNINGS_CHART_MONTHS,
): EarningsMonth[] {
  const months: EarningsMonth[] = [];
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  for (let i = count - 1; i >= 0; i--) {
    const index = year * 12 + month - i;
    const label = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
    months.push({ month: label, sales: 0, tips: 0, fees: 0, payouts: 0 });
  }
  const byMonth = new Map(months.map((m) => [m.month, m]));
  for (const t of totals) {
    const m = byMonth.get(t.month);
    if (!m) continue;
    // A refund takes its sale back out of the month it was refunded in (and gives back its fee).
    if (t.kind === "sale" || t.kind === "gift" || t.kind === "refund") m.sales += t.credit + t.fee;
    else if (t.kind === "tip") m.tips += t.credit + t.fee;
    else if (t.kind === "payout") m.payouts += t.credit;
    else continue;
    if (isFeeBearing(t.kind)) m.fees -= t.fee;
  }
  return months;
}

/** What a month earned once fees are taken: sales plus tips plus (negative) fees. */
export const monthEarned = (m: EarningsMonth) => m.sales + m.tips + m.fees;

/**
 * What a payout request would pay now (DECISIONS.md: the whole eligible balance, from
 * `payoutMinimumCents`): the eligible balance when it reaches the minimum, else 0.
 */
export function eligiblePayoutCents(eligibleBalance: number, payoutMinimumCents: number): number {
  return eligibleBalance >= payoutMinimumCents && eligibleBalance > 0 ? eligibleBalance : 0;
}
