import { PERMISSION_FLAGS } from "../rules/enums.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";

/** GET /api/users/self/footer-facts: what the footer's prompt conditions need (spec 5), in one call. */
export const footerFactsSchema = z.object({
  permissions: z.record(z.enum(PERMISSION_FLAGS), z.boolean()),
  resourcesCount: z.number().int(),
  ownResources: z.number().int(),
  publishedResources: z.number().int(),
  ads: z.number().int(),
  donatedWithinYear: z.boolean(),
  eligiblePayout: z.number().int(),
  passwordExpired: z.boolean(),
  hasSecurityPattern: z.boolean(),
  hasRecoveryEmail: z.boolean(),
  emailVerified: z.boolean(),
  favorites: z.number().int(),
  hasTipped: z.boolean(),
  /** The resource the review prompt asks about (issue 21), or null. */
  reviewPrompt: z.object({ id: z.string(), name: z.string(), title: z.string() }).nullable(),
});

/** The footer's messages. */
export const footerEndpoints = defineEndpoints({
  "GET /users/self/footer-facts": {
    summary: "The facts behind the footer's prompts, in one call.",
    response: footerFactsSchema,
  },
});
