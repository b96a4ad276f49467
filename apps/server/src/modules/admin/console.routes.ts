import multipart from "@fastify/multipart";
import {
  adminUserDetailSchema,
  adminUserListSchema,
  adminUserPatchSchema,
  adminUserSearchQuerySchema,
  exceptionsSummarySchema,
  SITE_IMAGE_KEYS,
  SITE_IMAGE_MAX_BYTES,
  settingChangesQuerySchema,
  settingChangesSchema,
  siteImageSchema,
  siteImageVariationFieldsSchema,
  siteImageVariationPatchSchema,
  textKeyParamsSchema,
  textPutSchema,
  textResetResponseSchema,
  textResponseSchema,
} from "@market/domain";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { AppError } from "../../platform/errors.ts";
import { hasNul, nulCharacterRefusal } from "../../platform/input-guards.ts";
import { multipartFileLimit } from "../../platform/uploads.ts";
import {
  addSiteImageVariation,
  changeSiteImageVariation,
  deleteSiteImageVariation,
  listSettingChanges,
  putText,
  resetText,
} from "./console-content.service.ts";
import { summarizeExceptions } from "./console-exceptions.service.ts";
import { changeUser, getUserDetail, resendVerification, searchUsers } from "./console-users.service.ts";

const admin = { access: "admin" as const };
const userParams = z.object({ id: z.string().min(1).max(64) });
const imageParams = z.object({ key: z.enum(SITE_IMAGE_KEYS) });
const variationParams = imageParams.extend({ id: z.string().min(1).max(64) });

function invalid(fields: Record<string, string>): AppError {
  return new AppError("validation_failed", "Some fields are not valid", { fields });
}

/**
 * A site-image upload: the fields alt, colors (JSON) and current, then the image as field `file` (the web
 * client appends the file last, so the fields are known before a byte of the image is read).
 */
async function variationUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw invalid({ file: "required" });
  const raw: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === "field") {
      // Before a byte of the image is stored: the global guard does not see multipart fields.
      if (hasNul(part.value)) throw nulCharacterRefusal(part.fieldname);
      raw[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== "file") {
      part.file.resume();
      continue;
    }
    let colors: unknown = [];
    try {
      colors = raw.colors ? JSON.parse(raw.colors) : [];
    } catch {
      part.file.resume();
      throw invalid({ colors: "invalid_json" });
    }
    const parsed = siteImageVariationFieldsSchema.safeParse({
      alt: raw.alt ?? "",
      colors,
      current: raw.current === undefined ? undefined : raw.current === "true",
    });
    if (!parsed.success) {
      part.file.resume();
      throw invalid(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])),
      );
    }
    return { fields: parsed.data, stream: part.file };
  }
  throw invalid({ file: "required" });
}

/**
 * The admin console's calls. Every one is `access: "admin"`: the access hook refuses visitors (401) and
 * signed-in users who are not admins (403) before a handler runs, and console.test.ts proves it per route.
 */
export async function consoleRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;
  // The reader's own file limit sits one byte past the image limit, so a larger image is measured as such.
  await app.register(multipart, {
    limits: {
      files: 1,
      fields: 5,
      fieldSize: 4000,
      parts: 6,
      fileSize: multipartFileLimit(SITE_IMAGE_MAX_BYTES),
    },
  });

  app.get(
    "/admin/exceptions",
    { config: admin, schema: { response: { 200: exceptionsSummarySchema } } },
    async () => summarizeExceptions(db),
  );

  app.get(
    "/admin/users",
    {
      config: admin,
      schema: { querystring: adminUserSearchQuerySchema, response: { 200: adminUserListSchema } },
    },
    async (request) => searchUsers(db, request.query),
  );
  app.get(
    "/admin/users/:id",
    { config: admin, schema: { params: userParams, response: { 200: adminUserDetailSchema } } },
    async (request) => getUserDetail(db, request.params.id),
  );
  app.patch(
    "/admin/users/:id",
    {
      config: admin,
      schema: { params: userParams, body: adminUserPatchSchema, response: { 200: adminUserDetailSchema } },
    },
    async (request) => changeUser(db, requireViewer(request), request.params.id, request.body),
  );
  app.post(
    "/admin/users/:id/verification-email",
    { config: admin, schema: { params: userParams, response: { 200: z.object({ sent: z.literal(true) }) } } },
    async (request) => resendVerification(deps, request.params.id),
  );

  app.get(
    "/admin/site-settings/changes",
    {
      config: { ...admin, availableOffline: true },
      schema: { querystring: settingChangesQuerySchema, response: { 200: settingChangesSchema } },
    },
    async (request) => listSettingChanges(db, request.query),
  );

  app.put(
    "/texts/:key",
    {
      config: admin,
      schema: { params: textKeyParamsSchema, body: textPutSchema, response: { 200: textResponseSchema } },
    },
    async (request) => putText(db, request.params.key, request.body.value, requireViewer(request).id),
  );
  app.delete(
    "/texts/:key",
    {
      config: admin,
      schema: { params: textKeyParamsSchema, response: { 200: textResetResponseSchema } },
    },
    async (request) => resetText(db, request.params.key, requireViewer(request).id),
  );

  app.post(
    "/admin/site-images/:key/variations",
    { config: admin, schema: { params: imageParams, response: { 201: siteImageSchema } } },
    async (request, reply) => {
      const upload = await variationUpload(request);
      const image = await addSiteImageVariation(deps, request.params.key, upload.fields, upload);
      return reply.code(201).send(image);
    },
  );
  app.patch(
    "/admin/site-images/:key/variations/:id",
    {
      config: admin,
      schema: {
        params: variationParams,
        body: siteImageVariationPatchSchema,
        response: { 200: siteImageSchema },
      },
    },
    async (request) => changeSiteImageVariation(db, request.params.key, request.params.id, request.body),
  );
  app.delete(
    "/admin/site-images/:key/variations/:id",
    { config: admin, schema: { params: variationParams, response: { 200: siteImageSchema } } },
    async (request) => deleteSiteImageVariation(deps, request.params.key, request.params.id),
  );
}
