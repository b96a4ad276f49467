import { INSIGHT_SOURCES } from "@market/domain";
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { oneOf, requiredRef } from "./columns.ts";
import { resources } from "./resources.ts";
import { users } from "./users.ts";

/**
 * Insight for creators (issue 23). Everything a creator reads is kept in daily rows (days of the site's
 * time zone), so a year of a busy creator is a few hundred rows per resource at most, never a scan of
 * raw events. `creator_id` is resources.users_id copied in (a resource never changes hands) so that
 * "all my resources" reads one index range. Views are written by the beacon (modules/insight); downloads,
 * purchases, revenue, favourites and follows by database triggers (migration 0023) on their own tables,
 * so every write path counts them.
 */

/**
 * A visitor seen on a resource's page on a day: the view counts only when this row is new (once per
 * visitor per resource per day). `visitor` is 64 bits of a keyed hash (HMAC) of the user id or of the
 * address and user agent: no personal data, and not reversible without the server's secret.
 */
export const resourceViewMarks = pgTable(
  "resource_view_marks",
  {
    resource_id: requiredRef("resource_id", () => resources.id, "cascade"),
    creator_id: uuid("creator_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visitor: bigint("visitor", { mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resource_id, t.day, t.visitor] }),
    // Distinct visitors of a creator over a period: an index-only scan of one range.
    index("resource_view_marks_creator_idx").on(t.creator_id, t.day, t.visitor),
    // The same for the whole site (the admins' funnel).
    index("resource_view_marks_day_idx").on(t.day, t.visitor),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * A creator's visitors of a day as a HyperLogLog sketch: INSIGHT_HLL_REGISTERS bytes, each the highest
 * rank seen in its register (insight_register and insight_register_rank, migration 0023). Distinct
 * visitors over a long, busy period are estimated by merging the days' sketches (≈3% error) instead of
 * counting millions of marks; a period with fewer views than INSIGHT_EXACT_VISITORS is counted exactly.
 */
export const creatorVisitorSketches = pgTable(
  "creator_visitor_sketches",
  {
    creator_id: uuid("creator_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    sketch: bytea("sketch").notNull(),
  },
  (t) => [primaryKey({ columns: [t.creator_id, t.day] })],
);

/** A creator's views of a day by source, all resources together: the "all resources" list reads these. */
export const creatorDailySources = pgTable(
  "creator_daily_sources",
  {
    creator_id: uuid("creator_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    source: text("source").notNull(),
    host: text("host").notNull().default(""),
    views: integer("views").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.creator_id, t.day, t.source, t.host] }),
    index("creator_daily_sources_day_idx").on(t.day),
  ],
);

/** One row per resource per day with anything to count. Rows exist only for days with activity. */
export const resourceDailyStats = pgTable(
  "resource_daily_stats",
  {
    resource_id: requiredRef("resource_id", () => resources.id, "cascade"),
    creator_id: uuid("creator_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    downloads: integer("downloads").notNull().default(0),
    /** Sales of the day (gifts included) not refunded since: a refund takes its sale off the sale's day. */
    purchases: integer("purchases").notNull().default(0),
    revenue_cents: integer("revenue_cents").notNull().default(0),
    /** Favourites made that day and still standing. */
    favorites: integer("favorites").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.resource_id, t.day] }),
    index("resource_daily_stats_creator_idx").on(t.creator_id, t.day),
    index("resource_daily_stats_day_idx").on(t.day),
  ],
);

/** Views of a resource on a day by where they came from; `host` is the other site's, '' when none. */
export const resourceDailySources = pgTable(
  "resource_daily_sources",
  {
    resource_id: requiredRef("resource_id", () => resources.id, "cascade"),
    creator_id: uuid("creator_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    source: text("source").notNull(),
    host: text("host").notNull().default(""),
    views: integer("views").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.resource_id, t.day, t.source, t.host] }),
    index("resource_daily_sources_creator_idx").on(t.creator_id, t.day),
    index("resource_daily_sources_day_idx").on(t.day),
    check("resource_daily_sources_source_check", oneOf("source", INSIGHT_SOURCES)),
  ],
);

/** New followers of a creator per day, still following (an unfollow takes its follow off its day). */
export const creatorDailyFollows = pgTable(
  "creator_daily_follows",
  {
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    day: date("day", { mode: "string" }).notNull(),
    follows: integer("follows").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.users_id, t.day] }), index("creator_daily_follows_day_idx").on(t.day)],
);
