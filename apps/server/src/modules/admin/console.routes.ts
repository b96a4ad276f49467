import multipart from "@fastify/multipart";
import { SITE_IMAGE_MAX_BYTES, siteImageVariationFieldsSchema } from "@market/domain";
import type { FastifyRequest } from "fastify";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { validationFailed } from "../../platform/errors.ts";
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

/**
 * A site-image upload: the fields alt, colors (JSON) and current, then the image as field `file` (the web
 * client appends the file last, so the fields are known before a byte of the image is read).
 */
async function variationUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw validationFailed({ file: "required" });
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
      throw validationFailed({ colors: "invalid_json" });
    }
    const parsed = siteImageVariationFieldsSchema.safeParse({
      alt: raw.alt ?? "",
      colors,
      current: raw.current === undefined ? undefined : raw.current === "true",
    });
    if (!parsed.success) {
      part.file.resume();
      throw validationFailed(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])),
      );
    }
    return { fields: parsed.data, stream: part.file };
  }
  throw validationFailed({ file: "required" });
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

  route(app, "GET /admin/exceptions", { config: admin }, async () => summarizeExceptions(db));

  route(app, "GET /admin/users", { config: admin }, async (request) => searchUsers(db, request.query));
  route(app, "GET /admin/users/:id", { config: admin }, async (request) =>
    getUserDetail(db, request.params.id),
  );
  route(app, "PATCH /admin/users/:id", { config: admin }, async (request) =>
    changeUser(db, requireViewer(request), request.params.id, request.body),
  );
  route(app, "POST /admin/users/:id/verification-email", { config: admin }, async (request) =>
    resendVerification(deps, request.params.id),
  );

  route(
    app,
    "GET /admin/site-settings/changes",
    { config: { ...admin, availableOffline: true } },
    async (request) => listSettingChanges(db, request.query),
  );

  route(app, "PUT /texts/:key", { config: admin }, async (request) =>
    putText(db, request.params.key, request.body.value, requireViewer(request).id),
  );
  route(app, "DELETE /texts/:key", { config: admin }, async (request) =>
    resetText(db, request.params.key, requireViewer(request).id),
  );

  route(app, "POST /admin/site-images/:key/variations", { config: admin }, async (request) => {
    const upload = await variationUpload(request);
    return addSiteImageVariation(deps, request.params.key, upload.fields, upload);
  });
  route(app, "PATCH /admin/site-images/:key/variations/:id", { config: admin }, async (request) =>
    changeSiteImageVariation(db, request.params.key, request.params.id, request.body),
  );
  route(app, "DELETE /admin/site-images/:key/variations/:id", { config: admin }, async (request) =>
    deleteSiteImageVariation(deps, request.params.key, request.params.id),
  );
}
