import { GRADES, REVIEW_LIMITS, REVIEW_REPORT_REASONS, REVIEW_USES } from "@market/domain";
import { sql } from "drizzle-orm";
import {
  check,
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
import { createdAt, id, oneOf, requiredRef, updatedAt } from "./columns.ts";
import { resources } from "./resources.ts";
import { users } from "./users.ts";

/**
 * A teacher's rating and review of a resource they bought or downloaded (issue 21). One per user and
 * resource, by a unique key, so two posted at once cannot both be saved. A trigger (migration 0020) keeps
 * the resource's rating_count and rating_sum equal to its shown reviews' (hidden_at null) on every write.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    resource_id: requiredRef("resource_id", () => resources.id, "cascade"),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    rating: smallint("rating").notNull(),
    text: text("text").notNull().default(""),
    grade_taught: text("grade_taught"),
    used_for: text("used_for"),
    /** Readers who marked it helpful (review_helpful_votes), kept here for the "most helpful" order. */
    helpful_count: integer("helpful_count").notNull().default(0),
    reply_text: text("reply_text"),
    reply_created_at: timestamp("reply_created_at", { withTimezone: true }),
    reply_updated_at: timestamp("reply_updated_at", { withTimezone: true }),
    /** Set when an admin hides it: it leaves the page and the average; its author still sees it. */
    hidden_at: timestamp("hidden_at", { withTimezone: true }),
    hidden_by: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_once_per_user_key").on(t.resource_id, t.users_id),
    // A resource's page: most helpful, newest or lowest first, among the shown reviews.
    index("reviews_resource_helpful_idx")
      .on(t.resource_id, t.helpful_count.desc(), t.created_at.desc())
      .where(sql`hidden_at is null`),
    index("reviews_resource_newest_idx").on(t.resource_id, t.created_at.desc()).where(sql`hidden_at is null`),
    index("reviews_resource_rating_idx")
      .on(t.resource_id, t.rating, t.created_at.desc())
      .where(sql`hidden_at is null`),
    // A user's reviews (the review prompt asks which of their resources they have not reviewed).
    index("reviews_user_idx").on(t.users_id),
    // Admin statistics count reviews written over a period.
    index("reviews_created_at_idx").on(t.created_at),
    check(
      "reviews_rating_check",
      sql`rating between ${sql.raw(String(REVIEW_LIMITS.ratingMin))} and ${sql.raw(String(REVIEW_LIMITS.ratingMax))}`,
    ),
    check("reviews_text_length_check", sql`char_length(text) <= ${sql.raw(String(REVIEW_LIMITS.textMax))}`),
    check(
      "reviews_reply_length_check",
      sql`char_length(reply_text) <= ${sql.raw(String(REVIEW_LIMITS.replyMax))}`,
    ),
    check("reviews_grade_taught_check", oneOf("grade_taught", GRADES)),
    check("reviews_used_for_check", oneOf("used_for", REVIEW_USES)),
  ],
);

/** "This review was helpful", once per reader and review. */
export const reviewHelpfulVotes = pgTable(
  "review_helpful_votes",
  {
    review_id: requiredRef("review_id", () => reviews.id, "cascade"),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.review_id, t.users_id] })],
);

/**
 * A reader's report of a review, once per reader and review. Open (resolved_at null) reports put the
 * review in the admins' queue; hiding or keeping it settles them all.
 */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: id(),
    review_id: requiredRef("review_id", () => reviews.id, "cascade"),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    reason: text("reason").notNull(),
    details: text("details"),
    created_at: createdAt(),
    resolved_at: timestamp("resolved_at", { withTimezone: true }),
    /** "hidden" or "kept". */
    resolution: text("resolution"),
    resolved_by: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("review_reports_once_per_user_key").on(t.review_id, t.users_id),
    // The queue: reviews with open reports, oldest report first.
    index("review_reports_open_idx").on(t.created_at, t.review_id).where(sql`resolved_at is null`),
    check("review_reports_reason_check", oneOf("reason", REVIEW_REPORT_REASONS)),
    check("review_reports_resolution_check", sql`resolution is null or resolution in ('hidden', 'kept')`),
  ],
);
