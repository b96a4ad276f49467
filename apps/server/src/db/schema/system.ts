import { JOB_STATES } from "@market/domain";
import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, requiredRef } from "./columns.ts";
import { users } from "./users.ts";

/** Durable jobs worked by the server processes; claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    payload: jsonb("payload").notNull().default({}),
    state: text("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    run_at: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    locked_at: timestamp("locked_at", { withTimezone: true }),
    locked_by: text("locked_by"),
    last_error: text("last_error"),
    created_at: createdAt(),
    finished_at: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_ready_idx").on(t.run_at).where(sql`state = 'queued'`),
    index("jobs_name_idx").on(t.name, t.created_at),
    check("jobs_state_check", oneOf("state", JOB_STATES)),
  ],
);

const LOGIN_TOKEN_PURPOSES = ["login", "verify_email"] as const;

/** E-mailed login and verification links: random, stored only as a SHA-256 hash, single use. */
export const loginTokens = pgTable(
  "login_tokens",
  {
    id: id(),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    purpose: text("purpose").notNull(),
    token_hash: text("token_hash").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("login_tokens_hash_key").on(t.token_hash),
    index("login_tokens_user_idx").on(t.users_id, t.created_at),
    check("login_tokens_purpose_check", oneOf("purpose", LOGIN_TOKEN_PURPOSES)),
  ],
);

/**
 * One row per sign-in; its id is the access token's `sid`. The access hook accepts a token only while
 * its session has not ended, so logging out, a password change and deactivation end tokens at once on
 * every instance (DECISIONS.md "Sessions").
 */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    created_at: createdAt(),
    ended_at: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("sessions_open_by_user_idx").on(t.users_id).where(sql`ended_at is null`),
    index("sessions_created_idx").on(t.created_at),
  ],
);

export const captchaChallenges = pgTable(
  "captcha_challenges",
  {
    id: id(),
    answer_hash: text("answer_hash").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    solved_at: timestamp("solved_at", { withTimezone: true }),
    /** The single-use captcha token handed out on success, stored hashed. */
    token_hash: text("token_hash"),
    token_used_at: timestamp("token_used_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("captcha_challenges_token_key").on(t.token_hash),
    index("captcha_expires_idx").on(t.expires_at),
  ],
);

/** Fixed-window counters shared by every server instance (rate limits, failed logins). */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text("bucket").notNull(),
    window_start: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.window_start] }),
    index("rate_limit_window_idx").on(t.window_start),
  ],
);

export const bulkEmails = pgTable(
  "bulk_emails",
  {
    id: id(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    created_by: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    total_users: integer("total_users").notNull().default(0),
    emails_sent: integer("emails_sent").notNull().default(0),
    created_at: createdAt(),
    finished_at: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("bulk_emails_created_idx").on(t.created_at)],
);

const BULK_RECIPIENT_STATES = ["pending", "sending", "sent", "unconfirmed", "failed"] as const;

/**
 * One row per recipient of a bulk e-mail, written with the message: the primary key makes a second copy
 * to one user impossible. pending -> sending (committed before the SMTP call) -> sent; a row found
 * `sending` after a crash is marked `unconfirmed` and never sent again (at most once, docs/DECISIONS.md).
 */
export const bulkEmailRecipients = pgTable(
  "bulk_email_recipients",
  {
    bulk_email_id: requiredRef("bulk_email_id", () => bulkEmails.id, "cascade"),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    state: text("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimed_at: timestamp("claimed_at", { withTimezone: true }),
    sent_at: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.bulk_email_id, t.users_id] }),
    index("bulk_email_recipients_state_idx").on(t.bulk_email_id, t.state),
    check("bulk_email_recipients_state_check", oneOf("state", BULK_RECIPIENT_STATES)),
  ],
);

/** The days on which a user made a signed-in request: the admin statistics' active users. */
export const userActiveDays = pgTable(
  "user_active_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
  },
  (t) => [primaryKey({ columns: [t.day, t.users_id] })],
);

/**
 * Failed logins (wrong password or pattern), counted per account and per address to demand a
 * captcha or cool an account off (DECISIONS.md: Accounts and abuse). A success deletes the account's rows.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: id(),
    users_id: uuid("users_id").references(() => users.id, { onDelete: "cascade" }),
    ip: text("ip").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("login_failures_user_idx").on(t.users_id, t.created_at),
    index("login_failures_ip_idx").on(t.ip, t.created_at),
  ],
);
