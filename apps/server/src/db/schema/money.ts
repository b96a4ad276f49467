import { type BillingDetails, DONATION_PLACEMENTS } from "@market/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, requiredRef } from "./columns.ts";
import { users } from "./users.ts";

const PAYMENT_PURPOSES = ["purchase", "gift", "tip", "tip_multiple", "donation", "ad", "feature"] as const;
/**
 * pending: the idempotency key is claimed and the card not yet asked; authorized: the processor holds
 * the amount; captured: the sale, tip or donation is recorded; failed: declined, or voided after a refusal.
 */
const PAYMENT_STATUSES = ["pending", "authorized", "captured", "failed", "refunded"] as const;
const PAYOUT_STATUSES = ["requested", "paid", "rejected"] as const;

/** A card charge. No card number or CVV is ever stored: only brand and last four digits. */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    users_id: uuid("users_id").references(() => users.id, { onDelete: "set null" }),
    purpose: text("purpose").notNull(),
    amount_cents: integer("amount_cents").notNull(),
    status: text("status").notNull(),
    gateway: text("gateway").notNull(),
    charge_id: text("charge_id"),
    card_brand: text("card_brand"),
    card_last4: text("card_last4"),
    failure_code: text("failure_code"),
    idempotency_key: text("idempotency_key"),
    request_hash: text("request_hash"),
    /** The buyer's organisation, billing address and tax id as given at checkout, for the receipt. */
    billing: jsonb("billing").$type<BillingDetails>(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_idempotency_key").on(t.users_id, t.idempotency_key),
    index("payments_user_idx").on(t.users_id, t.created_at),
    index("payments_created_at_idx").on(t.created_at),
    check("payments_purpose_check", oneOf("purpose", PAYMENT_PURPOSES)),
    check("payments_status_check", oneOf("status", PAYMENT_STATUSES)),
    check("payments_amount_check", sql`amount_cents > 0`),
    check("payments_last4_check", sql`card_last4 is null or card_last4 ~ '^[0-9]{4}$'`),
  ],
);

/** A balanced set of ledger entries; the sum of its entries' amounts is zero. */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: id(),
    kind: text("kind").notNull(),
    payment_id: uuid("payment_id").references(() => payments.id),
    memo: text("memo"),
    created_at: createdAt(),
  },
  (t) => [
    index("ledger_transactions_created_idx").on(t.created_at),
    // Admin statistics sum one kind (ad income) over a period.
    index("ledger_transactions_kind_created_idx").on(t.kind, t.created_at),
  ],
);

/**
 * Double-entry lines. `account` names the book (card_clearing, platform_revenue, platform_fees,
 * creator_balance, payouts); `users_id` says whose creator balance. Balances are sums, never edited.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    transaction_id: requiredRef("transaction_id", () => ledgerTransactions.id, "restrict"),
    account: text("account").notNull(),
    users_id: uuid("users_id").references(() => users.id, { onDelete: "restrict" }),
    amount_cents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** When these earnings may be paid out (payoutHoldDays after the sale or tip). */
    eligible_at: timestamp("eligible_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index("ledger_entries_transaction_idx").on(t.transaction_id),
    index("ledger_entries_account_user_idx").on(t.account, t.users_id, t.created_at),
  ],
);

export const sales = pgTable(
  "sales",
  {
    id: id(),
    resource_id: uuid("resource_id").notNull(),
    buyer_id: requiredRef("buyer_id", () => users.id, "restrict"),
    /** For a gift: who receives the resource once the gift code is redeemed. */
    recipient_id: uuid("recipient_id").references(() => users.id, { onDelete: "restrict" }),
    amount_cents: integer("amount_cents").notNull(),
    ref_code: text("ref_code"),
    is_gift: boolean("is_gift").notNull().default(false),
    gift_code: text("gift_code"),
    /** For a gift: when its recipient claimed it (the moment it became theirs, for their library). */
    claimed_at: timestamp("claimed_at", { withTimezone: true }),
    /** Taken off by a coupon (coupon_redemptions says which), and a bundle's credit for owned resources. */
    discount_cents: integer("discount_cents").notNull().default(0),
    credit_cents: integer("credit_cents").notNull().default(0),
    /** When it was refunded: it no longer grants the resource, and may be bought again. */
    refunded_at: timestamp("refunded_at", { withTimezone: true }),
    /** Seats bought (issue 23): the buyer's own and one per colleague (db/schema/licences.ts). */
    seats: smallint("seats").notNull().default(1),
    /** What each colleague's seat cost, for refunding the free ones. */
    seat_price_cents: integer("seat_price_cents").notNull().default(0),
    payment_id: requiredRef("payment_id", () => payments.id),
    created_at: createdAt(),
  },
  (t) => [
    index("sales_buyer_idx").on(t.buyer_id, t.created_at),
    index("sales_resource_idx").on(t.resource_id),
    index("sales_created_at_idx").on(t.created_at),
    // A teacher's library lists the gifts they claimed, newest first.
    index("sales_recipient_idx").on(t.recipient_id, t.claimed_at).where(sql`recipient_id is not null`),
    // A referrer's earnings activity lists the sales that came through their ref code.
    index("sales_ref_code_idx").on(t.ref_code, t.created_at).where(sql`ref_code is not null`),
    uniqueIndex("sales_gift_code_key").on(t.gift_code),
    // A teacher buys a resource once: two purchases at once cannot both be recorded.
    uniqueIndex("sales_once_per_buyer_key")
      .on(t.resource_id, t.buyer_id)
      .where(sql`not is_gift and refunded_at is null`),
    check("sales_amount_check", sql`amount_cents > 0`),
    check("sales_seats_check", sql`seats between 1 and 100 and (seats = 1 or not is_gift)`),
  ],
);

export const tips = pgTable(
  "tips",
  {
    id: id(),
    tipper_id: requiredRef("tipper_id", () => users.id, "restrict"),
    recipient_id: requiredRef("recipient_id", () => users.id, "restrict"),
    amount_cents: integer("amount_cents").notNull(),
    tip_note: text("tip_note"),
    /** The calendar day in the site's time zone: one tip per creator per day (spec 5, DECISIONS.md). */
    tip_day: date("tip_day", { mode: "string" }).notNull(),
    payment_id: requiredRef("payment_id", () => payments.id),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("tips_once_per_day_key").on(t.tipper_id, t.recipient_id, t.tip_day),
    index("tips_recipient_idx").on(t.recipient_id, t.created_at),
    index("tips_created_at_idx").on(t.created_at),
    check("tips_amount_check", sql`amount_cents > 0`),
    check("tips_not_self", sql`tipper_id <> recipient_id`),
  ],
);

export const donations = pgTable(
  "donations",
  {
    id: id(),
    users_id: uuid("users_id").references(() => users.id, { onDelete: "set null" }),
    amount_cents: integer("amount_cents").notNull(),
    placement: text("placement").notNull().default("prompt"),
    payment_id: requiredRef("payment_id", () => payments.id),
    created_at: createdAt(),
  },
  (t) => [
    index("donations_user_idx").on(t.users_id, t.created_at),
    index("donations_created_at_idx").on(t.created_at),
    check("donations_amount_check", sql`amount_cents > 0`),
    check("donations_placement_check", oneOf("placement", DONATION_PLACEMENTS)),
  ],
);

export const payouts = pgTable(
  "payouts",
  {
    id: id(),
    users_id: requiredRef("users_id", () => users.id, "restrict"),
    amount_cents: integer("amount_cents").notNull(),
    status: text("status").notNull().default("requested"),
    requested_at: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    payout_date: date("payout_date", { mode: "string" }),
    paid_at: timestamp("paid_at", { withTimezone: true }),
    paid_by: uuid("paid_by").references(() => users.id),
    ledger_transaction_id: uuid("ledger_transaction_id").references(() => ledgerTransactions.id),
  },
  (t) => [
    index("payouts_status_idx").on(t.status, t.requested_at),
    index("payouts_user_idx").on(t.users_id, t.requested_at),
    check("payouts_status_check", oneOf("status", PAYOUT_STATUSES)),
    check("payouts_amount_check", sql`amount_cents > 0`),
  ],
);
