/**
 * The double-entry ledger's money rules (DECISIONS.md Money). Every money movement is posted as a set of
 * lines that sum to exactly zero; balances are sums of lines and are never edited, so a balance can
 * always be explained line by line. Amounts are integer cents of USD.
 *
 * Sign convention: debits are positive, credits negative.
 * - card_clearing (asset, money the card processor holds for us) is debited (+) when a payment comes in.
 * - payouts (asset-side, money sent out to creators) is credited (-) when a creator is paid: the money
 *   leaves us. card_clearing plus payouts is what we still hold.
 * - creator_balance (liability, what we owe a creator; usersId says which) is credited (-) by their
 *   share of a sale or tip and debited (+) when it is paid out. A creator's balance is minus the sum of
 *   their creator_balance lines, so it reads as a positive amount owed.
 * - platform_fees (our cut of sales and tips) and platform_revenue (donations, ad and featuring payments)
 *   are income, credited (-).
 * - platform_discounts (an expense) is debited (+) by a site-wide coupon's discount: the platform bears it,
 *   so the creator's share is that of the undiscounted price (issue 22).
 * Lines of platform accounts carry usersId null. A zero line says nothing and is left out.
 * A refund posts the exact reversal of its sale's lines (reversalLines).
 */
export const LEDGER_ACCOUNTS = [
  "card_clearing",
  "platform_revenue",
  "platform_fees",
  "creator_balance",
  "payouts",
  "platform_discounts",
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export interface LedgerLine {
  account: LedgerAccount;
  /** The creator for creator_balance lines; null for the platform's own accounts. */
  usersId: string | null;
  /** Integer cents; debits positive, credits negative. */
  amountCents: number;
}

function assertCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`an amount must be non-negative integer cents, got ${amountCents}`);
  }
}

function assertPercent(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`a fee percent must be a whole number from 0 to 100, got ${percent}`);
  }
}

/**
 * `percent` percent of an amount, rounded half up to whole cents. Integer arithmetic only: 0.1 * 3 is
 * not 0.3 in floating point, and a ledger that is off by a cent never balances. Both arguments must be
 * integers (site settings keep fee percents whole) and non-negative.
 */
export function percentOf(amountCents: number, percent: number): number {
  assertCents(amountCents);
  if (!Number.isSafeInteger(percent) || percent < 0) {
    throw new RangeError(`a percent must be a non-negative integer, got ${percent}`);
  }
  return Math.floor((amountCents * percent + 50) / 100);
}

const line = (account: LedgerAccount, usersId: string | null, amountCents: number): LedgerLine => ({
  account,
  usersId,
  amountCents,
});

/** Drops zero lines; the sum is unchanged and an empty set is still balanced. */
const nonZero = (lines: LedgerLine[]): LedgerLine[] => lines.filter((l) => l.amountCents !== 0);

/**
 * A payment split between the platform's fee and the creator: the card brings in the amount, the fee
 * (rounded half up) is ours, and the creator is owed the rest, so the two shares always add up to the
 * amount and no cent is lost to rounding.
 */
function splitLines(input: { amountCents: number; feePercent: number; creatorId: string }): LedgerLine[] {
  assertCents(input.amountCents);
  assertPercent(input.feePercent);
  const fee = percentOf(input.amountCents, input.feePercent);
  return nonZero([
    line("card_clearing", null, input.amountCents),
    line("platform_fees", null, -fee),
    line("creator_balance", input.creatorId, -(input.amountCents - fee)),
  ]);
}

/**
 * A resource sale: the fee is `salesFeePercent` (DECISIONS.md: 20, the creator keeps 80%). A creator's own
 * coupon is borne by the creator: the sale is simply the lower amount. A site coupon's discount
 * (`platformDiscountCents`) is borne by the platform: the fee and the creator's share are those of the
 * price before it, and the discount is posted to platform_discounts.
 */
export function saleLines(input: {
  amountCents: number;
  feePercent: number;
  creatorId: string;
  platformDiscountCents?: number;
}): LedgerLine[] {
  const discount = input.platformDiscountCents ?? 0;
  if (discount === 0) return splitLines(input);
  assertCents(discount);
  const gross = splitLines({ ...input, amountCents: input.amountCents + discount });
  return nonZero([
    ...gross.map((l) => (l.account === "card_clearing" ? { ...l, amountCents: input.amountCents } : l)),
    line("platform_discounts", null, discount),
  ]);
}

/** A refund: the exact reversal of the sale's own lines, so every account is restored to the cent. */
export function reversalLines(lines: readonly LedgerLine[]): LedgerLine[] {
  return nonZero(lines.map((l) => ({ ...l, amountCents: -l.amountCents })));
}

/**
 * A refund of part of a sale (issue 23: the free seats of a purchase for colleagues): `refundCents` of the
 * card's amount is given back, and the fee and the creator's share are reversed in the sale's own
 * proportion (the fee's share of the price before any site discount, rounded half up), so the refund
 * balances and the creator's and the platform's shares of the part refunded are what they earned on it.
 * A site coupon's discount was the first seat's and stays.
 */
export function partialReversalLines(lines: readonly LedgerLine[], refundCents: number): LedgerLine[] {
  assertCents(refundCents);
  const card = lines.find((l) => l.account === "card_clearing")?.amountCents ?? 0;
  const discount = lines.find((l) => l.account === "platform_discounts")?.amountCents ?? 0;
  const fee = -(lines.find((l) => l.account === "platform_fees")?.amountCents ?? 0);
  const creator = lines.find((l) => l.account === "creator_balance");
  if (refundCents > card) throw new RangeError(`cannot refund ${refundCents} of ${card}`);
  const gross = card + discount;
  const feeBack = Math.floor((fee * refundCents * 2 + gross) / (2 * gross));
  return nonZero([
    line("card_clearing", null, -refundCents),
    line("platform_fees", null, feeBack),
    // No creator line: the fee took the whole sale, and the creator has nothing to give back.
    line("creator_balance", creator?.usersId ?? null, refundCents - feeBack),
  ]);
}

/** A tip: the fee is `tipFeePercent` (DECISIONS.md: 0, the creator keeps all), split like a sale. */
export function tipLines(input: {
  amountCents: number;
  feePercent: number;
  creatorId: string;
}): LedgerLine[] {
  return splitLines(input);
}

/** Donations, ad payments and featuring payments: all platform income (DECISIONS.md Money). */
export function incomeLines(amountCents: number): LedgerLine[] {
  assertCents(amountCents);
  return nonZero([line("card_clearing", null, amountCents), line("platform_revenue", null, -amountCents)]);
}

/**
 * A payout to a creator: we owe them less (creator_balance debited, +) and the money leaves us (payouts
 * credited, -). Whether the creator may be paid this much (eligibility, minimum) is the caller's rule.
 */
export function payoutLines(input: { amountCents: number; creatorId: string }): LedgerLine[] {
  assertCents(input.amountCents);
  return nonZero([
    line("creator_balance", input.creatorId, input.amountCents),
    line("payouts", null, -input.amountCents),
  ]);
}

/**
 * Whether the lines may be posted: every amount is integer cents and they sum to exactly zero. Integers
 * keep the sum exact; a fractional cent anywhere is refused rather than rounded away.
 */
export function isBalanced(lines: readonly LedgerLine[]): boolean {
  let sum = 0;
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amountCents)) return false;
    sum += l.amountCents;
  }
  return sum === 0;
}

/** What we owe a creator: minus the sum of their creator_balance lines. */
export function creatorBalanceCents(lines: readonly LedgerLine[], creatorId: string): number {
  let balance = 0;
  for (const l of lines) {
    if (l.account === "creator_balance" && l.usersId === creatorId) balance -= l.amountCents;
  }
  return balance;
}
