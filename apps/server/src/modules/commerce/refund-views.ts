import {
  BUNDLE_TYPE,
  licenceRefund,
  REFUND_QUEUE_PAGE_SIZE,
  type Refund,
  type RefundStatus,
} from "@market/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/** A refund row with its sale, resource and buyer, as every refund screen shows it. */
interface RefundRow extends Record<string, unknown> {
  id: string;
  sale_id: string;
  status: RefundStatus;
  reason: string;
  decline_note: string | null;
  created_at: string | Date;
  decided_at: string | Date | null;
  requested_by: string | null;
  buyer_id: string;
  amount_cents: number;
  /** A refund of free seats (issue 23): the seats and what they came to; null for a whole refund. */
  refund_seats: number | null;
  refund_amount_cents: number | null;
  seats: number;
  seat_price_cents: number;
  /** The colleagues' seats held or invited now: what a waiting request would refund. */
  assigned_seats: number;
  sale_created_at: string | Date;
  is_gift: boolean;
  resource_id: string;
  name: string;
  title: string;
  type: string;
  buyer_username: string;
  buyer_first_name: string;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The columns and joins of refundRows, also used by the admin's sale lookup. */
export const REFUND_SELECT = sql`
  select rf.id, rf.sale_id, rf.status, rf.reason, rf.decline_note, rf.created_at, rf.decided_at,
         rf.requested_by, s.buyer_id, s.amount_cents, s.created_at as sale_created_at, s.is_gift,
         rf.seats as refund_seats, rf.amount_cents as refund_amount_cents, s.seats, s.seat_price_cents,
         (select count(*)::int from licence_seats ls
           where ls.sale_id = s.id and (ls.holder_id is not null or ls.invited_email is not null)) as assigned_seats,
         r.id as resource_id, r.name, r.title, r.type, b.username as buyer_username,
         b.first_name as buyer_first_name
  from refunds rf
  join sales s on s.id = rf.sale_id
  join resources r on r.id = s.resource_id
  join users b on b.id = s.buyer_id`;

/**
 * The seats and cents of a refund: as refunded, or for a request not refunded (yet), what approving it
 * would give back now (rules/licences.ts licenceRefund, as refunds.service decides at approval).
 */
function refundedPart(row: RefundRow): Pick<Refund, "seats" | "amountCents"> {
  if (row.status === "refunded") {
    return {
      seats: row.refund_seats === null ? null : Number(row.refund_seats),
      amountCents: Number(row.refund_amount_cents ?? row.amount_cents),
    };
  }
  const now = licenceRefund({
    seats: Number(row.seats),
    assignedSeats: Number(row.assigned_seats),
    seatCents: Number(row.seat_price_cents),
  });
  return now.whole
    ? { seats: null, amountCents: Number(row.amount_cents) }
    : { seats: now.seats, amountCents: now.amountCents };
}

export function presentRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    saleId: row.sale_id,
    status: row.status,
    reason: row.reason,
    declineNote: row.decline_note,
    requestedAt: iso(row.created_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    // An admin's direct refund is "requested" by the admin; the buyer's own request by the buyer.
    byAdmin: row.requested_by !== row.buyer_id,
    ...refundedPart(row),
    sale: {
      amount: row.amount_cents,
      seats: Number(row.seats),
      purchasedAt: iso(row.sale_created_at),
      isGift: row.is_gift,
    },
    resource: { id: row.resource_id, name: row.name, title: row.title, isBundle: row.type === BUNDLE_TYPE },
    buyer: { username: row.buyer_username, first_name: row.buyer_first_name },
  };
}

/** Refunds matching `where`, presented, in the given order. */
export async function refundRows(db: Db, where: SQL, order: SQL, limit: number, offset = 0) {
  const rows = await db.execute<RefundRow>(
    sql`${REFUND_SELECT} where ${where} order by ${order} limit ${limit} offset ${offset}`,
  );
  return rows.rows.map(presentRefund);
}

export async function refundById(db: Db, refundId: string): Promise<Refund | undefined> {
  const [refund] = await refundRows(db, sql`rf.id = ${refundId}`, sql`rf.id`, 1);
  return refund;
}

/** GET /refunds/self: the viewer's own refund requests (and refunds an admin made of their sales). */
export async function listOwnRefunds(db: Db, viewerId: string) {
  return {
    refunds: await refundRows(db, sql`s.buyer_id = ${viewerId}`, sql`rf.created_at desc, rf.id`, 200),
  };
}

/**
 * GET /earnings/self/refund-requests: requests for the creator's sales waiting for them, oldest first.
 * The status index finds the few waiting requests; the resource's creator narrows them.
 */
export async function listCreatorRefundRequests(db: Db, creatorId: string) {
  return {
    refunds: await refundRows(
      db,
      sql`rf.status = 'requested' and r.users_id = ${creatorId}`,
      sql`rf.created_at, rf.id`,
      100,
    ),
  };
}

/** GET /admin/refunds: every request waiting for a decision, oldest first, a page at a time. */
export async function listRefundQueue(db: Db, page: number) {
  const [refunds, total] = await Promise.all([
    refundRows(
      db,
      sql`rf.status = 'requested'`,
      sql`rf.created_at, rf.id`,
      REFUND_QUEUE_PAGE_SIZE,
      (page - 1) * REFUND_QUEUE_PAGE_SIZE,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from refunds where status = 'requested'`),
  ]);
  return { refunds, total: Number(total.rows[0]?.n ?? 0) };
}
