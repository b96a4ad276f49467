import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, requiredRef } from "./columns.ts";
import { sales } from "./money.ts";
import { users } from "./users.ts";

/**
 * Licences for colleagues (issue 23): a purchase of `sales.seats` seats has one row per colleague's seat
 * (slots 1 to seats - 1; the buyer's own seat is the sale itself), made with the sale. A seat is free,
 * held by an account (`holder_id`), or waiting for an invited address to sign up (`invited_email`).
 * Because the rows are made with the sale and only ever change hands, holders can never outnumber the
 * seats, however assignments race. `held_before` and `moved_at` carry the once-a-month move rule
 * (rules/licences.ts seatMovableFrom) across a seat being freed and given again.
 */
export const licenceSeats = pgTable(
  "licence_seats",
  {
    id: id(),
    sale_id: requiredRef("sale_id", () => sales.id, "cascade"),
    slot: smallint("slot").notNull(),
    holder_id: uuid("holder_id").references(() => users.id, { onDelete: "set null" }),
    /** Lower-cased; null once the invited address signs up (and the seat becomes theirs). */
    invited_email: text("invited_email"),
    assigned_at: timestamp("assigned_at", { withTimezone: true }),
    /** A colleague has held this seat: giving it to another one is a move. */
    held_before: boolean("held_before").notNull().default(false),
    /** When the seat was last moved from one colleague to another. */
    moved_at: timestamp("moved_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("licence_seats_slot_key").on(t.sale_id, t.slot),
    // A colleague holds one seat of a purchase, and an address is invited once.
    uniqueIndex("licence_seats_holder_key").on(t.sale_id, t.holder_id).where(sql`holder_id is not null`),
    uniqueIndex("licence_seats_invite_key")
      .on(t.sale_id, t.invited_email)
      .where(sql`invited_email is not null`),
    // Ownership (resources/ownership.ts) and the holder's licences list ask by holder.
    index("licence_seats_holder_idx").on(t.holder_id).where(sql`holder_id is not null`),
    // A sign-up turns the invitations to its address into seats.
    index("licence_seats_invited_idx").on(t.invited_email).where(sql`invited_email is not null`),
    check("licence_seats_one_assignee", sql`holder_id is null or invited_email is null`),
    check("licence_seats_slot_check", sql`slot between 1 and 99`),
  ],
);
