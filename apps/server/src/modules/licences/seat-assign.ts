import {
  checkEmail,
  dayInZone,
  isEmailAssignee,
  LICENCE_LIMITS,
  type LicenceSeat,
  type PublicUser,
  type SeatAssign,
  seatMovableFrom,
} from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { Viewer } from "../../platform/access.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { getSiteSettings } from "../site/index.ts";
import { presentPublicUser } from "../users/index.ts";
import { queueSeatMail } from "./seat-mail.job.ts";

const DAY_MS = 86_400_000;

/** The colleague a seat goes to: an account, or an address that has none yet (an invitation). */
type Assignee = { user: PublicUser; email?: undefined } | { email: string; user?: undefined };

interface LicenceRow extends Record<string, unknown> {
  id: string;
  creator_id: string;
  refunded_at: string | Date | null;
}

/**
 * The viewer's purchase for colleagues: their own sale of more than one seat. Anybody else's, or a
 * purchase of one seat, is answered as no such purchase.
 */
export async function buyersLicence(db: Db, viewer: Viewer, purchaseId: string) {
  const rows = await db.execute<LicenceRow>(sql`
    select s.id, r.users_id as creator_id, s.refunded_at
    from sales s join resources r on r.id = s.resource_id
    where s.id = ${purchaseId} and s.buyer_id = ${viewer.id} and s.seats > 1`);
  const sale = rows.rows[0];
  if (!sale) throw notFound("No such purchase for colleagues");
  return sale;
}

const alreadyRefunded = () =>
  new AppError("already_refunded", "This purchase was refunded: its seats cannot be given");
const alreadyHolds = () =>
  new AppError("already_holds_seat", "This colleague already has a seat of this purchase", {
    fields: { assignee: "already_holds_seat" },
  });

const userNotFound = (byEmail: boolean) =>
  new AppError("user_not_found", `No active account has this ${byEmail ? "address" : "username"}`, {
    fields: { assignee: "user_not_found" },
  });

/**
 * What the buyer typed: an e-mail address (with "@"), lower-cased, which names its account if one has
 * it and is otherwise invited; else a username, case-insensitive. A deactivated account is not found,
 * by username or by address (an invitation to its address could never be accepted: sign-up refuses an
 * address that has an account).
 */
async function resolveAssignee(db: Db, typed: string): Promise<Assignee> {
  const byEmail = isEmailAssignee(typed);
  const value = typed.toLowerCase();
  if (byEmail && checkEmail(value) !== null) {
    throw new AppError("invalid_email", "Enter a colleague's username or a valid e-mail address", {
      fields: { assignee: "invalid_email" },
    });
  }
  const rows = await db.execute<{
    id: string;
    username: string;
    first_name: string;
    avatar_locator: string | null;
    is_deactivated: boolean;
  }>(sql`
    select id, username, first_name, avatar_locator, is_deactivated from users
    where ${byEmail ? sql`lower(email) = ${value}` : sql`lower(username) = ${value}`}`);
  const user = rows.rows[0];
  if (user?.is_deactivated) throw userNotFound(byEmail);
  if (user) return { user: presentPublicUser(user) };
  if (byEmail) return { email: value };
  throw userNotFound(false);
}

/**
 * Why no seat could be taken: free seats remain but each moved within the last moveEveryDays (409
 * seat_move_too_soon, naming the day the first may move again), or none is free (409 no_free_seats).
 */
async function noSeatError(tx: Tx, saleId: string, now: Date, cutoff: Date) {
  const rows = await tx.execute<{ moved_at: string | Date | null }>(sql`
    select min(moved_at) as moved_at from licence_seats
    where sale_id = ${saleId} and holder_id is null and invited_email is null and held_before
      and moved_at > ${cutoff}`);
  const movedAt = rows.rows[0]?.moved_at;
  const from = movedAt ? seatMovableFrom(new Date(movedAt), now) : null;
  if (!from) {
    return new AppError("no_free_seats", "Every seat of this purchase is taken: free one first");
  }
  const { timeZone } = await getSiteSettings(tx as unknown as Db);
  return new AppError(
    "seat_move_too_soon",
    `A seat moves to another colleague once every ${LICENCE_LIMITS.moveEveryDays} days: the next move is possible on ${dayInZone(from, timeZone)}`,
    { earliestRetry: from.toISOString() },
  );
}

interface TakenSeat extends Record<string, unknown> {
  id: string;
  assigned_at: string | Date;
  moved_at: string | Date | null;
}

/**
 * Takes one free seat of the purchase for the colleague, in the caller's transaction:
 * 1. the sale's row is held FOR SHARE: assignments go on side by side, while a refund (which holds it
 *    FOR UPDATE to count the seats given) waits for them, and is seen refunded here once it committed;
 * 2. the colleague must not hold (or be invited to) a seat of it already; two requests for the same
 *    colleague at once pass this check both, and the second is stopped by the unique key;
 * 3. a free seat is locked FOR UPDATE SKIP LOCKED: a fresh one first, else one whose last move is at
 *    least moveEveryDays old. Racing assignments each lock a different seat, so no seat is given twice and
 *    never more colleagues than seats hold one; a request that finds every free seat taken by the others
 *    is answered no_free_seats.
 * Giving a seat a colleague held before is a move, stamped `moved_at` when a colleague gets it: at once
 * for an account, on sign-up for an invitation, so that withdrawing an invitation nobody accepted costs
 * no move.
 */
async function takeSeat(tx: Tx, saleId: string, to: Assignee, now: Date): Promise<TakenSeat> {
  const [sale] = (
    await tx.execute<{ refunded_at: string | Date | null }>(
      sql`select refunded_at from sales where id = ${saleId} for share`,
    )
  ).rows;
  if (sale?.refunded_at) throw alreadyRefunded();
  const same = to.user ? sql`holder_id = ${to.user.id}` : sql`invited_email = ${to.email}`;
  const held = await tx.execute(sql`select 1 from licence_seats where sale_id = ${saleId} and ${same}`);
  if (held.rows.length > 0) throw alreadyHolds();
  const cutoff = new Date(now.getTime() - LICENCE_LIMITS.moveEveryDays * DAY_MS);
  const [free] = (
    await tx.execute<{ id: string }>(sql`
      select id from licence_seats
      where sale_id = ${saleId} and holder_id is null and invited_email is null
        and (not held_before or moved_at is null or moved_at <= ${cutoff})
      order by held_before, slot
      limit 1
      for update skip locked`)
  ).rows;
  if (!free) throw await noSeatError(tx, saleId, now, cutoff);
  const assign = to.user
    ? sql`holder_id = ${to.user.id}, held_before = true,
          moved_at = case when held_before then ${now} else moved_at end`
    : sql`invited_email = ${to.email}`;
  const [taken] = (
    await tx.execute<TakenSeat>(sql`
      update licence_seats set ${assign}, assigned_at = ${now}
      where id = ${free.id}
      returning id, assigned_at, moved_at`)
  ).rows;
  await queueSeatMail(
    tx,
    to.user ? { seatId: taken!.id, holderId: to.user.id } : { seatId: taken!.id, email: to.email },
  );
  return taken!;
}

/**
 * POST /licences/{purchaseId}/seats: the buyer gives a free seat to a colleague by username, or invites
 * an e-mail address that has no account. Never to the buyer (their seat is the purchase itself) nor to
 * the resource's creator. The colleague is mailed from the jobs queue.
 */
export async function assignSeat(
  db: Db,
  viewer: Viewer,
  purchaseId: string,
  body: SeatAssign,
): Promise<LicenceSeat> {
  const sale = await buyersLicence(db, viewer, purchaseId);
  if (sale.refunded_at) throw alreadyRefunded();
  const to = await resolveAssignee(db, body.assignee.trim());
  if (to.user?.id === viewer.id) {
    throw new AppError("cannot_assign_self", "Your own seat comes with the purchase", {
      fields: { assignee: "cannot_assign_self" },
    });
  }
  if (to.user?.id === sale.creator_id) {
    throw new AppError("cannot_assign_creator", "The resource's creator has it already", {
      fields: { assignee: "cannot_assign_creator" },
    });
  }
  const now = new Date();
  const taken = await db
    .transaction((tx) => takeSeat(tx, sale.id, to, now))
    .catch((error: unknown) => {
      if (
        isUniqueViolation(error, "licence_seats_holder_key") ||
        isUniqueViolation(error, "licence_seats_invite_key")
      ) {
        throw alreadyHolds();
      }
      throw error;
    });
  const movableFrom = seatMovableFrom(taken.moved_at ? new Date(taken.moved_at) : null, now);
  return {
    id: taken.id,
    holder: to.user ?? null,
    invitedEmail: to.email ?? null,
    assignedAt: new Date(taken.assigned_at).toISOString(),
    movableFrom: movableFrom?.toISOString() ?? null,
  };
}
