import { USER_ROLES } from "@market/domain";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, updatedAt } from "./columns.ts";

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    first_name: text("first_name").notNull(),
    last_name: text("last_name").notNull(),
    password_hash: text("password_hash"),
    password_changed_at: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    role: text("role").notNull().default("user"),
    is_master_account: boolean("is_master_account").notNull().default(false),
    is_deactivated: boolean("is_deactivated").notNull().default(false),
    /** Who deactivated the account: the user (who may reactivate it) or an admin (who must). */
    deactivated_by: uuid("deactivated_by"),
    donation_date: timestamp("donation_date", { withTimezone: true }),
    avatar_locator: text("avatar_locator"),
    email_verified_at: timestamp("email_verified_at", { withTimezone: true }),
    recovery_email: text("recovery_email"),
    /** scrypt hash of the security pattern (a sequence of the 14 pattern images), null when unset. */
    security_pattern_hash: text("security_pattern_hash"),
    ref_code: text("ref_code").notNull(),
    /** What receipts show for a buyer who buys for an organisation (issue 22); all optional. */
    billing_organisation: text("billing_organisation"),
    billing_address: text("billing_address"),
    billing_tax_id: text("billing_tax_id"),
    referred_by: text("referred_by"),
    perm_controls: boolean("perm_controls").notNull().default(true),
    perm_payments: boolean("perm_payments").notNull().default(true),
    perm_messages: boolean("perm_messages").notNull().default(true),
    perm_upload: boolean("perm_upload").notNull().default(true),
    perm_editing: boolean("perm_editing").notNull().default(true),
    perm_advertise: boolean("perm_advertise").notNull().default(true),
    tos_accepted_at: timestamp("tos_accepted_at", { withTimezone: true }),
    last_active_at: timestamp("last_active_at", { withTimezone: true }),
    /** Set by the signed link in every bulk e-mail: such users get no more bulk e-mail. */
    unsubscribed_at: timestamp("unsubscribed_at", { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_ref_code_key").on(t.ref_code),
    index("users_created_at_idx").on(t.created_at),
    // The admin console's user search: every word a substring of name, username or e-mail (usersSearchText).
    index("users_search_trgm_idx").using(
      "gin",
      sql`lower(${t.username} || ' ' || ${t.first_name} || ' ' || ${t.last_name} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
    check("users_role_check", oneOf("role", USER_ROLES)),
    check("users_username_length", sql`char_length(${t.username}) between 3 and 20`),
    check("users_email_length", sql`char_length(${t.email}) <= 64`),
  ],
);
