import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import {
  base64UploadSchema,
  curatorScoreSchema,
  fileUploadResponseSchema,
  generatedPreviewsSchema,
  pageQuerySchema,
  previewCreateJsonSchema,
  previewPatchSchema,
  previewUploadResponseSchema,
  publishingListSchema,
  publishingResourceSchema,
  rejectRequestSchema,
  resourceCreateSchema,
  resourceIdParamsSchema,
  resourcePatchSchema,
  reviewQueueSchema,
} from "@market/domain";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { AppError } from "../../platform/errors.ts";
import { sendFileDownload } from "../../platform/file-download.ts";
import {
  addGeneratedPreview,
  deletePreview,
  generatedPreviews,
  reorderPreview,
  uploadPreview,
} from "./previews.service.ts";
import {
  cancelApprovalRequest,
  createResource,
  deactivateResource,
  deleteResource,
  getForEditing,
  listPublishing,
  patchResource,
  reactivateResource,
  submitForApproval,
} from "./publishing.service.ts";
import { deleteResourceFile, uploadResourceFile } from "./resource-files.service.ts";
import {
  approveResource,
  listReviewQueue,
  openSubmittedFile,
  rejectResource,
  setCuratorScore,
  skipResource,
} from "./review.service.ts";

/** A base64 body's file is at most about 10 MB; bigger files come as multipart, streamed. */
const BASE64_BODY_LIMIT = 14 * 1024 * 1024;

const idParams = { params: resourceIdParamsSchema };
const uuidParams = { params: z.object({ id: z.uuid() }) };
const deleted = z.object({ deleted: z.literal(true) });

interface Upload {
  name: string;
  /** Null when a multipart request carried fields only (a generatedPreviewName). */
  stream: Readable | null;
  fields: Record<string, string>;
}

/** A refused upload's remaining bytes are read off and dropped, so the connection can answer and go on. */
const drain =
  (stream: Readable) =>
  (error: unknown): never => {
    stream.resume();
    throw error;
  };

const noFile = () => new AppError("validation_failed", "No file was sent", { fields: { file: "required" } });

/**
 * The one file of a multipart request with the fields sent before it, or a base64 JSON body's file. The
 * file part is handed on as a stream at once, so its bytes are read (and limited) by whoever stores it.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (request.isMultipart()) {
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === "file") return { name: part.filename, stream: part.file, fields };
      if (typeof part.value === "string") fields[part.fieldname] = part.value;
    }
    return { name: "", stream: null, fields };
  }
  const parsed = base64UploadSchema.safeParse(request.body);
  if (!parsed.success) {
    throw new AppError("validation_failed", "Send the file as multipart, or as { file: base64, name }", {
      fields: { file: "required" },
    });
  }
  const { file, name, ...rest } = parsed.data;
  const base64 = file.replace(/^data:[^,]*,/, "");
  const fields = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
  return { name, stream: Readable.from([Buffer.from(base64, "base64")]), fields };
}

const orderField = (value: string | undefined) => {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < -1 || n > 999) {
    throw new AppError("validation_failed", "orderIndex must be a whole number from -1 to 999", {
      fields: { orderIndex: "invalid" },
    });
  }
  return n;
};
const selectedField = (value: string | undefined) =>
  value === undefined ? undefined : !(value === "false" || value === "0");

export async function publishingRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;
  // Limits are enforced while reading: the storage write stops at the resource's remaining room.
  await app.register(multipart, {
    limits: { files: 1, fields: 10, fieldSize: 1000, parts: 12, fileSize: 20 * 1024 ** 3 },
  });

  app.get(
    "/users/self/publishing",
    { schema: { querystring: pageQuerySchema, response: { 200: publishingListSchema } } },
    async (request) => listPublishing(db, requireViewer(request), request.query.page, request.query.pageSize),
  );

  app.post(
    "/resources",
    { schema: { body: resourceCreateSchema, response: { 201: publishingResourceSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createResource(deps, requireViewer(request), request.body)),
  );
  app.get(
    "/resources/:id/edit",
    { schema: { ...idParams, response: { 200: publishingResourceSchema } } },
    async (request) => getForEditing(db, requireViewer(request), request.params.id),
  );
  app.patch(
    "/resources/:id",
    { schema: { ...idParams, body: resourcePatchSchema, response: { 200: publishingResourceSchema } } },
    async (request) => patchResource(deps, requireViewer(request), request.params.id, request.body),
  );
  app.delete(
    "/resources/:id",
    { schema: { ...idParams, response: { 200: z.object({ deleted: z.literal(true), step: z.number() }) } } },
    async (request) => deleteResource(deps, requireViewer(request), request.params.id),
  );

  app.post(
    "/resources/:id/files",
    {
      bodyLimit: BASE64_BODY_LIMIT,
      schema: {
        ...idParams,
        querystring: z.object({ demo: z.enum(["true", "false"]).optional() }),
        response: { 201: fileUploadResponseSchema },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const stream = upload.stream;
      if (!stream) throw noFile();
      const result = await uploadResourceFile(deps, requireViewer(request), request.params.id, {
        name: upload.name,
        stream,
        isPremium: request.query.demo === "true",
      }).catch(drain(stream));
      return reply.code(201).send(result);
    },
  );
  app.delete(
    "/resources/files/:id",
    { schema: { ...uuidParams, response: { 200: deleted } } },
    async (request) => deleteResourceFile(deps, requireViewer(request), request.params.id),
  );

  const previewUpload = async (request: FastifyRequest, resourceId: string) => {
    const viewer = requireViewer(request);
    if (!request.isMultipart()) {
      const generated = previewCreateJsonSchema.safeParse(request.body);
      if (generated.success) return addGeneratedPreview(deps, viewer, resourceId, generated.data);
    }
    const upload = await readUpload(request);
    if (!upload.stream) {
      if (!upload.fields.generatedPreviewName) throw noFile();
      return addGeneratedPreview(deps, viewer, resourceId, {
        generatedPreviewName: upload.fields.generatedPreviewName,
        orderIndex: orderField(upload.fields.orderIndex),
      });
    }
    return uploadPreview(deps, viewer, resourceId, {
      stream: upload.stream,
      orderIndex: orderField(upload.fields.orderIndex),
      selected: selectedField(upload.fields.selected),
    }).catch(drain(upload.stream));
  };
  for (const url of ["/resources/:id/previews", "/resources/:id/resources-preview"]) {
    app.post(
      url,
      { bodyLimit: 2 * 1024 * 1024, schema: { ...idParams, response: { 201: previewUploadResponseSchema } } },
      async (request, reply) => reply.code(201).send(await previewUpload(request, request.params.id)),
    );
  }
  app.get(
    "/resources/:id/previews/generated",
    { schema: { ...idParams, response: { 200: generatedPreviewsSchema } } },
    async (request) => generatedPreviews(deps, requireViewer(request), request.params.id),
  );
  app.patch(
    "/resources/previews/:id",
    { schema: { ...uuidParams, body: previewPatchSchema, response: { 200: previewUploadResponseSchema } } },
    async (request) =>
      reorderPreview(deps, requireViewer(request), request.params.id, request.body.orderIndex),
  );
  app.delete(
    "/resources/previews/:id",
    { schema: { ...uuidParams, response: { 200: deleted } } },
    async (request) => deletePreview(deps, requireViewer(request), request.params.id),
  );

  const action = { schema: { ...idParams, response: { 200: publishingResourceSchema } } };
  app.post("/resources/:id/approval-request", action, async (request) =>
    submitForApproval(deps, requireViewer(request), request.params.id),
  );
  app.delete("/resources/:id/approval-request", action, async (request) =>
    cancelApprovalRequest(deps, requireViewer(request), request.params.id),
  );
  app.post("/resources/:id/cancel", action, async (request) =>
    cancelApprovalRequest(deps, requireViewer(request), request.params.id),
  );
  app.post("/resources/:id/deactivate", action, async (request) =>
    deactivateResource(deps, requireViewer(request), request.params.id),
  );
  app.post("/resources/:id/reactivate", action, async (request) =>
    reactivateResource(deps, requireViewer(request), request.params.id),
  );

  // The admin publishing queue (spec 2: /admin/exceptions/publishing and /resources/{id}/approve).
  const admin = { access: "admin" as const };
  app.get(
    "/admin/resources/review-queue",
    { config: admin, schema: { querystring: pageQuerySchema, response: { 200: reviewQueueSchema } } },
    async (request) => listReviewQueue(db, request.query.page, request.query.pageSize),
  );
  app.get(
    "/admin/resources/:id/files/:fileId",
    { config: admin, schema: { params: resourceIdParamsSchema.extend({ fileId: z.uuid() }) } },
    async (request, reply) => {
      const { file, stream, size } = await openSubmittedFile(deps, request.params.id, request.params.fileId);
      return sendFileDownload(reply, file, stream, size);
    },
  );
  app.post("/admin/resources/:id/approve", { config: admin, ...action }, async (request) =>
    approveResource(deps, request.params.id),
  );
  app.post(
    "/admin/resources/:id/reject",
    { config: admin, schema: { ...action.schema, body: rejectRequestSchema } },
    async (request) => rejectResource(deps, request.params.id, request.body.reason),
  );
  app.post("/admin/resources/:id/skip", { config: admin, ...action }, async (request) =>
    skipResource(deps, request.params.id),
  );
  app.patch(
    "/admin/resources/:id/curator-score",
    { config: admin, schema: { ...action.schema, body: curatorScoreSchema } },
    async (request) => setCuratorScore(deps, request.params.id, request.body.curator_score),
  );
}
