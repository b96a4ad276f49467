import { SITE_CHANGE_AREAS, SITE_IMAGE_KEYS } from "@market/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

/** One row per setting key; missing keys take the defaults in @market/domain (site-settings.ts). */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updated_by: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updated_at: updatedAt(),
});

/**
 * The change log of the site's configuration: every change of a setting, a colour of the pool or a site
 * text, with who made it and when. `key` is the setting's key, the colour's name or the text's key; a null
 * value is the default (nothing stored before, or a text reset to its default).
 */
export const siteSettingChanges = pgTable(
  "site_setting_changes",
  {
    id: id(),
    area: text("area").notNull().default("setting"),
    key: text("key").notNull(),
    old_value: jsonb("old_value"),
    new_value: jsonb("new_value"),
    changed_by: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    changed_at: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("site_setting_changes_at_idx").on(t.changed_at),
    check("site_setting_changes_area_check", oneOf("area", SITE_CHANGE_AREAS)),
  ],
);

export const texts = pgTable("texts", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updated_at: updatedAt(),
});

export const colors = pgTable(
  "colors",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    css: text("css").notNull(),
    css_var_name: text("css_var_name").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    uniqueIndex("colors_name_key").on(t.name),
    uniqueIndex("colors_css_var_name_key").on(t.css_var_name),
    check("colors_css_check", sql`css ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

export const siteImages = pgTable(
  "site_images",
  {
    key: text("key").primaryKey(),
    title: text("title").notNull(),
    image_field_names: text("image_field_names").array().notNull().default(sql`'{}'::text[]`),
  },
  () => [check("site_images_key_check", oneOf("key", SITE_IMAGE_KEYS))],
);

export const siteImageVariations = pgTable(
  "site_image_variations",
  {
    id: id(),
    site_image_key: text("site_image_key")
      .notNull()
      .references(() => siteImages.key, { onDelete: "cascade" }),
    image_locator: text("image_locator").notNull(),
    alt: text("alt").notNull(),
    /** [{ css_var_name, color_hex }]: colours that go with this image. */
    colors: jsonb("colors").notNull().default([]),
    is_current: boolean("is_current").notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index("site_image_variations_key_idx").on(t.site_image_key, t.created_at),
    uniqueIndex("site_image_variations_current_key").on(t.site_image_key).where(sql`is_current`),
  ],
);

export const systemAvatars = pgTable("system_avatars", {
  id: integer("id").primaryKey(),
  locator: text("locator").notNull(),
});
