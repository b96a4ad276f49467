import { RATING_PRIOR, RESOURCE_APPROVAL_STATUSES, RESOURCE_STATUSES } from "@market/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, requiredRef, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

/** PostgreSQL's full-text document type; only the database writes it (migration 0016's trigger). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const resources = pgTable(
  "resources",
  {
    id: id(),
    /** Unique URL slug made from the title (DECISIONS.md). */
    name: text("name").notNull(),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    title: text("title").notNull(),
    display: text("display"),
    subtitle: text("subtitle"),
    subject_area: text("subject_area").notNull().default(""),
    description: text("description").notNull().default(""),
    keywords: text("keywords").array().notNull().default(sql`'{}'::text[]`),
    skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
    standards: text("standards").array().notNull().default(sql`'{}'::text[]`),
    grade: text("grade").notNull().default(""),
    reading_levels: text("reading_levels"),
    type: text("type").notNull().default("Other"),
    /** Cents: 0 for free, else 100 to 10000 (spec: 1 to 100 dollars). */
    price: integer("price").notNull().default(0),
    sale_price: integer("sale_price"),
    /** The creator's price for each seat after the first (issue 23); null: the site's percent. */
    seat_price: integer("seat_price"),
    sale_end: date("sale_end", { mode: "string" }),
    approval_status: text("approval_status").notNull().default("creating"),
    status: text("status").notNull().default("inactive"),
    upload_status: smallint("upload_status").notNull().default(0),
    requires_approval: boolean("requires_approval").notNull().default(true),
    is_featured: boolean("is_featured").notNull().default(false),
    featured_until: timestamp("featured_until", { withTimezone: true }),
    curator_score: integer("curator_score"),
    /** When the creator last asked for approval: the review queue's order. */
    submitted_at: timestamp("submitted_at", { withTimezone: true }),
    /** The admin's reason for the last rejection, shown to the creator with the rejected resource. */
    rejection_reason: text("rejection_reason"),
    excluded_colors: text("excluded_colors").array().notNull().default(sql`'{}'::text[]`),
    background_color: text("background_color"),
    download_count: integer("download_count").notNull().default(0),
    /**
     * Its shown reviews' count and sum of stars (issue 21), kept by migration 0020's trigger on reviews;
     * the average (as shown, one decimal) and the "Top rated" score (rules/reviews.ts bayesianRating)
     * are computed from them by the database, null with no reviews.
     */
    rating_count: integer("rating_count").notNull().default(0),
    rating_sum: integer("rating_sum").notNull().default(0),
    rating_average: numeric("rating_average", { precision: 2, scale: 1 }).generatedAlwaysAs(
      sql`case when rating_count > 0 then round(rating_sum::numeric / rating_count, 1) end`,
    ),
    rating_score: doublePrecision("rating_score").generatedAlwaysAs(
      sql.raw(
        `case when rating_count > 0 then (${RATING_PRIOR.mean * RATING_PRIOR.weight} + rating_sum)::float8 / (${RATING_PRIOR.weight} + rating_count) end`,
      ),
    ),
    /**
     * The words search finds the resource by (the domain's searchTextWords) in its title, subtitle,
     * description, subject, keywords, skills, standards and creator's username; a word of the title also
     * marked "^", of a keyword or skill "#" (resources/search-sql.ts). Kept by a trigger (migration 0016)
     * on every write path, and indexed for full-text search.
     */
    search_vector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
    published_at: timestamp("published_at", { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("resources_name_key").on(t.name),
    index("resources_users_id_idx").on(t.users_id, t.updated_at),
    // The public grids list approved, active resources by recency, downloads or price. Price last in the
    // orders' indexes: a "Free" or "Paid" page is read from the index alone (an index-only scan), where it
    // read each resource's row to see its price (issue 19).
    index("resources_listed_newest_idx")
      .on(t.published_at.desc(), t.id, t.price)
      .where(sql`approval_status = 'approved' and status = 'active'`),
    index("resources_listed_downloads_idx")
      .on(t.download_count.desc(), t.id, t.price)
      .where(sql`approval_status = 'approved' and status = 'active'`),
    // "Top rated": by the Bayesian score, unrated last, then the most downloaded.
    index("resources_listed_rating_idx")
      .on(t.rating_score.desc(), t.download_count.desc(), t.id, t.price)
      .where(sql`approval_status = 'approved' and status = 'active'`),
    // "4 stars & up": the rated few, by their shown average.
    index("resources_listed_rating_average_idx")
      .on(t.rating_average.desc(), t.published_at.desc(), t.id)
      .where(sql`rating_average is not null and approval_status = 'approved' and status = 'active'`),
    index("resources_listed_price_idx")
      .on(t.price, t.id)
      .where(sql`approval_status = 'approved' and status = 'active'`),
    // Filters of the grids (grade, subject, type), with price second: a free/paid filter or a price order
    // within a filter reads the index in order, and a filtered count is an index-only scan.
    index("resources_listed_grade_idx")
      .on(t.grade, t.price, t.id)
      .where(sql`approval_status = 'approved' and status = 'active'`),
    // A grade's grid in the two orders price cannot serve: without these, "grade 5, most downloaded"
    // walked the whole downloads order looking for grade 5 (1 s at a million resources).
    index("resources_listed_grade_downloads_idx")
      .on(t.grade, t.download_count.desc(), t.id, t.price)
      .where(sql`approval_status = 'approved' and status = 'active'`),
    index("resources_listed_grade_newest_idx")
      .on(t.grade, t.published_at.desc(), t.id, t.price)
      .where(sql`approval_status = 'approved' and status = 'active'`),
    // A grade's "Top rated" grid, read in order (without it a grade's page walked the whole rating order,
    // 60 ms at 100,000 resources by page 20); the shown average last, so a grade's "4 stars & up" total
    // counts from this index alone instead of reading every resource of the grade (43 ms); price for the
    // "Free" and "Paid" pages, as above.
    index("resources_listed_grade_rating_idx")
      .on(t.grade, t.rating_score.desc(), t.download_count.desc(), t.id, t.rating_average, t.price)
      .where(sql`approval_status = 'approved' and status = 'active'`),
    index("resources_listed_subject_idx")
      .on(sql`lower(${t.subject_area})`, t.price, t.id)
      .where(sql`approval_status = 'approved' and status = 'active'`),
    index("resources_listed_type_idx")
      .on(t.type, t.price, t.id)
      .where(sql`approval_status = 'approved' and status = 'active'`),
    // The "On sale" filter: the few resources with a sale price, one index per order, each entry carrying
    // the sale's end (a running sale ends today or later) and the grade, so any "On sale" page, a grade's
    // included, is read in its order from an index alone. With one index by end date, every running sale
    // was read and sorted for a page: 27-43 ms at a million resources (4-6 ms for a grade's), now a few.
    index("resources_listed_sale_price_idx")
      .on(t.price, t.id, t.sale_end, t.grade)
      .where(sql`sale_price is not null and approval_status = 'approved' and status = 'active'`),
    index("resources_listed_sale_newest_idx")
      .on(t.published_at.desc(), t.id, t.sale_end, t.grade)
      .where(sql`sale_price is not null and approval_status = 'approved' and status = 'active'`),
    index("resources_listed_sale_downloads_idx")
      .on(t.download_count.desc(), t.id, t.sale_end, t.grade)
      .where(sql`sale_price is not null and approval_status = 'approved' and status = 'active'`),
    index("resources_listed_sale_rating_idx")
      .on(t.rating_score.desc(), t.download_count.desc(), t.id, t.sale_end, t.grade)
      .where(sql`sale_price is not null and approval_status = 'approved' and status = 'active'`),
    index("resources_featured_idx")
      .on(t.published_at.desc())
      .where(sql`is_featured and approval_status = 'approved' and status = 'active'`),
    index("resources_review_queue_idx").on(t.approval_status, t.updated_at),
    // Admin statistics count publications over a period, whatever the resource's status since.
    index("resources_published_at_idx").on(t.published_at).where(sql`published_at is not null`),
    index("resources_awaiting_idx")
      .on(t.submitted_at, t.id)
      .where(sql`approval_status = 'awaiting_approval'`),
    index("resources_search_idx")
      .using("gin", t.search_vector)
      .where(sql`approval_status = 'approved' and status = 'active'`),
    check("resources_approval_status_check", oneOf("approval_status", RESOURCE_APPROVAL_STATUSES)),
    check("resources_status_check", oneOf("status", RESOURCE_STATUSES)),
    check("resources_upload_status_check", sql`upload_status in (0, 1, 2, 5)`),
    check("resources_price_check", sql`price = 0 or price between 100 and 10000`),
    check("resources_seat_price_check", sql`seat_price is null or seat_price between 0 and 10000`),
    check(
      "resources_sale_price_check",
      sql`sale_price is null or (sale_price between 100 and 10000 and sale_price < price)`,
    ),
  ],
);

/**
 * Every word of a search_vector (migration 0016 keeps it, never pruned): the last word of a query is
 * searched for as the listed words it starts (resources/search-sql.ts). Its column sorts in "C" order,
 * so a prefix is a range of its primary key.
 */
export const searchLexicon = pgTable("search_lexicon", {
  word: text("word").primaryKey(),
});

export const resourceFiles = pgTable(
  "resource_files",
  {
    id: id(),
    resource_id: requiredRef("resource_id", () => resources.id, "cascade"),
    name: text("name").notNull(),
    storage_key: text("storage_key").notNull(),
    content_type: text("content_type").notNull(),
    size_bytes: bigint("size_bytes", { mode: "number" }).notNull(),
    is_premium_file: boolean("is_premium_file").notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index("resource_files_resource_idx").on(t.resource_id),
    check("resource_files_size_check", sql`size_bytes >= 0`),
  ],
);

export const resourcePreviews = pgTable(
  "resource_previews",
  {
    id: id(),
    resource_id: requiredRef("resource_id", () => resources.id, "cascade"),
    order_index: integer("order_index").notNull(),
    storage_key: text("storage_key").notNull(),
    size_bytes: integer("size_bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Set for previews rendered from a file's pages rather than uploaded. */
    generated_name: text("generated_name"),
    created_at: createdAt(),
  },
  (t) => [
    index("resource_previews_resource_idx").on(t.resource_id, t.order_index),
    check("resource_previews_size_check", sql`size_bytes between 0 and 1000000`),
  ],
);

/** The wizard's saved state, so a reload returns to the same step with the same data (UX.md). */
export const uploadDrafts = pgTable(
  "upload_drafts",
  {
    id: id(),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    resource_id: uuid("resource_id").references(() => resources.id, { onDelete: "cascade" }),
    step: text("step").notNull().default("pre-check"),
    data: jsonb("data").notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("upload_drafts_user_idx").on(t.users_id, t.updated_at),
    uniqueIndex("upload_drafts_resource_key").on(t.resource_id),
  ],
);

export const downloads = pgTable(
  "downloads",
  {
    id: id(),
    resource_id: requiredRef("resource_id", () => resources.id, "cascade"),
    users_id: uuid("users_id").references(() => users.id, { onDelete: "set null" }),
    /** For a visitor: a hash of their address, so a visitor's downloads count once too. */
    visitor_key: text("visitor_key"),
    ref_code: text("ref_code"),
    created_at: createdAt(),
  },
  (t) => [
    index("downloads_resource_idx").on(t.resource_id),
    index("downloads_created_at_idx").on(t.created_at),
    // A teacher's library lists the free resources they downloaded, newest first.
    index("downloads_user_idx").on(t.users_id, t.created_at).where(sql`users_id is not null`),
    uniqueIndex("downloads_once_per_user_key").on(t.resource_id, t.users_id).where(sql`users_id is not null`),
    uniqueIndex("downloads_once_per_visitor_key")
      .on(t.resource_id, t.visitor_key)
      .where(sql`users_id is null`),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    resource_id: requiredRef("resource_id", () => resources.id, "cascade"),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.users_id, t.resource_id] }),
    index("favorites_resource_idx").on(t.resource_id),
  ],
);

export const follows = pgTable(
  "follows",
  {
    follower_id: requiredRef("follower_id", () => users.id, "cascade"),
    followed_id: requiredRef("followed_id", () => users.id, "cascade"),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.follower_id, t.followed_id] }),
    index("follows_followed_idx").on(t.followed_id),
    check("follows_not_self", sql`follower_id <> followed_id`),
  ],
);

export const referrals = pgTable(
  "referrals",
  {
    id: id(),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    uri: text("uri").notNull(),
    is_gift: boolean("is_gift").notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index("referrals_user_idx").on(t.users_id)],
);
