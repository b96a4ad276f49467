import type { LedgerAccount, LedgerLine } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { AppError } from "../../platform/errors.ts";

/**
 * What a whole refund and a refund of a licence's free seats share: the sale's own ledger lines, when the
 * creator's part of a refund is eligible, and the card's refund at the gateway.
 */

/**
 * The lines of the sale's (or gift's) ledger transaction, and when the creator's line of its refund is
 * eligible: at once when the sale's earnings were, so a creator already paid goes negative; while the
 * sale's earnings are still on hold the refund waits with them, and the two cancel.
 */
export async function saleLedgerLines(tx: Tx, saleId: string, paymentId: string, now: Date) {
  const original = await tx.execute<{
    account: LedgerAccount;
    users_id: string | null;
    amount_cents: string | number;
    eligible_at: string | Date | null;
  }>(sql`
    select e.account, e.users_id, e.amount_cents, e.eligible_at
    from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
    where t.payment_id = ${paymentId} and t.kind in ('sale', 'gift')
    order by e.id`);
  if (original.rows.length === 0) throw new Error(`sale ${saleId} has no ledger transaction`);
  const heldUntil = original.rows.find((l) => l.account === "creator_balance")?.eligible_at;
  const eligibleAt = heldUntil && new Date(heldUntil).getTime() > now.getTime() ? new Date(heldUntil) : now;
  const lines: LedgerLine[] = original.rows.map((l) => ({
    account: l.account,
    usersId: l.users_id,
    amountCents: Number(l.amount_cents),
  }));
  return { lines, eligibleAt };
}

/**
 * Gives `amountCents` of the charge back at the gateway, with a key derived from the refund's id (a retry
 * after a lost commit refunds the card once). Called last in the refund's transaction, so a refusal rolls
 * everything back and says nothing changed.
 */
export async function refundAtGateway(
  deps: Pick<AppDeps, "payments">,
  chargeId: string,
  amountCents: number,
  refundId: string,
) {
  try {
    await deps.payments.refund(chargeId, amountCents, `refund:${refundId}`);
  } catch (error) {
    const refused = new AppError(
      "payment_failed",
      "The card processor could not refund this payment; nothing changed",
    );
    refused.cause = error;
    throw refused;
  }
}
