import { z } from "zod";
import { RESOURCE_TYPES } from "../rules/catalogue-lists.ts";
import { RESOURCE_DERIVED_STATUSES } from "../rules/resource-status.ts";
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

export const publishingFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size_bytes: z.number().int(),
  is_premium_file: z.boolean(),
  /** Upload draft file status (spec 4): 0 reading, 1 ready. Stored files are ready. */
  status: z.union([z.literal(0), z.literal(1)]),
});

export const publishingPreviewSchema = z.object({
  id: z.string(),
  order_index: z.number().int(),
  size_bytes: z.number().int(),
  locator: z.string(),
  generated_name: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PublishingPreview = z.infer<typeof publishingPreviewSchema>;

/** What the wizard edits: every field as stored, plus the derived status and the remembered step. */
export const publishingResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  display: z.string().nullable(),
  subtitle: z.string().nullable(),
  subject_area: z.string(),
  description: z.string(),
  grade: z.string(),
  reading_levels: z.string().nullable(),
  skillsArray: z.array(z.string()),
  standardsArray: z.array(z.string()),
  keywordsArray: z.array(z.string()),
  type: z.string(),
  price: z.number().int(),
  sale_price: z.number().int().nullable(),
  /** ISO date (YYYY-MM-DD) or null. */
  sale_end: z.string().nullable(),
  approval_status: z.string(),
  status: z.string(),
  upload_status: z.number().int(),
  requires_approval: z.boolean(),
  derivedStatus: z.enum(RESOURCE_DERIVED_STATUSES),
  editable: z.boolean(),
  curator_score: z.number().int().nullable(),
  /** The reviewer's reason when the resource was last rejected. */
  rejection_reason: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  excluded_colors: z.array(z.string()),
  updated_at: z.string(),
  step: z.string(),
  users_model: publicUserSchema,
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
