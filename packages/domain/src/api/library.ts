import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { publicUserSchema } from "./users.ts";

/**
 * "My resources" (issue 17): everything a signed-in teacher owns, however they got it. The server lists
 * it with GET /users/self/library?page=, and one resource's entry with GET /users/self/library/{id}
 * (the resource page's "You own this" and its receipt link).
 */
export const LIBRARY_PAGE_SIZE = 20;

/**
 * How a teacher came to own a resource: bought it, claimed a gift, downloaded it free, or got it in a
 * bundle they bought or were given (issue 22).
 */
export const LIBRARY_SOURCES = ["purchase", "gift", "free", "bundle"] as const;
export type LibrarySource = (typeof LIBRARY_SOURCES)[number];

export const libraryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** The file the library's Download button fetches: the premium file of a paid resource, else its first file. */
export const libraryFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size_bytes: z.number().int(),
});

export const libraryItemSchema = z.object({
  resource: z.object({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    cover_locator: z.string().nullable(),
    creator: publicUserSchema,
    /** Still listed: a resource its creator took down stays in the library, without a download. */
    available: z.boolean(),
    /** A bundle: it has no file of its own; its resources are listed each with `inBundle`. */
    isBundle: z.boolean(),
  }),
  source: z.enum(LIBRARY_SOURCES),
  /** When it became the teacher's: the purchase, the gift's claim, the first free download (ISO). */
  acquiredAt: z.string(),
  /** A purchase's sale, whose receipt is GET /activity/transactions/{saleId}/receipt. */
  saleId: z.string().nullable(),
  /** What a purchase cost, in cents; null for a gift or a free download. */
  amount: z.number().int().nullable(),
  /** The seats of the viewer's own purchase (issue 23: more than 1 when bought for colleagues); else null. */
  seats: z.number().int().nullable().optional(),
  /** Who gave a gift. */
  giftFrom: z.object({ username: z.string(), first_name: z.string() }).nullable(),
  /** The bundle it came in (source "bundle"), whose receipt is the bundle's sale's. */
  inBundle: z.object({ id: z.string(), name: z.string(), title: z.string() }).nullable(),
  /** The buyer who gave the teacher a seat of it (issue 23: listed as a purchase, with no sale of theirs). */
  licensedBy: publicUserSchema.nullable().optional(),
  file: libraryFileSchema.nullable(),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

export const libraryResponseSchema = z.object({
  items: z.array(libraryItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LibraryResponse = z.infer<typeof libraryResponseSchema>;

export const libraryEntryParamsSchema = z.object({ resourceId: z.string().trim().min(1).max(120) });
export const libraryEntryResponseSchema = z.object({ item: libraryItemSchema.nullable() });
export type LibraryEntryResponse = z.infer<typeof libraryEntryResponseSchema>;

/** What the signed-in teacher owns. */
export const libraryEndpoints = defineEndpoints({
  "GET /users/self/library": {
    summary: "Everything the viewer bought, was given, or downloaded free, newest first.",
    query: libraryQuerySchema,
    response: libraryResponseSchema,
  },
  "GET /users/self/library/:resourceId": {
    summary: "How the viewer owns one resource, or null.",
    params: libraryEntryParamsSchema,
    response: libraryEntryResponseSchema,
  },
});
