import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import { base64UploadSchema, previewCreateJsonSchema } from "@market/domain";
import type { FastifyRequest } from "fastify";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { validationFailed } from "../../platform/errors.ts";
import { sendFileDownload } from "../../platform/file-download.ts";
import {
  addGeneratedPreview,
  deletePreview,
  generatedPreviews,
  reorderPreview,
  uploadPreview,
} from "./previews.service.ts";
import { createResource, deleteResource, patchResource } from "./resource-edits.service.ts";
import { deleteResourceFile, uploadResourceFile } from "./resource-files.service.ts";
import {
  cancelApprovalRequest,
  deactivateResource,
  reactivateResource,
  submitForApproval,
} from "./resource-status.service.ts";
import { getForEditing, listPublishing } from "./resource-views.service.ts";
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

const noFile = () => validationFailed({ file: "required" }, "No file was sent");

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
    throw validationFailed({ file: "required" }, "Send the file as multipart, or as { file: base64, name }");
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
    throw validationFailed({ orderIndex: "invalid" }, "orderIndex must be a whole number from -1 to 999");
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

  route(app, "GET /users/self/publishing", {}, async (request) =>
    listPublishing(db, requireViewer(request), request.query.page, request.query.pageSize),
  );

  route(app, "POST /resources", {}, async (request) =>
    createResource(db, requireViewer(request), request.body),
  );
  route(app, "GET /resources/:id/edit", {}, async (request) =>
    getForEditing(db, requireViewer(request), request.params.id),
  );
  route(app, "PATCH /resources/:id", {}, async (request) =>
    patchResource(db, requireViewer(request), request.params.id, request.body),
  );
  route(app, "DELETE /resources/:id", {}, async (request) =>
    deleteResource(deps, requireViewer(request), request.params.id),
  );

  route(app, "POST /resources/:id/files", { bodyLimit: BASE64_BODY_LIMIT }, async (request) => {
    const upload = await readUpload(request);
    const stream = upload.stream;
    if (!stream) throw noFile();
    return uploadResourceFile(deps, requireViewer(request), request.params.id, {
      name: upload.name,
      stream,
      isPremium: request.query.demo === "true",
    }).catch(drain(stream));
  });
  route(app, "DELETE /resources/files/:id", {}, async (request) =>
    deleteResourceFile(deps, requireViewer(request), request.params.id),
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
  for (const name of ["POST /resources/:id/previews", "POST /resources/:id/resources-preview"] as const) {
    route(app, name, { bodyLimit: 2 * 1024 * 1024 }, async (request) =>
      previewUpload(request, request.params.id),
    );
  }
  route(app, "GET /resources/:id/previews/generated", {}, async (request) =>
    generatedPreviews(deps, requireViewer(request), request.params.id),
  );
  route(app, "PATCH /resources/previews/:id", {}, async (request) =>
    reorderPreview(db, requireViewer(request), request.params.id, request.body.orderIndex),
  );
  route(app, "DELETE /resources/previews/:id", {}, async (request) =>
    deletePreview(deps, requireViewer(request), request.params.id),
  );

  route(app, "POST /resources/:id/approval-request", {}, async (request) =>
    submitForApproval(db, requireViewer(request), request.params.id),
  );
  route(app, "DELETE /resources/:id/approval-request", {}, async (request) =>
    cancelApprovalRequest(db, requireViewer(request), request.params.id),
  );
  route(app, "POST /resources/:id/cancel", {}, async (request) =>
    cancelApprovalRequest(db, requireViewer(request), request.params.id),
  );
  route(app, "POST /resources/:id/deactivate", {}, async (request) =>
    deactivateResource(db, requireViewer(request), request.params.id),
  );
  route(app, "POST /resources/:id/reactivate", {}, async (request) =>
    reactivateResource(db, requireViewer(request), request.params.id),
  );

  // The admin publishing queue (spec 2: /admin/exceptions/publishing and /resources/{id}/approve).
  const admin = { config: { access: "admin" as const } };
  route(app, "GET /admin/resources/review-queue", admin, async (request) =>
    listReviewQueue(db, request.query.page, request.query.pageSize),
  );
  route(app, "GET /admin/resources/:id/files/:fileId", admin, async (request, reply) => {
    const { file, stream, size } = await openSubmittedFile(deps, request.params.id, request.params.fileId);
    return sendFileDownload(reply, file, stream, size);
  });
  route(app, "POST /admin/resources/:id/approve", admin, async (request) =>
    approveResource(deps, request.params.id),
  );
  route(app, "POST /admin/resources/:id/reject", admin, async (request) =>
    rejectResource(deps, request.params.id, request.body.reason),
  );
  route(app, "POST /admin/resources/:id/skip", admin, async (request) => skipResource(db, request.params.id));
  route(app, "PATCH /admin/resources/:id/curator-score", admin, async (request) =>
    setCuratorScore(db, request.params.id, request.body.curator_score),
  );
}
