import { GRADES, RESOURCE_TYPES } from "../rules/catalogue-lists.ts";
import { BUNDLE_TYPE_QUERY } from "../rules/commerce.ts";
import { SEARCH_LIMITS } from "../rules/search.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { publicUserSchema } from "./public-user.ts";
import { ratingSummarySchema } from "./reviews.ts";

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
  /** Its reviews' average (one decimal) and count; a resource with none has average null and count 0. */
  rating: ratingSummarySchema,
  /** A bundle (issue 22): a set of its creator's resources sold as one. */
  isBundle: z.boolean(),
  /** A bundle's listed resources, in its order; empty for a resource that is not a bundle. */
  includedResourceIds: z.array(z.string()),
});
export type ResourceCard = z.infer<typeof resourceCardSchema>;

/**
 * "relevance": the best matches of the search first (rules/search.ts); without words, the default order.
 * "rating": "Top rated", by the Bayesian score of rules/reviews.ts, unrated resources last.
 */
export const RESOURCE_LIST_SORTS = [
  "relevance",
  "newest",
  "downloads",
  "price-asc",
  "price-desc",
  "rating",
] as const;

export const PRICE_FILTERS = ["free", "paid", "sale"] as const;

/** Query-string booleans: "true"/"1" and "false"/"0", not JavaScript truthiness ("false" is not true). */
const queryBoolean = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

/** The most cards a grid page holds (a page of the grids, a creator's store, a list of one's own). */
export const PAGE_SIZE_MAX = 48;

export const resourceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(24),
  /** When not given: "relevance" while q has words to search for, else "newest". */
  sort: z.enum(RESOURCE_LIST_SORTS).optional(),
  featured: queryBoolean,
  /** Text search: every word must match (spec 2). */
  q: z.string().trim().max(SEARCH_LIMITS.maxLength).optional(),
  /** Ignore stop words (a, an, the, of ...) in q. */
  stopWords: queryBoolean,
  grade: z.enum(GRADES).optional(),
  subject: z.string().trim().min(1).max(40).optional(),
  /** A resource type, or "bundle" for bundles only (issue 22). */
  type: z.enum([...RESOURCE_TYPES, BUNDLE_TYPE_QUERY]).optional(),
  price: z.enum(PRICE_FILTERS).optional(),
  /** Only resources whose shown average (one decimal) is at least this many stars. */
  minRating: z.coerce.number().int().min(1).max(5).optional(),
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

export const resourceFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size_bytes: z.number().int(),
  is_premium_file: z.boolean(),
});

export const resourcePreviewSchema = z.object({
  id: z.string(),
  order_index: z.number().int(),
  size_bytes: z.number().int(),
  locator: z.string(),
});

/**
 * A resource's own fields as stored (spec 3, Resource), which its page and the publishing wizard both show.
 * Prices in cents; sale_end is an ISO date (YYYY-MM-DD) or null.
 */
export const resourceFieldsSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  display: z.string().nullable(),
  subtitle: z.string().nullable(),
  subject_area: z.string(),
  description: z.string(),
  keywordsArray: z.array(z.string()),
  skillsArray: z.array(z.string()),
  standardsArray: z.array(z.string()),
  grade: z.string(),
  reading_levels: z.string().nullable(),
  type: z.string(),
  price: z.number().int(),
  sale_price: z.number().int().nullable(),
  sale_end: z.string().nullable(),
  /** The creator's price for each seat after the first (issue 23); null: the site's percent of the price. */
  seat_price: z.number().int().nullable(),
  approval_status: z.string(),
  status: z.string(),
  updated_at: z.string(),
  backgroundColor: z.string().nullable(),
  excluded_colors: z.array(z.string()),
  users_model: publicUserSchema,
});

/** What a bundle includes (its listed resources, as cards), their summed list prices and the saving. */
export const bundleContentsSchema = z.object({
  resources: z.array(resourceCardSchema),
  sumCents: z.number().int(),
  savingCents: z.number().int(),
});
export type BundleContents = z.infer<typeof bundleContentsSchema>;

/** A listed bundle that includes a resource, as the resource's page links to it. */
export const containingBundleSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  price: z.number().int(),
});

/** A resource as its page shows it: a sale shows only while it runs, with the viewer's own flags. */
export const resourceDetailSchema = resourceFieldsSchema.extend({
  is_featured: z.boolean(),
  downloadCount: z.number().int(),
  isFavorited: z.boolean(),
  isCreatorFollowed: z.boolean(),
  /** The viewer may download the premium file: the creator, an admin, or a buyer. */
  isOwned: z.boolean(),
  rating: ratingSummarySchema,
  resources_files_models: z.array(resourceFileSchema),
  resources_previews_models: z.array(resourcePreviewSchema),
  isBundle: z.boolean(),
  includedResourceIds: z.array(z.string()),
  /** A bundle's contents; null for a resource that is not a bundle. */
  bundle: bundleContentsSchema.nullable(),
  /** The listed bundles that include this resource. */
  inBundles: z.array(containingBundleSchema),
  /** What each seat for a colleague costs now (issue 23: rules/licences.ts additionalSeatCents); 0 if free. */
  seatPriceCents: z.number().int(),
  /** The viewer's flag: who gave them a seat of it (issue 23), or null. */
  licensedBy: publicUserSchema.nullable(),
});
export type ResourceDetail = z.infer<typeof resourceDetailSchema>;

export const resourceIdParamsSchema = z.object({ id: z.string().trim().min(1).max(120) });

export const favoriteResponseSchema = z.object({ isFavorited: z.boolean() });
/** The viewer's favorites by id, for marking hearts on the shared grid answers. */
export const favoriteIdsResponseSchema = z.object({ ids: z.array(z.string()) });
export const followResponseSchema = z.object({ isFollowedByMe: z.boolean() });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(24),
});

export const offsetQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(24),
});

export const resourcePageSchema = z.object({
  resources: z.array(resourceCardSchema),
  total: z.number().int(),
});

/** The own-account portfolio: the first 24 shown, the next 12 buffered (spec 2: grid). */
export const selfResourcesResponseSchema = z.object({
  initResources: z.array(resourceCardSchema),
  extraResources: z.array(resourceCardSchema),
  total: z.number().int(),
});

export const userSummarySchema = z.object({
  user: publicUserSchema.extend({
    resourceCount: z.number().int(),
    followerCount: z.number().int(),
    isFollowedByMe: z.boolean(),
    /** The creator's overall rating: every shown review of their resources. */
    rating: ratingSummarySchema,
    joined: z.string(),
  }),
});

export const followedCreatorSchema = publicUserSchema.extend({
  isFollowedByMe: z.literal(true),
  newestResources: z.array(resourceCardSchema),
});
export const followingResponseSchema = z.object({
  following: z.array(followedCreatorSchema),
  total: z.number().int(),
});

export const referralRequestSchema = z.object({
  /** A path on this site, e.g. /resources/fractions-bingo. */
  uri: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/(?!\/)[^\s]*$/, "must be a path on this site"),
  is_gift: z.boolean().default(false),
});
export const referralResponseSchema = z.object({
  referral: z.object({ fullUri: z.string(), uri: z.string(), is_gift: z.boolean() }),
});

/** A stored file of a resource, by id, below the resource (its page names both). */
export const resourceFileParamsSchema = resourceIdParamsSchema.extend({ fileId: z.uuid() });

/** The catalogue, a resource's page and the viewer's own lists (spec 2). */
export const resourceEndpoints = defineEndpoints({
  "GET /resources": {
    summary: "The catalogue's grid and search: the same answer for every viewer.",
    query: resourceListQuerySchema,
    response: resourceListResponseSchema,
  },
  "GET /resources/:id": {
    summary: "A resource's page by id or name, with the viewer's own flags.",
    params: resourceIdParamsSchema,
    query: z.object({ name: z.string().max(120).optional() }),
    response: resourceDetailSchema,
  },
  "GET /resources/:id/files/:fileId/download": {
    summary: "Downloads a file of a resource: free files for anyone, premium files for their owners.",
    params: resourceFileParamsSchema,
    response: "file",
  },
  "PUT /users/self/resources/favorites/:id": {
    params: resourceIdParamsSchema,
    response: favoriteResponseSchema,
  },
  "DELETE /users/self/resources/favorites/:id": {
    params: resourceIdParamsSchema,
    response: favoriteResponseSchema,
  },
  "GET /users/self/favorites/ids": { response: favoriteIdsResponseSchema },
  "GET /users/self/favorites": { query: pageQuerySchema, response: resourcePageSchema },
  "GET /users/self/resources": { response: selfResourcesResponseSchema },
});
