import { BUNDLE_TEXT_LIMITS } from "../rules/bundles.ts";
import { BUNDLE_LIMITS } from "../rules/commerce.ts";
import { PRICE_RULES } from "../rules/price-checks.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { publicUserSchema } from "./public-user.ts";
import { bundleContentsSchema, resourceCardSchema, resourceIdParamsSchema } from "./resources.ts";

/**
 * Bundles (issue 22): a creator's set of 2 to 50 of their own listed resources at one price below the
 * sum of theirs. A bundle is a resource of type "Bundle" (rules/commerce.ts BUNDLE_TYPE): listed,
 * searched, reviewed and bought as one; these endpoints make and change it. The rules are
 * rules/bundles.ts's.
 */

const title = z.string().trim().min(BUNDLE_TEXT_LIMITS.title.min).max(BUNDLE_TEXT_LIMITS.title.max);
const description = z
  .string()
  .trim()
  .min(BUNDLE_TEXT_LIMITS.description.min)
  .max(BUNDLE_TEXT_LIMITS.description.max);
const resourceIds = z.array(z.uuid()).min(BUNDLE_LIMITS.minResources).max(BUNDLE_LIMITS.maxResources);
/** Cents; a bundle is never free. */
const price = z.number().int().min(PRICE_RULES.minCents).max(PRICE_RULES.maxCents);

/** Cents for each seat after the first (issue 23); null: the site's percent of the price. */
const seatPrice = z.number().int().min(0).max(PRICE_RULES.maxCents).nullable();

export const bundleCreateSchema = z
  .object({ title, description, resourceIds, price, seatPrice: seatPrice.optional() })
  .strict();
export type BundleCreate = z.input<typeof bundleCreateSchema>;

/** A change names only what changes. */
export const bundlePatchSchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    resourceIds: resourceIds.optional(),
    price: price.optional(),
    seatPrice: seatPrice.optional(),
  })
  .strict();
export type BundlePatch = z.input<typeof bundlePatchSchema>;

/** A bundle with what it includes, as its editor and its creator's screens show it. */
export const bundleSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number().int(),
  /** The creator's price for each seat after the first; null: the site's percent of the price. */
  seatPrice: z.number().int().nullable(),
  approval_status: z.string(),
  status: z.string(),
  /** Its own first preview, else its first included resource's cover. */
  cover_locator: z.string().nullable(),
  creator: publicUserSchema,
  /** The viewer made it (and so may change it). */
  isOwn: z.boolean(),
  contents: bundleContentsSchema,
});
export type Bundle = z.infer<typeof bundleSchema>;

/** A resource the creator may put in a bundle: their own, listed, not a bundle. */
export const bundleChoiceSchema = resourceCardSchema.pick({
  id: true,
  name: true,
  title: true,
  grade: true,
  subject_area: true,
  price: true,
  cover_locator: true,
});
export type BundleChoice = z.infer<typeof bundleChoiceSchema>;

export const bundleChoicesResponseSchema = z.object({ resources: z.array(bundleChoiceSchema) });

/** The most resources the editor's pick list offers (a creator with more searches them). */
export const BUNDLE_CHOICES_MAX = 1000;

export const bundleEndpoints = defineEndpoints({
  "POST /bundles": {
    summary: "A creator makes a bundle of 2 to 50 of their own listed resources; it goes to review.",
    body: bundleCreateSchema,
    response: bundleSchema,
    status: 201,
  },
  "GET /bundles/choices": {
    summary: "The viewer's own listed resources that a bundle may include.",
    response: bundleChoicesResponseSchema,
  },
  "GET /bundles/:id": {
    summary: "A bundle with its included resources, their summed price and the saving.",
    params: resourceIdParamsSchema,
    response: bundleSchema,
  },
  "PATCH /bundles/:id": {
    summary: "Its creator changes a bundle's title, description, resources or price.",
    params: resourceIdParamsSchema,
    body: bundlePatchSchema,
    response: bundleSchema,
  },
});
