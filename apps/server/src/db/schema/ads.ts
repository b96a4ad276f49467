import {
  AD_APPROVAL_STATUSES,
  AD_IMAGE_FITS,
  AD_RUNNING_STATUSES,
  AD_SPEND_DEFAULTS,
  AD_TYPES,
} from "@market/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, requiredRef, updatedAt } from "./columns.ts";
import { payments } from "./money.ts";
import { users } from "./users.ts";

export const advertisements = pgTable(
  "advertisements",
  {
    id: id(),
    users_id: requiredRef("users_id", () => users.id, "cascade"),
    ad_type: text("ad_type").notNull(),
    approval_status: text("approval_status").notNull().default("creating"),
    running_status: text("running_status"),
    css_override: text("css_override"),
    discount_code: text("discount_code"),
    title: text("title"),
    subtitle: text("subtitle"),
    subject: text("subject"),
    statement: text("statement"),
    description: text("description"),
    button: text("button"),
    code: text("code"),
    business_name: text("business_name"),
    business_image: text("business_image"),
    click_url: text("click_url"),
    image_url: text("image_url"),
    image_name: text("image_name"),
    /** How the image fills its slot and the point a fill keeps in view (percent from left and top). */
    image_fit: text("image_fit").notNull().default("fill"),
    image_focus_x: integer("image_focus_x").notNull().default(50),
    image_focus_y: integer("image_focus_y").notNull().default(50),
    spend_per_day: integer("spend_per_day").notNull().default(AD_SPEND_DEFAULTS.spendPerDayCents),
    run_days_total: integer("run_days_total").notNull().default(AD_SPEND_DEFAULTS.runDaysTotal),
    grades: text("grades").array().notNull().default(sql`'{}'::text[]`),
    is_admin_ad: boolean("is_admin_ad").notNull().default(false),
    is_free_user_only: boolean("is_free_user_only").notNull().default(false),
    review_comment: text("review_comment"),
    payment_id: uuid("payment_id").references(() => payments.id),
    starts_at: timestamp("starts_at", { withTimezone: true }),
    ends_at: timestamp("ends_at", { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("advertisements_user_idx").on(t.users_id, t.updated_at),
    index("advertisements_serving_idx").on(t.ad_type, t.approval_status, t.running_status),
    index("advertisements_review_idx").on(t.approval_status, t.updated_at),
    check("advertisements_type_check", oneOf("ad_type", AD_TYPES)),
    check("advertisements_approval_check", oneOf("approval_status", AD_APPROVAL_STATUSES)),
    check(
      "advertisements_running_check",
      sql`running_status is null or ${oneOf("running_status", AD_RUNNING_STATUSES)}`,
    ),
    check("advertisements_spend_check", sql`spend_per_day >= 0 and run_days_total >= 0`),
    check("advertisements_image_fit_check", oneOf("image_fit", AD_IMAGE_FITS)),
    check(
      "advertisements_image_focus_check",
      sql`image_focus_x between 0 and 100 and image_focus_y between 0 and 100`,
    ),
  ],
);

/** One row per ad per day: what it was shown, clicked and charged (its pacing and statistics). */
export const adDailyStats = pgTable(
  "ad_daily_stats",
  {
    ad_id: requiredRef("ad_id", () => advertisements.id, "cascade"),
    day: date("day", { mode: "string" }).notNull(),
    impressions: integer("impressions").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    spend_cents: integer("spend_cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ad_id, t.day] }), index("ad_daily_stats_day_idx").on(t.day)],
);

/**
 * Impressions count once per ad per visitor session (DECISIONS.md); clicks once a minute per address and
 * ad. The marks make both exact under concurrent load: the insert that wins counts.
 */
export const adImpressionMarks = pgTable(
  "ad_impression_marks",
  {
    ad_id: requiredRef("ad_id", () => advertisements.id, "cascade"),
    session_key: text("session_key").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ad_id, t.session_key] }),
    index("ad_impression_marks_created_idx").on(t.created_at),
  ],
);

export const adClickMarks = pgTable(
  "ad_click_marks",
  {
    ad_id: requiredRef("ad_id", () => advertisements.id, "cascade"),
    address_key: text("address_key").notNull(),
    minute: timestamp("minute", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ad_id, t.address_key, t.minute] })],
);
