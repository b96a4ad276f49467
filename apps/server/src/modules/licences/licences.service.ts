import {
  type BoughtLicence,
  BUNDLE_TYPE,
  colleagueSeats,
  type HeldLicence,
  type LicenceSeat,
  type LicencesSelf,
  seatMovableFrom,
} from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Viewer } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { presentPublicUser } from "../users/index.ts";

/** The resource's columns a licence shows, from `r`: its first preview is its cover (the library's rule). */
const RESOURCE_COLUMNS = sql`r.id as resource_id, r.name, r.title, r.type = ${BUNDLE_TYPE} as is_bundle,
  (select p.storage_key from resource_previews p where p.resource_id = r.id
    order by p.order_index, p.id limit 1) as cover_locator`;

interface ResourceColumns {
  resource_id: string;
  name: string;
  title: string;
  is_bundle: boolean;
  cover_locator: string | null;
}

const presentResource = (row: ResourceColumns) => ({
  id: row.resource_id,
  name: row.name,
  title: row.title,
  isBundle: row.is_bundle,
  cover_locator: row.cover_locator,
});

/** One colleague's seat as json_build_object writes it (timestamps as JSON text). */
interface SlotJson {
  id: string;
  holder_id: string | null;
  username: string | null;
  first_name: string | null;
  avatar_locator: string | null;
  invited_email: string | null;
  assigned_at: string | null;
  held_before: boolean;
  moved_at: string | null;
}

interface BoughtRow extends ResourceColumns, Record<string, unknown> {
  purchase_id: string;
  created_at: string | Date;
  seats: number;
  seat_price_cents: number;
  slots: SlotJson[];
}

interface HeldRow extends ResourceColumns, Record<string, unknown> {
  seat_id: string;
  since: string | Date;
  buyer_id: string;
  buyer_username: string;
  buyer_first_name: string;
  buyer_avatar_locator: string | null;
}

const movedAtOf = (slot: SlotJson) => (slot.moved_at ? new Date(slot.moved_at) : null);

function presentSeat(slot: SlotJson, now: Date): LicenceSeat {
  return {
    id: slot.id,
    holder:
      slot.holder_id && slot.username && slot.first_name
        ? presentPublicUser({
            id: slot.holder_id,
            username: slot.username,
            first_name: slot.first_name,
            avatar_locator: slot.avatar_locator,
          })
        : null,
    invitedEmail: slot.invited_email,
    assignedAt: new Date(slot.assigned_at ?? now).toISOString(),
    movableFrom: seatMovableFrom(movedAtOf(slot), now)?.toISOString() ?? null,
  };
}

/**
 * When a free seat that a colleague held before may be given again: null when one may be now, or when
 * no such seat is free (a fresh free seat needs no wait either).
 */
function nextMoveAt(free: SlotJson[], now: Date): string | null {
  const waits = free.filter((s) => s.held_before).map((s) => seatMovableFrom(movedAtOf(s), now));
  if (waits.length === 0 || waits.some((w) => w === null)) return null;
  const first = Math.min(...waits.map((w) => w!.getTime()));
  return new Date(first).toISOString();
}

function presentBought(row: BoughtRow, now: Date): BoughtLicence {
  const assigned = row.slots.filter((s) => s.holder_id !== null || s.invited_email !== null);
  const free = row.slots.filter((s) => s.holder_id === null && s.invited_email === null);
  return {
    purchaseId: row.purchase_id,
    resource: presentResource(row),
    purchasedAt: new Date(row.created_at).toISOString(),
    seats: Number(row.seats),
    seatsUsed: 1 + assigned.length,
    seatsFree: Math.max(0, colleagueSeats(Number(row.seats)) - assigned.length),
    seatPriceCents: Number(row.seat_price_cents),
    colleagues: assigned.map((s) => presentSeat(s, now)),
    nextMoveAt: nextMoveAt(free, now),
  };
}

/**
 * GET /licences/self, in two statements: the viewer's purchases for colleagues (their sales of more than
 * one seat, not refunded, newest first, on sales_buyer_idx) with every seat and its holder gathered in
 * the same statement; and the seats others gave the viewer (licence_seats_holder_idx), with the resource
 * and the buyer who gave it. A seat of a refunded purchase gives nothing, so it is not listed.
 */
export async function listLicences(db: Db, viewer: Viewer): Promise<LicencesSelf> {
  const [bought, held] = await Promise.all([
    db.execute<BoughtRow>(sql`
      select s.id as purchase_id, s.created_at, s.seats, s.seat_price_cents, ${RESOURCE_COLUMNS},
        (select coalesce(json_agg(json_build_object('id', ls.id, 'holder_id', h.id, 'username', h.username,
                  'first_name', h.first_name, 'avatar_locator', h.avatar_locator,
                  'invited_email', ls.invited_email, 'assigned_at', ls.assigned_at,
                  'held_before', ls.held_before, 'moved_at', ls.moved_at)
                  order by ls.assigned_at, ls.slot), '[]'::json)
           from licence_seats ls left join users h on h.id = ls.holder_id
           where ls.sale_id = s.id) as slots
      from sales s join resources r on r.id = s.resource_id
      where s.buyer_id = ${viewer.id} and s.seats > 1 and s.refunded_at is null
      order by s.created_at desc, s.id`),
    db.execute<HeldRow>(sql`
      select ls.id as seat_id, coalesce(ls.assigned_at, ls.created_at) as since, ${RESOURCE_COLUMNS},
             b.id as buyer_id, b.username as buyer_username, b.first_name as buyer_first_name,
             b.avatar_locator as buyer_avatar_locator
      from licence_seats ls join sales s on s.id = ls.sale_id and s.refunded_at is null
      join resources r on r.id = s.resource_id join users b on b.id = s.buyer_id
      where ls.holder_id = ${viewer.id}
      order by since desc, ls.id`),
  ]);
  const now = new Date();
  return {
    bought: bought.rows.map((row) => presentBought(row, now)),
    held: held.rows.map(
      (row): HeldLicence => ({
        seatId: row.seat_id,
        resource: presentResource(row),
        licensedBy: presentPublicUser({
          id: row.buyer_id,
          username: row.buyer_username,
          first_name: row.buyer_first_name,
          avatar_locator: row.buyer_avatar_locator,
        }),
        since: new Date(row.since).toISOString(),
      }),
    ),
  };
}

/**
 * DELETE /licences/seats/{id}: the buyer frees a colleague's seat, or withdraws an invitation; anybody
 * else is told there is no such seat. The seat keeps `held_before` and `moved_at`, so giving it again is
 * a move when a colleague held it (an invitation nobody accepted leaves it as it was). The sale's row is
 * held FOR SHARE, as an assignment holds it, so a refund counting the seats given waits for the change.
 */
export async function freeSeat(db: Db, viewer: Viewer, seatId: string): Promise<{ freed: true }> {
  await db.transaction(async (tx) => {
    const owned = await tx.execute(sql`
      select s.id from licence_seats ls join sales s on s.id = ls.sale_id
      where ls.id = ${seatId} and s.buyer_id = ${viewer.id}
      for share of s`);
    if (owned.rows.length === 0) throw notFound("No such seat");
    await tx.execute(
      sql`update licence_seats set holder_id = null, invited_email = null, assigned_at = null where id = ${seatId}`,
    );
  });
  return { freed: true };
}

/**
 * Sign-up: the invitations to the new account's address become its seats, in one statement on
 * licence_seats_invited_idx. The seat follows the address, as every mail to it does (DECISIONS). A seat
 * a colleague held before is moved by this, so its move is stamped now.
 */
export async function claimInvitedSeats(db: Db, user: { id: string; email: string }): Promise<void> {
  const now = new Date();
  await db.execute(sql`
    update licence_seats
    set holder_id = ${user.id}, invited_email = null, held_before = true, assigned_at = ${now},
        moved_at = case when held_before then ${now} else moved_at end
    where invited_email = ${user.email.toLowerCase()}`);
}
