import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

const THREAD_STATUSES = ["open", "answered", "closed"] as const;

export const supportThreads = pgTable(
  "support_threads",
  {
    id: id(),
    users_id: uuid("users_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    thread_id: uuid("thread_id")
      .notNull()
      .references(() => supportThreads.id, { onDelete: "cascade" }),
    author_id: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("support_messages_thread_idx").on(t.thread_id, t.created_at)],
);

export const messages = pgTable(
  "messages",
  {
    id: id(),
    sender_id: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipient_id: uuid("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    blocker_id: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blocked_id: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blocker_id, t.blocked_id] })],
);
