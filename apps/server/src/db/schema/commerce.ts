import { REFUND_STATUSES } from "@market/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, requiredRef } from "./columns.ts";
import { ledgerTransactions, sales } from "./money.ts";
import { resources } from "./resources.ts";
import { users } from "./users.ts";

/**
 * A bundle is a resource row of type "Bundle" (rules/commerce.ts BUNDLE_TYPE): it is listed, searched,
 * reviewed, favourited and bought as a resource. These rows say what it includes; buying it grants
 * every included resource, including any added later (resources/ownership.ts).
 */
export const bundleItems = pgTable(
  "bundle_items",
  {
    bundle_id: requiredRef("bundle_id", () => resources.id, "cascade"),
    resource_id: requiredRef("resource_id", () => resources.id, "cascade"),
    position: smallint("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bundle_id, t.resource_id] }),
    // "In these bundles" on a resource's page, and ownership through a bundle.
    index("bundle_items_resource_idx").on(t.resource_id, t.bundle_id),
    check("bundle_items_not_self", sql`bundle_id <> resource_id`),
  ],
);

/** A creator's store-wide sale: percent off all (or the chosen) of their resources, for whole days. */
export const storeSales = pgTable(
  "store_sales",
  {
    id: id(),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    percent_off: smallint("percent_off").notNull(),
    /** True: every resource of the creator's; false: those in store_sale_resources. */
    all_resources: boolean("all_resources").notNull(),
    starts_on: date("starts_on", { mode: "string" }).notNull(),
    ends_on: date("ends_on", { mode: "string" }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    // Cards and checkout ask for the sales of a creator that run today.
    index("store_sales_user_idx").on(t.users_id, t.ends_on),
    check("store_sales_percent_check", sql`percent_off between 5 and 50`),
    check("store_sales_dates_check", sql`ends_on >= starts_on`),
  ],
);

export const storeSaleResources = pgTable(
  "store_sale_resources",
  {
    sale_id: requiredRef("sale_id", () => storeSales.id, "cascade"),
    resource_id: requiredRef("resource_id", () => resources.id, "cascade"),
  },
  (t) => [primaryKey({ columns: [t.sale_id, t.resource_id] })],
);

/**
 * A coupon code: a creator's (users_id) for their own resources, or the site's (users_id null, made by an
 * admin) for anyone's. Codes are unique site-wide, stored upper-case. `uses` counts redemptions and
 * never passes max_uses: the checkout increments it with a guarded update in the sale's transaction.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    code: text("code").notNull(),
    users_id: uuid("users_id").references(() => users.id, { onDelete: "cascade" }),
    created_by: requiredRef("created_by", () => users.id, "cascade"),
    percent_off: smallint("percent_off"),
    amount_off_cents: integer("amount_off_cents"),
    all_resources: boolean("all_resources").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    max_uses: integer("max_uses").notNull(),
    uses: integer("uses").notNull().default(0),
    /** Set when its creator ends it early; a disabled code is refused like an expired one. */
    disabled_at: timestamp("disabled_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(t.code),
    index("coupons_user_idx").on(t.users_id, t.created_at),
    check("coupons_one_kind", sql`(percent_off is null) <> (amount_off_cents is null)`),
    check("coupons_percent_check", sql`percent_off is null or percent_off between 1 and 90`),
    check("coupons_amount_check", sql`amount_off_cents is null or amount_off_cents > 0`),
    check("coupons_uses_check", sql`uses >= 0 and uses <= max_uses`),
  ],
);

export const couponResources = pgTable(
  "coupon_resources",
  {
    coupon_id: requiredRef("coupon_id", () => coupons.id, "cascade"),
    resource_id: requiredRef("resource_id", () => resources.id, "cascade"),
  },
  (t) => [primaryKey({ columns: [t.coupon_id, t.resource_id] })],
);

/** One use of a code per buyer, enforced by the key even when the buyer's two checkouts race. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    coupon_id: requiredRef("coupon_id", () => coupons.id, "cascade"),
    buyer_id: requiredRef("buyer_id", () => users.id, "cascade"),
    sale_id: requiredRef("sale_id", () => sales.id, "cascade"),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.coupon_id, t.buyer_id] }),
    // A receipt names the code its sale used.
    uniqueIndex("coupon_redemptions_sale_key").on(t.sale_id),
  ],
);

/**
 * A refund: asked for by the buyer (status requested, then refunded or declined by the creator or an
 * admin) or made by an admin directly (refunded at once). One per sale. A refunded sale keeps its row
 * (sales.refunded_at set) so that accounting and the buyer's activity still show it.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    sale_id: requiredRef("sale_id", () => sales.id, "cascade"),
    requested_by: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    status: text("status").notNull(),
    decided_by: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    decline_note: text("decline_note"),
    ledger_transaction_id: uuid("ledger_transaction_id").references(() => ledgerTransactions.id),
    /**
     * A purchase for colleagues refunded in part (issue 23: rules/licences.ts licenceRefund): the free
     * seats given back and what they came to; null for a whole refund.
     */
    seats: smallint("seats"),
    amount_cents: integer("amount_cents"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("refunds_sale_key").on(t.sale_id),
    // The admin's queue and the creator's earnings list the requests waiting, oldest first.
    index("refunds_status_idx").on(t.status, t.created_at),
    check("refunds_status_check", oneOf("status", REFUND_STATUSES)),
  ],
);
