import { HELP_ENTRY_TYPES } from "../rules/enums.ts";
import { HELP_ENTRY_NAME, HELP_LIMITS } from "../rules/help.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { deletedSchema } from "./shared.ts";
import { proTipResponseSchema } from "./site.ts";

/** The help calls of spec 7 (Authentication and help) and the help entry of spec 3. */

/** A related entry an article shows (spec 3: image_entry and video_entry, with order_index). */
export const relatedHelpEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(HELP_ENTRY_TYPES),
  short_title: z.string(),
  order_index: z.number().int(),
  image_locator: z.string().nullable(),
  image_alt_text: z.string().nullable(),
  video_locator: z.string().nullable(),
});

export const helpEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(HELP_ENTRY_TYPES),
  short_title: z.string(),
  long_title: z.string(),
  body: z.string(),
  accent_color: z.string().nullable(),
  order_index: z.number().int(),
  image_locator: z.string().nullable(),
  image_alt_text: z.string().nullable(),
  image_name: z.string().nullable(),
  image_size_bytes: z.number().int().nullable(),
  video_locator: z.string().nullable(),
  video_name: z.string().nullable(),
  video_size_bytes: z.number().int().nullable(),
  image_entry: relatedHelpEntrySchema.nullable(),
  video_entry: relatedHelpEntrySchema.nullable(),
  is_pro_tip: z.boolean(),
  /** ISO time an admin marked this article as changed terms of service; null otherwise. */
  terms_changed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type HelpEntry = z.infer<typeof helpEntrySchema>;

/** An entry's id or its name (the calls on one entry read either). */
export const helpIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** GET /help/ and /help/articles: `q` searches titles and body (every word must match, spec 2). */
export const helpListQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
  })
  .strict();
export const helpListSchema = z.object({
  entries: z.array(helpEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const helpFieldsSchema = z.object({
  name: z.string().trim().toLowerCase().max(HELP_LIMITS.nameMax).regex(HELP_ENTRY_NAME),
  short_title: z.string().trim().min(1).max(HELP_LIMITS.shortTitleMax),
  long_title: z.string().trim().max(HELP_LIMITS.longTitleMax),
  body: z.string().max(HELP_LIMITS.bodyMax),
  accent_color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable(),
  image_alt_text: z.string().trim().max(HELP_LIMITS.altTextMax).nullable(),
  order_index: z.number().int().min(0).max(HELP_LIMITS.orderIndexMax),
  image_entry_id: z.uuid().nullable(),
  video_entry_id: z.uuid().nullable(),
  is_pro_tip: z.boolean(),
});

/** POST /help: a new entry of a type; the name defaults to one made from the short title. */
export const helpCreateSchema = helpFieldsSchema
  .partial()
  .extend({ type: z.enum(HELP_ENTRY_TYPES), short_title: helpFieldsSchema.shape.short_title })
  .strict();
export type HelpCreate = z.infer<typeof helpCreateSchema>;

/** PUT /help/{id}: the fields to change, and spec 3's flags for deleting the image or video. */
export const helpUpdateSchema = helpFieldsSchema
  .partial()
  .extend({ delete_image: z.boolean().optional(), delete_video: z.boolean().optional() })
  .strict();
export type HelpUpdate = z.infer<typeof helpUpdateSchema>;

/** POST /help answers `item` (spec 7: "response item.id"); PUT and the media call answer the same. */
export const helpItemSchema = z.object({ item: helpEntrySchema });

/** PUT /help/{id}/terms-changed (admin): mark an article as changed terms of service, or clear the mark. */
export const helpTermsChangedSchema = z.object({ changed: z.boolean() }).strict();

export const helpFeedbackSchema = z
  .object({
    feedback: z.string().trim().min(1).max(HELP_LIMITS.feedbackMax),
    help_entry_id: z.uuid().nullable().optional(),
  })
  .strict();
/** POST /help/feedback (201). */
export const helpFeedbackReceivedSchema = z.object({ received: z.literal(true) });
export const helpFeedbackListSchema = z.object({
  feedback: z.array(
    z.object({
      id: z.string(),
      feedback: z.string(),
      created_at: z.string(),
      username: z.string().nullable(),
      entry_name: z.string().nullable(),
    }),
  ),
});

/** GET /help/tos-changed: the changed-terms articles the signed-in user has not accepted. */
export const tosChangedSchema = z.object({ entries: z.array(helpEntrySchema) });

/**
 * PUT /help/tos-agreement: accepts the pending changes. With `entries`, only those versions are accepted (a
 * change made after the user read them stays pending); without, everything pending now.
 */
export const tosAgreementSchema = z
  .object({
    entries: z
      .array(z.object({ id: z.uuid(), terms_changed_at: z.iso.datetime({ offset: true }) }).strict())
      .max(100)
      .optional(),
  })
  .strict();
/**
 * The body PUT /help/tos-agreement reads: spec 7 sends the call with no payload, and no body means
 * "everything pending".
 */
export const tosAgreementBodySchema = z.preprocess(
  (body: z.input<typeof tosAgreementSchema> | null | undefined) => body ?? {},
  tosAgreementSchema,
);
export const tosAgreementResultSchema = z.object({
  accepted: z.number().int(),
  pending: z.array(helpEntrySchema),
});

/** The help centre and feedback (spec 6). */
export const helpEndpoints = defineEndpoints({
  "GET /help/random-pro-tip": { response: proTipResponseSchema },
  "GET /help": {
    summary: "Every help entry, searched by `q`, a page at a time.",
    query: helpListQuerySchema,
    response: helpListSchema,
  },
  "GET /help/articles": {
    summary: "The help book's articles only, searched by `q`, a page at a time.",
    query: helpListQuerySchema,
    response: helpListSchema,
  },
  "GET /help/tos-changed": { response: tosChangedSchema },
  "PUT /help/tos-agreement": { body: tosAgreementBodySchema, response: tosAgreementResultSchema },
  "POST /help/feedback": { body: helpFeedbackSchema, response: helpFeedbackReceivedSchema, status: 201 },
  "GET /help/feedback": { response: helpFeedbackListSchema },
  "GET /help/:id": { params: helpIdParamsSchema, response: helpEntrySchema },
  "POST /help": { body: helpCreateSchema, response: helpItemSchema, status: 201 },
  "PUT /help/:id": { params: helpIdParamsSchema, body: helpUpdateSchema, response: helpItemSchema },
  "DELETE /help/:id": { params: helpIdParamsSchema, response: deletedSchema },
  "PUT /help/:id/media": {
    summary: "Replaces or deletes an entry's image and video (multipart: `image`, `video`, delete flags).",
    params: helpIdParamsSchema,
    body: "multipart",
    response: helpItemSchema,
  },
  "PUT /help/:id/terms-changed": {
    params: helpIdParamsSchema,
    body: helpTermsChangedSchema,
    response: helpItemSchema,
  },
});
