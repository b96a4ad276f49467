import { z } from "../zod.ts";
import { AD_TYPES } from "./enums.ts";

/**
 * Site settings (spec section 3) with the defaults of DECISIONS.md. Stored one row per key;
 * a key missing from the database takes its default here, so adding a setting needs no data migration.
 */
const adMinimum = z
  .object({
    totalCost: z.number().int().min(1).max(100_000),
    spendPerDay: z.number().int().min(1).max(10_000),
  })
  // A day's minimum above the whole run's minimum would make the total minimum meaningless.
  .refine((m) => m.spendPerDay <= m.totalCost, {
    message: "spend_per_day_above_total",
    path: ["spendPerDay"],
  });

/** An IANA time zone the runtime knows ("America/New_York"); a typo would break every site-day rule. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const restrictedWord = z.object({
  pattern: z.string().trim().min(1).max(100),
  replacement: z.string().trim().max(100),
});

const cents = z.number().int().min(0).max(100_000_000);

export const siteSettingsSchema = z.object({
  adMinimums: z.record(z.enum(AD_TYPES), adMinimum),
  adCpmCents: z.record(z.enum(AD_TYPES), z.number().int().min(1).max(100_000)),
  maxCombinedFileSize: z.number().int().min(1).max(10_000),
  quickCheckout: z.boolean(),
  offlineMode: z.boolean(),
  donatedAdFreeMode: z.boolean(),
  showAds: z.object({ portfolio: z.boolean() }),
  cssOverride: z.string().max(20_000),
  idleTimeoutSeconds: z.number().int().min(30).max(86_400),
  restrictedWords: z
    .array(restrictedWord)
    .max(1000)
    // Pairs apply in order, so a second pair for the same word would never be reached.
    .refine((words) => new Set(words.map((w) => w.pattern.toLowerCase())).size === words.length, {
      message: "duplicate_pattern",
    }),
  salesFeePercent: z.number().int().min(0).max(100),
  tipFeePercent: z.number().int().min(0).max(100),
  payoutHoldDays: z.number().int().min(0).max(365),
  /** How many days after a purchase its buyer may ask for a refund (issue 22). */
  refundWindowDays: z.number().int().min(0).max(365),
  /** An additional seat's price as a percent of the running price, where its creator set none (issue 23). */
  additionalSeatPercent: z.number().int().min(0).max(100),
  payoutMinimumCents: cents,
  featurePricePerDayCents: cents,
  favoritesLimit: z.number().int().min(1).max(100_000),
  passwordMaxAgeDays: z.number().int().min(1).max(10_000),
  timeZone: z.string().min(1).max(64).refine(isTimeZone, { message: "unknown_time_zone" }),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;

export const SITE_SETTING_KEYS = Object.keys(siteSettingsSchema.shape) as SiteSettingKey[];

/** A partial change an admin sends; every value is validated against its setting's rule. */
export const siteSettingsPatchSchema = siteSettingsSchema.partial().strict();
export type SiteSettingsPatch = z.infer<typeof siteSettingsPatchSchema>;
