import { licenceRefund, partialReversalLines } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { AppError } from "../../platform/errors.ts";
import { postLedger } from "../transactions/index.ts";
import { refundAtGateway, saleLedgerLines } from "./refund-ledger.ts";

/**
 * Refunds of a purchase for colleagues (issue 23, rules/licences.ts licenceRefund): while no colleague
 * holds or is invited to a seat, the purchase is refunded whole like any other; once one does, only the
 * seats nobody holds are given back, at the seat price each was charged, and the purchase stays with its
 * buyer and the colleagues who hold seats. With every colleague's seat given, nothing can be refunded
 * until the buyer frees one (no_free_seats).
 */

/** A sale as a refund of its seats reads it. */
export interface SeatedSale {
  id: string;
  payment_id: string;
  seats: number;
  seat_price_cents: number;
}

export type SeatRefund = ReturnType<typeof licenceRefund>;

/**
 * The colleagues' seats held or waiting for an invited address. With `lock`, inside the refund's
 * transaction, the sale's seat rows are locked first: an assignment racing the refund waits for it, then
 * finds the free seats gone.
 */
async function assignedSeats(db: Db | Tx, saleId: string, lock: boolean) {
  const rows = await db.execute<{ assigned: boolean }>(sql`
    select (holder_id is not null or invited_email is not null) as assigned
    from licence_seats where sale_id = ${saleId} ${lock ? sql`for update` : sql``}`);
  return rows.rows.filter((r) => r.assigned).length;
}

/** What a refund of the sale would give back now (the buyer's refund page shows it before they ask). */
export async function seatRefundNow(db: Db | Tx, sale: SeatedSale, lock = false): Promise<SeatRefund> {
  const seats = Number(sale.seats);
  const assigned = seats > 1 ? await assignedSeats(db, sale.id, lock) : 0;
  return licenceRefund({ seats, assignedSeats: assigned, seatCents: Number(sale.seat_price_cents) });
}

export const noFreeSeats = () =>
  new AppError(
    "no_free_seats",
    "Every colleague's seat of this purchase is given: free the seats you want refunded first",
  );

/** The refund to make, in the refund's transaction (the seats locked), or no_free_seats. */
export async function decideSeatRefund(tx: Tx, sale: SeatedSale): Promise<SeatRefund> {
  const decision = await seatRefundNow(tx, sale, true);
  if (!decision.whole && decision.seats === 0) throw noFreeSeats();
  return decision;
}

/**
 * Refunds the free seats, inside the caller's transaction holding the sale's and the refund's rows:
 * 1. the free seats' rows are deleted and the sale keeps the seats given (its buyer's and the colleagues');
 * 2. their cents are reversed out of the sale's own ledger lines in its proportion (ledger.ts
 *    partialReversalLines: the card line gives back exactly that, the fee and the creator's share each
 *    their part), as a "refund" transaction on the sale's payment; the refunds row records the seats,
 *    the amount and the ledger transaction. The sale is not marked refunded: it still grants the resource;
 * 3. the card is refunded that amount at the gateway, last (refund-ledger.ts refundAtGateway).
 * The payment stays "captured": the payments' states have none for a part refunded (DECISIONS).
 * Seats the creator priced at 0 give nothing back: their rows go, and no money moves.
 */
export async function refundFreeSeats(
  tx: Tx,
  deps: Pick<AppDeps, "payments">,
  sale: SeatedSale,
  refundId: string,
  decision: { seats: number; amountCents: number },
  now: Date,
) {
  const freed = await tx.execute(sql`
    delete from licence_seats
    where sale_id = ${sale.id} and holder_id is null and invited_email is null returning id`);
  // The seat rows are locked (decideSeatRefund): what was counted is what is deleted.
  if (freed.rows.length !== decision.seats) throw new Error(`sale ${sale.id}: free seats changed`);
  await tx.execute(sql`
    update sales set seats = seats - ${decision.seats} where id = ${sale.id} and refunded_at is null`);
  let ledgerId: string | null = null;
  if (decision.amountCents > 0) {
    const { lines, eligibleAt } = await saleLedgerLines(tx, sale.id, sale.payment_id, now);
    ledgerId = await postLedger(tx, {
      kind: "refund",
      paymentId: sale.payment_id,
      memo: refundId,
      lines: partialReversalLines(lines, decision.amountCents),
      eligibleAt,
    });
  }
  await tx.execute(sql`
    update refunds set seats = ${decision.seats}, amount_cents = ${decision.amountCents},
      ledger_transaction_id = ${ledgerId}
    where id = ${refundId}`);
  if (decision.amountCents === 0) return;
  const [payment] = (
    await tx.execute<{ charge_id: string | null }>(
      sql`select charge_id from payments where id = ${sale.payment_id}`,
    )
  ).rows;
  if (!payment?.charge_id) throw new Error(`sale ${sale.id} has no card charge to refund`);
  await refundAtGateway(deps, payment.charge_id, decision.amountCents, refundId);
}
