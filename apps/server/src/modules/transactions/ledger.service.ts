import { isBalanced, type LedgerLine } from "@market/domain";
import type { Tx } from "../../db/client.ts";
import { ledgerEntries, ledgerTransactions } from "../../db/schema/index.ts";

/** A transaction handle from db.transaction: the ledger is only ever written inside one. */
/**
 * Posts one balanced ledger transaction (its lines sum to zero). Balances are sums of these entries and
 * never edited; an unbalanced set is a programming error and aborts the surrounding transaction.
 * `eligibleAt` marks when creator earnings may be paid out (payoutHoldDays after the sale or tip).
 */
export async function postLedger(
  tx: Tx,
  input: {
    kind: string;
    paymentId: string | null;
    memo?: string;
    lines: readonly LedgerLine[];
    eligibleAt?: Date;
  },
): Promise<string> {
  if (input.lines.length === 0 || !isBalanced(input.lines)) {
    throw new Error(`unbalanced ledger transaction ${input.kind}: ${JSON.stringify(input.lines)}`);
  }
  const [transaction] = await tx
    .insert(ledgerTransactions)
    .values({ kind: input.kind, payment_id: input.paymentId, memo: input.memo ?? null })
    .returning({ id: ledgerTransactions.id });
  await tx.insert(ledgerEntries).values(
    input.lines.map((line) => ({
      transaction_id: transaction!.id,
      account: line.account,
      users_id: line.usersId,
      amount_cents: line.amountCents,
      eligible_at: line.account === "creator_balance" ? (input.eligibleAt ?? null) : null,
    })),
  );
  return transaction!.id;
}
