import { INSIGHT_HOST_MAX, INSIGHT_INTERVALS, INSIGHT_SOURCES } from "../rules/insight.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { resourceIdParamsSchema } from "./resources.ts";

/**
 * Insight for creators (issue 23): the page-view beacon and what a creator (and, for the whole site, an
 * admin) reads back. Days are calendar days of the site's time zone; amounts integer cents.
 */

/** The beacon's body. Lenient by design: a visitor's page never sees an error from it (see the route). */
export const resourceViewSchema = z.object({
  source: z.enum(INSIGHT_SOURCES),
  referrer: z.string().max(2000).optional(),
});
export type ResourceView = z.infer<typeof resourceViewSchema>;

export const insightQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** One of the creator's own resources (id); all of them when absent. */
  resourceId: z.uuid().optional(),
  interval: z.enum(INSIGHT_INTERVALS).default("day"),
});
export type InsightQuery = z.infer<typeof insightQuerySchema>;

const count = z.number().int().min(0);

export const insightFiguresSchema = z.object({
  /** Page views, each visitor counted once per resource per day. */
  views: count,
  /** Different visitors over the period (a visitor who came on three days is one). */
  uniqueVisitors: count,
  /** Free downloads (each user counted once per resource, as the download count is). */
  downloads: count,
  /** Paid sales, gifts included, less refunded ones. */
  purchases: count,
  /** What those sales brought in before the site's fee, in cents. */
  revenueCents: z.number().int(),
  favorites: count,
  /** New followers of the creator (the whole account's, not one resource's). */
  follows: count,
});
export type InsightFigures = z.infer<typeof insightFiguresSchema>;

export const insightResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(INSIGHT_INTERVALS),
  /** One point per interval from `from` to `to`, every one present (zeros included), oldest first. */
  series: z.array(insightFiguresSchema.extend({ period: z.string() })),
  /** The whole period; each figure equals the sum of the series' (uniqueVisitors: distinct over the period). */
  totals: insightFiguresSchema.extend({
    /** (purchases + downloads) per unique visitor, percent with one decimal; null without visitors. */
    conversionPercent: z.number().nullable(),
  }),
  /** Where the views came from, most first; `host` names the other site for "external". */
  sources: z.array(
    z.object({
      source: z.enum(INSIGHT_SOURCES),
      host: z.string().max(INSIGHT_HOST_MAX).nullable(),
      views: count,
    }),
  ),
});
export type InsightResponse = z.infer<typeof insightResponseSchema>;

export const insightEndpoints = defineEndpoints({
  "POST /resources/:id/view": {
    summary: "The page-view beacon: counted once per visitor per day; never an error for a visitor.",
    params: resourceIdParamsSchema,
    body: resourceViewSchema,
    response: "empty",
    status: 204,
  },
  "GET /insight/self": {
    summary: "The signed-in creator's views, visitors, downloads, purchases, revenue and sources.",
    query: insightQuerySchema,
    response: insightResponseSchema,
  },
  "GET /admin/insight": {
    summary: "The same funnel for the whole site (admins).",
    query: insightQuerySchema.omit({ resourceId: true }),
    response: insightResponseSchema,
  },
});
