import { RESOURCE_TYPES } from "../rules/catalogue-lists.ts";
import { RESOURCE_DERIVED_STATUSES } from "../rules/resource-status.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import {
  pageQuerySchema,
  resourceFieldsSchema,
  resourceFileParamsSchema,
  resourceFileSchema,
  resourceIdParamsSchema,
  resourcePreviewSchema,
} from "./resources.ts";
import { deletedSchema, uuidParamsSchema } from "./shared.ts";
import { publicUserSchema } from "./users.ts";

/**
 * The publishing calls of spec 7 (Resources). Shapes only: lengths and codes are the domain's rules
 * (resource-text, price-checks, resource-files), which the server applies to answer `fields: { name: code }`.
 * Loose upper bounds here just keep absurd payloads out before the rules run.
 */
const text = (max: number) => z.string().max(max);
/** Lists arrive as arrays or as the comma-separated text the wizard's inputs hold. */
const textList = z.union([z.array(text(200)).max(50), text(2000)]);

/** POST /resources (spec 7): the upload draft's names (gradeLevel, readingLevel, subject). */
export const resourceCreateSchema = z.object({
  users_id: z.string().optional(),
  title: text(200),
  display: text(200).nullable().optional(),
  subtitle: text(200).nullable().optional(),
  type: z.enum(RESOURCE_TYPES).optional(),
  subject: text(200).optional(),
  description: text(5000).optional(),
  gradeLevel: text(100).optional(),
  skills: textList.optional(),
  standards: textList.optional(),
  readingLevel: text(200).optional(),
  keywords: textList.optional(),
  /** Only "creating" is accepted: a resource is submitted through its approval request. */
  approval_status: z.literal("creating").optional(),
});
export type ResourceCreate = z.infer<typeof resourceCreateSchema>;

/** PATCH /resources/{id}: any of the wizard's fields; the spec's alternative names are accepted too. */
export const resourcePatchSchema = z
  .object({
    title: text(200),
    display: text(200).nullable(),
    subtitle: text(200).nullable(),
    subject_area: text(200),
    subject: text(200),
    description: text(5000),
    grade: text(100),
    gradeLevel: text(100),
    reading_levels: text(200).nullable(),
    readingLevel: text(200).nullable(),
    skills: textList,
    standards: textList,
    keywords: textList,
    type: z.enum(RESOURCE_TYPES),
    /** Cents; 0 for free. */
    price: z.number().int().min(0).max(10_000_000),
    /** Cents; 0 for no sale. */
    sale_price: z.number().int().min(0).max(10_000_000),
    /** Cents for each seat after the first (issue 23); null: the site's percent of the price. */
    seat_price: z.number().int().min(0).max(10_000_000).nullable(),
    /** As typed: month/day/year, "" for none, or containing * (accepted, no end). */
    sale_end: text(40),
    backgroundColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .nullable(),
    excluded_colors: z.array(z.string().regex(/^#[0-9a-fA-F]{6}$/)).max(13),
    /** The wizard step the creator is on, so returning opens the same step. */
    step: text(40),
  })
  .partial()
  .strict();
export type ResourcePatch = z.infer<typeof resourcePatchSchema>;

export const publishingFileSchema = resourceFileSchema.extend({
  /** Upload draft file status (spec 4): 0 reading, 1 ready. Stored files are ready. */
  status: z.union([z.literal(0), z.literal(1)]),
});

export const publishingPreviewSchema = resourcePreviewSchema.extend({
  generated_name: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PublishingPreview = z.infer<typeof publishingPreviewSchema>;

/** What the wizard edits: every field as stored, plus the derived status and the remembered step. */
export const publishingResourceSchema = resourceFieldsSchema.extend({
  upload_status: z.number().int(),
  requires_approval: z.boolean(),
  derivedStatus: z.enum(RESOURCE_DERIVED_STATUSES),
  editable: z.boolean(),
  curator_score: z.number().int().nullable(),
  /** The reviewer's reason when the resource was last rejected. */
  rejection_reason: z.string().nullable(),
  step: z.string(),
  resources_files_models: z.array(publishingFileSchema),
  resources_previews_models: z.array(publishingPreviewSchema),
});
export type PublishingResource = z.infer<typeof publishingResourceSchema>;

export const publishingListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  price: z.number().int(),
  approval_status: z.string(),
  status: z.string(),
  upload_status: z.number().int(),
  derivedStatus: z.enum(RESOURCE_DERIVED_STATUSES),
  actions: z.array(z.string()),
  cover_locator: z.string().nullable(),
  downloadCount: z.number().int(),
  updated_at: z.string(),
});
export type PublishingListItem = z.infer<typeof publishingListItemSchema>;

export const publishingListSchema = z.object({
  resources: z.array(publishingListItemSchema),
  total: z.number().int(),
});

/** JSON upload (spec 7: "or base64 file and name"). */
export const base64UploadSchema = z.object({
  file: z.string().min(1),
  name: z.string().trim().min(1).max(200),
  orderIndex: z.coerce.number().int().min(-1).max(999).optional(),
  selected: z.boolean().optional(),
  generatedPreviewName: z.string().max(200).optional(),
});

export const previewCreateJsonSchema = z.object({
  generatedPreviewName: z.string().trim().min(1).max(200),
  orderIndex: z.coerce.number().int().min(-1).max(999).optional(),
});

export const previewPatchSchema = z.object({ orderIndex: z.number().int().min(-1).max(999) }).strict();

export const generatedPreviewsSchema = z.object({
  previews: z.array(
    z.object({ name: z.string(), locator: z.string(), width: z.number(), height: z.number() }),
  ),
});
/** A page made from a resource's files, offered as a preview. */
export type GeneratedPreview = z.infer<typeof generatedPreviewsSchema>["previews"][number];

/** An upload answer: the stored file or preview, and the resource as the wizard now sees it. */
export const fileUploadResponseSchema = z.object({ file: publishingFileSchema });
export const previewUploadResponseSchema = z.object({ preview: publishingPreviewSchema });

/** The admin publishing queue (spec 3: id, status and curator_score). */
export const reviewQueueItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  status: z.string(),
  approval_status: z.string(),
  curator_score: z.number().int().nullable(),
  price: z.number().int(),
  creator: publicUserSchema,
  submitted_at: z.string(),
  /** What was submitted, for the reviewer to open (GET /admin/resources/{id}/files/{fileId}). */
  files: z.array(publishingFileSchema.omit({ status: true })),
});
export const reviewQueueSchema = z.object({
  resources: z.array(reviewQueueItemSchema),
  total: z.number().int(),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const rejectRequestSchema = z.object({ reason: z.string().trim().min(1).max(2000) }).strict();
export const curatorScoreSchema = z
  .object({ curator_score: z.number().int().min(0).max(100).nullable() })
  .strict();

/** DELETE /resources/{id}: the resource is gone; `step` is the wizard's delete step (spec 4). */
export const resourceDeletedSchema = z.object({ deleted: z.literal(true), step: z.number() });

/** POST /resources/{id}/files?demo=true: the premium file (the full version buyers get). */
export const fileUploadQuerySchema = z.object({ demo: z.enum(["true", "false"]).optional() });

/**
 * A preview upload: a multipart image (with orderIndex, and selected for the resources-preview variant), a
 * multipart or JSON generatedPreviewName (previewCreateJsonSchema), or a base64 JSON body (base64UploadSchema).
 * The handler reads which it got, so the body is not checked before it.
 */
const previewUpload = {
  params: resourceIdParamsSchema,
  body: "multipart",
  jsonBody: previewCreateJsonSchema,
  status: 201,
  response: previewUploadResponseSchema,
} as const;

/** A status action on a resource, answering the resource as the wizard now sees it. */
const resourceAction = { params: resourceIdParamsSchema, response: publishingResourceSchema } as const;

/** Creating, editing and submitting resources, and their review (spec 4). */
export const publishingEndpoints = defineEndpoints({
  "GET /users/self/publishing": {
    summary: "The creator's resources with their derived status and the actions each allows.",
    query: pageQuerySchema,
    response: publishingListSchema,
  },
  "POST /resources": {
    summary: "Creates a resource from the wizard's title step.",
    body: resourceCreateSchema,
    status: 201,
    response: publishingResourceSchema,
  },
  "GET /resources/:id/edit": {
    summary: "A resource as its creator (or an admin) edits it.",
    params: resourceIdParamsSchema,
    response: publishingResourceSchema,
  },
  "PATCH /resources/:id": {
    summary: "Saves the wizard's fields and remembers its step.",
    params: resourceIdParamsSchema,
    body: resourcePatchSchema,
    response: publishingResourceSchema,
  },
  "DELETE /resources/:id": { params: resourceIdParamsSchema, response: resourceDeletedSchema },
  "POST /resources/:id/files": {
    summary: "Uploads a file of a resource: multipart, streamed, or a base64 JSON body (base64UploadSchema).",
    params: resourceIdParamsSchema,
    query: fileUploadQuerySchema,
    body: "multipart",
    status: 201,
    response: fileUploadResponseSchema,
  },
  "DELETE /resources/files/:id": { params: uuidParamsSchema, response: deletedSchema },
  "POST /resources/:id/previews": { summary: "Adds a preview image.", ...previewUpload },
  "POST /resources/:id/resources-preview": {
    summary: "Adds a preview image, selected or not (the spec's name for the same upload).",
    ...previewUpload,
  },
  "GET /resources/:id/previews/generated": {
    summary: "The pages made from the resource's files, to choose previews from.",
    params: resourceIdParamsSchema,
    response: generatedPreviewsSchema,
  },
  "PATCH /resources/previews/:id": {
    params: uuidParamsSchema,
    body: previewPatchSchema,
    response: previewUploadResponseSchema,
  },
  "DELETE /resources/previews/:id": { params: uuidParamsSchema, response: deletedSchema },
  "POST /resources/:id/approval-request": { summary: "Submits the resource for review.", ...resourceAction },
  "DELETE /resources/:id/approval-request": { summary: "Withdraws the review request.", ...resourceAction },
  "POST /resources/:id/cancel": { summary: "Withdraws the review request.", ...resourceAction },
  "POST /resources/:id/deactivate": resourceAction,
  "POST /resources/:id/reactivate": resourceAction,
  "GET /admin/resources/review-queue": {
    summary: "Resources awaiting approval, the longest waiting first.",
    query: pageQuerySchema,
    response: reviewQueueSchema,
  },
  "GET /admin/resources/:id/files/:fileId": {
    summary: "The reviewer's copy of a submitted file (not counted as a download).",
    params: resourceFileParamsSchema,
    response: "file",
  },
  "POST /admin/resources/:id/approve": resourceAction,
  "POST /admin/resources/:id/reject": {
    summary: "Rejects the resource with a reason the creator receives by e-mail.",
    ...resourceAction,
    body: rejectRequestSchema,
  },
  "POST /admin/resources/:id/skip": { summary: "Takes the resource out of the queue.", ...resourceAction },
  "PATCH /admin/resources/:id/curator-score": { ...resourceAction, body: curatorScoreSchema },
});
