import { z } from "zod";
import { GRADES, RESOURCE_TYPES } from "../rules/catalogue-lists.ts";
import { SEARCH_LIMITS } from "../rules/search.ts";
import { publicUserSchema } from "./users.ts";

/** A resource as a grid tile shows it. Prices in cents; sale_end is an ISO date (YYYY-MM-DD). */
export const resourceCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  grade: z.string(),
  subject_area: z.string(),
  type: z.string(),
  price: z.number().int(),
  sale_price: z.number().int().nullable(),
  sale_end: z.string().nullable(),
  cover_locator: z.string().nullable(),
  downloadCount: z.number().int(),
  is_featured: z.boolean(),
  backgroundColor: z.string().nullable(),
  excluded_colors: z.array(z.string()),
  creator: publicUserSchema,
  updated_at: z.string(),
});
export type ResourceCard = z.infer<typeof resourceCardSchema>;

export const RESOURCE_LIST_SORTS = ["newest", "downloads", "price-asc", "price-desc"] as const;

export const PRICE_FILTERS = ["free", "paid", "sale"] as const;

/** Query-string booleans: "true"/"1" and "false"/"0", not JavaScript truthiness ("false" is not true). */
const queryBoolean = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

export const resourceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(48).default(24),
  sort: z.enum(RESOURCE_LIST_SORTS).default("newest"),
  featured: queryBoolean,
  /** Text search: every word must match (spec 2). */
  q: z.string().trim().max(SEARCH_LIMITS.maxLength).optional(),
  /** Ignore stop words (a, an, the, of ...) in q. */
  stopWords: queryBoolean,
  grade: z.enum(GRADES).optional(),
  subject: z.string().trim().min(1).max(40).optional(),
  type: z.enum(RESOURCE_TYPES).optional(),
  price: z.enum(PRICE_FILTERS).optional(),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;

/** Lists count their results up to this many; `totalIsCapped` says there are more. */
export const RESULT_COUNT_CAP = 10_000;

export const resourceListResponseSchema = z.object({
  resources: z.array(resourceCardSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalIsCapped: z.boolean(),
});
export type ResourceListResponse = z.infer<typeof resourceListResponseSchema>;
