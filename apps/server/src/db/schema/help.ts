import { HELP_ENTRY_TYPES } from "@market/domain";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, requiredRef, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

/** The help book: articles, images and videos; ids in URLs are entry names. */
export const helpEntries = pgTable(
  "help_entries",
  {
    id: id(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    short_title: text("short_title").notNull(),
    long_title: text("long_title").notNull().default(""),
    body: text("body").notNull().default(""),
    accent_color: text("accent_color"),
    order_index: integer("order_index").notNull().default(0),
    image_locator: text("image_locator"),
    image_alt_text: text("image_alt_text"),
    image_name: text("image_name"),
    image_size_bytes: bigint("image_size_bytes", { mode: "number" }),
    video_locator: text("video_locator"),
    video_name: text("video_name"),
    video_size_bytes: bigint("video_size_bytes", { mode: "number" }),
    image_entry_id: uuid("image_entry_id").references((): AnyPgColumn => helpEntries.id, {
      onDelete: "set null",
    }),
    video_entry_id: uuid("video_entry_id").references((): AnyPgColumn => helpEntries.id, {
      onDelete: "set null",
    }),
    is_pro_tip: boolean("is_pro_tip").notNull().default(false),
    /** Set when an admin marks a terms-of-service article as changed; users accept changes after it. */
    terms_changed_at: timestamp("terms_changed_at", { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("help_entries_name_key").on(t.name),
    index("help_entries_order_idx").on(t.type, t.order_index),
    index("help_entries_pro_tip_idx").on(t.id).where(sql`is_pro_tip`),
    check("help_entries_type_check", oneOf("type", HELP_ENTRY_TYPES)),
  ],
);

export const tosAgreements = pgTable(
  "tos_agreements",
  {
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    help_entry_id: requiredRef("help_entry_id", () => helpEntries.id, "cascade"),
    accepted_at: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.users_id, t.help_entry_id] })],
);

export const helpFeedback = pgTable(
  "help_feedback",
  {
    id: id(),
    users_id: uuid("users_id").references(() => users.id, { onDelete: "set null" }),
    help_entry_id: uuid("help_entry_id").references(() => helpEntries.id, { onDelete: "set null" }),
    feedback: text("feedback").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("help_feedback_created_idx").on(t.created_at)],
);
