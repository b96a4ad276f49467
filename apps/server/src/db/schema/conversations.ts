import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, requiredRef, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

const THREAD_STATUSES = ["open", "answered", "closed"] as const;

export const supportThreads = pgTable(
  "support_threads",
  {
    id: id(),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    subject: text("subject").notNull(),
    status: text("status").notNull().default("open"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("support_threads_user_idx").on(t.users_id, t.updated_at),
    index("support_threads_status_idx").on(t.status, t.updated_at),
    check("support_threads_status_check", oneOf("status", THREAD_STATUSES)),
  ],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: id(),
    thread_id: requiredRef("thread_id", () => supportThreads.id, "cascade"),
    author_id: requiredRef("author_id", () => users.id, "cascade"),
    body: text("body").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("support_messages_thread_idx").on(t.thread_id, t.created_at)],
);

export const messages = pgTable(
  "messages",
  {
    id: id(),
    sender_id: requiredRef("sender_id", () => users.id, "cascade"),
    recipient_id: requiredRef("recipient_id", () => users.id, "cascade"),
    body: text("body").notNull(),
    read_at: timestamp("read_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index("messages_recipient_idx").on(t.recipient_id, t.created_at),
    index("messages_sender_idx").on(t.sender_id, t.created_at),
    check("messages_not_self", sql`sender_id <> recipient_id`),
  ],
);

export const blocks = pgTable(
  "blocks",
  {
    blocker_id: requiredRef("blocker_id", () => users.id, "cascade"),
    blocked_id: requiredRef("blocked_id", () => users.id, "cascade"),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blocker_id, t.blocked_id] })],
);
