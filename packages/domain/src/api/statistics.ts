import { STATISTICS_BUCKETS } from "../rules/statistics.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";

/** GET /api/admin/statistics?from&to&bucket (admin only). Days are calendar days of the site's time zone. */
export const statisticsQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  bucket: z.enum(STATISTICS_BUCKETS).default("day"),
});
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const count = z.number().int().min(0);
/** Amounts are integer cents. */
const cents = z.number().int();

export const statisticsFiguresSchema = z.object({
  signUps: count,
  /** Accounts that made at least one signed-in request in the bucket (each counted once). */
  activeUsers: count,
  resourcesPublished: count,
  downloads: count,
  sales: count,
  salesAmount: cents,
  tips: count,
  tipsAmount: cents,
  donations: count,
  donationsAmount: cents,
  adImpressions: count,
  adClicks: count,
  /** Ad payments taken, as the ledger records them (the accounting page's ad income). */
  adIncome: cents,
  /**
   * Reviews written in the bucket that are shown: one an admin hid is left out here as it is left out of
   * every average (issue 21), and a deleted one is gone.
   */
  reviews: count,
  /** Those reviews' average rating to one decimal (rules/reviews.ts averageRating); null without any. */
  reviewsAverage: z.number().nullable(),
});
export type StatisticsFigures = z.infer<typeof statisticsFiguresSchema>;

export const statisticsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(STATISTICS_BUCKETS),
  timeZone: z.string(),
  /** One entry per bucket of the period, empty buckets included, oldest first. */
  series: z.array(statisticsFiguresSchema.extend({ period: z.string() })),
  /** The whole period; activeUsers counts each account once however many buckets it was active in. */
  totals: statisticsFiguresSchema,
});
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;

/** The admins' statistics. */
export const statisticsEndpoints = defineEndpoints({
  "GET /admin/statistics": {
    summary: "The marketplace's figures over a period, by bucket and in total.",
    query: statisticsQuerySchema,
    response: statisticsResponseSchema,
  },
});
