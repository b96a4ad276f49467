import {
  type AdminSale,
  BUNDLE_TYPE,
  type Refund,
  type RefundRequestBody,
  refundRequestOpen,
  reversalLines,
  type SaleRefundState,
} from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { getSiteSettings } from "../site/index.ts";
import { postLedger } from "../transactions/index.ts";
import { refundAtGateway, saleLedgerLines } from "./refund-ledger.ts";
import { queueRefundMail } from "./refund-mail.job.ts";
import { presentRefund, REFUND_SELECT, refundById, refundRows } from "./refund-views.ts";
import { decideSeatRefund, noFreeSeats, refundFreeSeats, seatRefundNow } from "./seat-refunds.ts";

type RefundDeps = Pick<AppDeps, "db" | "payments">;

const DAY_MS = 86_400_000;

interface SaleRow extends Record<string, unknown> {
  id: string;
  buyer_id: string;
  amount_cents: number;
  created_at: string | Date;
  refunded_at: string | Date | null;
  payment_id: string;
  creator_id: string;
  /** Seats bought (issue 23) and each colleague's seat's price: a licence may be refunded in part. */
  seats: number;
  seat_price_cents: number;
}

/** The sale with its resource's creator; locked for the rest of the transaction with `lock`. */
async function saleRow(db: Db | Tx, saleId: string, lock = false) {
  if (!isUuid(saleId)) return undefined;
  const rows = await db.execute<SaleRow>(sql`
    select s.id, s.buyer_id, s.amount_cents, s.created_at, s.refunded_at, s.payment_id, r.users_id as creator_id,
           s.seats, s.seat_price_cents
    from sales s join resources r on r.id = s.resource_id
    where s.id = ${saleId} ${lock ? sql`for update of s` : sql``}`);
  return rows.rows[0];
}

/**
 * Refunds a sale, inside the caller's transaction, which holds the sale's row and the refund's row. A
 * purchase for colleagues of which a colleague holds a seat is refunded in part: its free seats
 * (seat-refunds.ts). Otherwise, the whole sale:
 * 1. the sale is marked refunded (a guarded update: a sale refunded already is refused, never twice);
 * 2. the exact reversal of the sale's own ledger lines is posted as a "refund" transaction on the sale's
 *    payment (ledger.ts reversalLines: proceeds, fee and any site discount restored to the cent). The
 *    creator's line is eligible at once when the sale's earnings were, so a creator already paid goes
 *    negative; while the sale's earnings are still on hold the refund waits with them, and the two cancel;
 * 3. the payment is marked refunded, the refunds row points at the ledger transaction;
 * 4. the card is refunded at the gateway with a key derived from the refund's id, last, so that a gateway
 *    refusal rolls everything back, and a retry after a lost commit refunds the card once (the key).
 * Coupons stay used: a refund gives the money back, not the code's use (DECISIONS).
 */
async function refundSale(tx: Tx, deps: RefundDeps, sale: SaleRow, refundId: string, now: Date) {
  if (sale.refunded_at !== null) throw new AppError("already_refunded", "This purchase was refunded already");
  const decision = await decideSeatRefund(tx, sale);
  if (!decision.whole) return refundFreeSeats(tx, deps, sale, refundId, decision, now);
  const marked = await tx.execute(
    sql`update sales set refunded_at = ${now} where id = ${sale.id} and refunded_at is null returning id`,
  );
  if (marked.rows.length === 0) throw new AppError("already_refunded", "This purchase was refunded already");
  const { lines, eligibleAt } = await saleLedgerLines(tx, sale.id, sale.payment_id, now);
  const ledgerId = await postLedger(tx, {
    kind: "refund",
    paymentId: sale.payment_id,
    memo: refundId,
    lines: reversalLines(lines),
    eligibleAt,
  });
  await tx.execute(sql`update refunds set ledger_transaction_id = ${ledgerId} where id = ${refundId}`);
  const [payment] = (
    await tx.execute<{ charge_id: string | null; amount_cents: number }>(
      sql`update payments set status = 'refunded' where id = ${sale.payment_id}
          returning charge_id, amount_cents`,
    )
  ).rows;
  if (!payment?.charge_id) throw new Error(`sale ${sale.id} has no card charge to refund`);
  await refundAtGateway(deps, payment.charge_id, sale.amount_cents, refundId);
}

/** The buyer only: anybody else is told there is no such purchase. */
async function buyersSale(db: Db, viewer: Viewer, saleId: string) {
  const sale = await saleRow(db, saleId);
  if (!sale || sale.buyer_id !== viewer.id) throw notFound("No such purchase");
  return sale;
}

/** GET /transactions/{saleId}/refund: the buyer's refund, and until when they may still ask for one. */
export async function getSaleRefundState(db: Db, viewer: Viewer, saleId: string): Promise<SaleRefundState> {
  const sale = await buyersSale(db, viewer, saleId);
  const { refundWindowDays } = await getSiteSettings(db);
  const [refund] = await refundRows(db, sql`rf.sale_id = ${sale.id}`, sql`rf.id`, 1);
  const purchasedAt = new Date(sale.created_at);
  const until = new Date(purchasedAt.getTime() + refundWindowDays * DAY_MS);
  const eligible = !refund && sale.refunded_at === null;
  // What a refund would give back now (issue 23): the whole purchase, or its free seats; nothing once
  // refunded, or while every colleague's seat is given (the buyer frees seats first).
  const now =
    sale.refunded_at === null && refund?.status !== "refunded" ? await seatRefundNow(db, sale) : null;
  const refundable =
    now === null
      ? { refundableCents: 0, refundableSeats: null }
      : now.whole
        ? { refundableCents: Number(sale.amount_cents), refundableSeats: null }
        : { refundableCents: now.amountCents, refundableSeats: now.seats };
  return {
    refund: refund ?? null,
    requestableUntil: eligible ? until.toISOString() : null,
    canRequest:
      eligible &&
      refundable.refundableSeats !== 0 &&
      refundRequestOpen(purchasedAt, new Date(), refundWindowDays),
    ...refundable,
  };
}

/**
 * POST /transactions/{saleId}/refund-request: the buyer asks, within refundWindowDays of the purchase,
 * once per sale (the refunds' unique key settles two requests at once). The creator is e-mailed.
 */
export async function requestRefund(
  db: Db,
  viewer: Viewer,
  saleId: string,
  body: RefundRequestBody,
): Promise<Refund> {
  const sale = await buyersSale(db, viewer, saleId);
  if (sale.refunded_at !== null) throw new AppError("already_refunded", "This purchase was refunded already");
  const { refundWindowDays } = await getSiteSettings(db);
  if (!refundRequestOpen(new Date(sale.created_at), new Date(), refundWindowDays)) {
    throw new AppError(
      "refund_window_closed",
      `Refunds may be asked for within ${refundWindowDays} days of a purchase`,
    );
  }
  const seats = await seatRefundNow(db, sale);
  if (!seats.whole && seats.seats === 0) throw noFreeSeats();
  const refundId = await db.transaction(async (tx) => {
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into refunds (sale_id, requested_by, reason, status)
      values (${sale.id}, ${viewer.id}, ${body.reason.trim()}, 'requested')
      on conflict do nothing returning id`);
    const id = inserted.rows[0]?.id;
    if (!id) throw new AppError("refund_exists", "A refund was already asked for on this purchase");
    await queueRefundMail(tx, id, "requested");
    return id;
  });
  return (await refundById(db, refundId))!;
}

/**
 * The request, locked, for its sale's creator or an admin; anybody else is told there is no such request.
 * Only a request still waiting is decided: a second approve (a double click, two tabs, the creator and an
 * admin at once) waits for the first's lock, then finds it decided and gets refund_not_pending. The sale is
 * locked first, then the request, in the order an admin's direct refund takes them, so the two never
 * wait on each other in a circle.
 */
async function lockPendingRequest(tx: Tx, viewer: Viewer, refundId: string) {
  if (!isUuid(refundId)) throw notFound("No such refund request");
  const [found] = (
    await tx.execute<{ sale_id: string }>(sql`select sale_id from refunds where id = ${refundId}`)
  ).rows;
  if (!found) throw notFound("No such refund request");
  const sale = (await saleRow(tx, found.sale_id, true))!;
  const [row] = (
    await tx.execute<{ id: string; status: string; sale_id: string; creator_id: string }>(sql`
      select rf.id, rf.status, rf.sale_id, r.users_id as creator_id
      from refunds rf join sales s on s.id = rf.sale_id join resources r on r.id = s.resource_id
      where rf.id = ${refundId} for update of rf`)
  ).rows;
  if (!row || (row.creator_id !== viewer.id && !viewer.isAdmin)) throw notFound("No such refund request");
  if (row.status !== "requested") {
    throw new AppError("refund_not_pending", `This refund request was ${row.status} already`);
  }
  return { ...row, sale };
}

/** POST /refunds/{id}/approve: the sale is refunded (refundSale), buyer and creator e-mailed. */
export async function approveRefund(deps: RefundDeps, viewer: Viewer, refundId: string): Promise<Refund> {
  await deps.db.transaction(async (tx) => {
    const request = await lockPendingRequest(tx, viewer, refundId);
    const now = new Date();
    await tx.execute(sql`
      update refunds set status = 'refunded', decided_by = ${viewer.id}, decided_at = ${now}
      where id = ${request.id} and status = 'requested'`);
    await queueRefundMail(tx, request.id, "refunded");
    await refundSale(tx, deps, request.sale, request.id, now);
  });
  return (await refundById(deps.db, refundId))!;
}

/** POST /refunds/{id}/decline: the request is closed with an optional note; buyer and creator e-mailed. */
export async function declineRefund(
  db: Db,
  viewer: Viewer,
  refundId: string,
  note: string | undefined,
): Promise<Refund> {
  await db.transaction(async (tx) => {
    const request = await lockPendingRequest(tx, viewer, refundId);
    await tx.execute(sql`
      update refunds set status = 'declined', decided_by = ${viewer.id}, decided_at = now(),
        decline_note = ${note?.trim() || null}
      where id = ${request.id} and status = 'requested'`);
    await queueRefundMail(tx, request.id, "declined");
  });
  return (await refundById(db, refundId))!;
}

/**
 * POST /admin/transactions/{saleId}/refund: an admin refunds any sale, at any time. A request waiting
 * (or one declined before) becomes the refund, decided by the admin; without one, a refunds row is made
 * as refunded, with the admin's reason. The sale's lock makes two at once refund once.
 */
export async function adminRefundSale(
  deps: RefundDeps,
  admin: Viewer,
  saleId: string,
  body: RefundRequestBody,
): Promise<Refund> {
  const refundId = await deps.db.transaction(async (tx) => {
    const sale = await saleRow(tx, saleId, true);
    if (!sale) throw notFound("No such sale");
    if (sale.refunded_at !== null) throw new AppError("already_refunded", "This sale was refunded already");
    const now = new Date();
    // A licence whose free seats were refunded keeps that refund (issue 23): one refund per sale.
    const done = await tx.execute(
      sql`select 1 from refunds where sale_id = ${sale.id} and status = 'refunded'`,
    );
    if (done.rows.length > 0)
      throw new AppError("already_refunded", "This sale's free seats were refunded already");
    const existing = await tx.execute<{ id: string }>(sql`
      update refunds set status = 'refunded', decided_by = ${admin.id}, decided_at = ${now}, decline_note = null
      where sale_id = ${sale.id} returning id`);
    let id = existing.rows[0]?.id;
    if (!id) {
      const made = await tx.execute<{ id: string }>(sql`
        insert into refunds (sale_id, requested_by, reason, status, decided_by, decided_at)
        values (${sale.id}, ${admin.id}, ${body.reason.trim()}, 'refunded', ${admin.id}, ${now})
        returning id`);
      id = made.rows[0]!.id;
    }
    await queueRefundMail(tx, id, "refunded");
    await refundSale(tx, deps, sale, id, now);
    return id;
  });
  return (await refundById(deps.db, refundId))!;
}

/** GET /admin/sales/{saleId}: the sale an admin is about to refund, with its refund if it has one. */
export async function getSaleForAdmin(db: Db, saleId: string): Promise<AdminSale> {
  if (!isUuid(saleId)) throw notFound("No such sale");
  const rows = await db.execute<Record<string, unknown>>(sql`
    select s.id, s.amount_cents, s.seats, s.created_at, s.is_gift, r.id as resource_id, r.name, r.title, r.type,
           b.username as buyer_username, b.first_name as buyer_first_name,
           c.username as creator_username, c.first_name as creator_first_name
    from sales s join resources r on r.id = s.resource_id
    join users b on b.id = s.buyer_id join users c on c.id = r.users_id
    where s.id = ${saleId}`);
  const row = rows.rows[0];
  if (!row) throw notFound("No such sale");
  const refund = await db.execute<Parameters<typeof presentRefund>[0]>(
    sql`${REFUND_SELECT} where rf.sale_id = ${saleId}`,
  );
  return {
    saleId: String(row.id),
    amount: Number(row.amount_cents),
    seats: Number(row.seats),
    purchasedAt: new Date(row.created_at as string).toISOString(),
    isGift: Boolean(row.is_gift),
    resource: {
      id: String(row.resource_id),
      name: String(row.name),
      title: String(row.title),
      isBundle: row.type === BUNDLE_TYPE,
    },
    buyer: { username: String(row.buyer_username), first_name: String(row.buyer_first_name) },
    creator: { username: String(row.creator_username), first_name: String(row.creator_first_name) },
    refund: refund.rows[0] ? presentRefund(refund.rows[0]) : null,
  };
}
