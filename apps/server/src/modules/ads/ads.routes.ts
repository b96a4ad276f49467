import multipart from "@fastify/multipart";
import {
  adCreateSchema,
  adDisplayQuerySchema,
  adEstimateQuerySchema,
  adEstimateSchema,
  adListSchema,
  adOverridesSchema,
  adPatchSchema,
  adPaymentSchema,
  adReviewSchema,
  adSchema,
  displayAdSchema,
  freeUserOnlySchema,
} from "@market/domain";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppInstance } from "../../app.ts";
import { requireViewer } from "../../platform/access.ts";
import { AppError } from "../../platform/errors.ts";
import { idempotencyKeyOf } from "../../platform/idempotency.ts";
import {
  approveAd,
  clearAd,
  createAd,
  deleteAd,
  deleteAdImage,
  estimate,
  getAd,
  listAdOverrides,
  listAdQueue,
  listOwnAds,
  patchAd,
  payForAd,
  putAdImage,
  rejectAd,
  setFreeUserOnly,
  setRunning,
} from "./ads.service.ts";
import {
  type DisplayAnswer,
  displayAd,
  listOffers,
  recordClick,
  recordImpression,
  ServingCache,
} from "./serving.service.ts";

const idParams = { params: z.object({ id: z.string().min(1).max(64) }) };
const advertise = { permission: "advertise" as const };

/** The one multipart field `file` of an image upload (spec 7). */
async function imageUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError("validation_failed", "Send the image as multipart field file", {
      fields: { file: "required" },
    });
  }
  for await (const part of request.parts()) {
    if (part.type === "file" && part.fieldname === "file") return { name: part.filename, stream: part.file };
    if (part.type === "file") part.file.resume();
  }
  throw new AppError("validation_failed", "Send the image as multipart field file", {
    fields: { file: "required" },
  });
}

export async function adsRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;
  await app.register(multipart, { limits: { files: 1, fields: 5, fieldSize: 1000, parts: 6 } });
  const serving = new ServingCache(deps.config.adServingCacheMs);

  app.get(
    "/advertisements",
    { config: advertise, schema: { response: { 200: adListSchema } } },
    async (request) => listOwnAds(db, requireViewer(request)),
  );
  app.post(
    "/advertisements",
    { config: advertise, schema: { body: adCreateSchema, response: { 201: adSchema } } },
    async (request, reply) => reply.code(201).send(await createAd(db, requireViewer(request), request.body)),
  );
  app.get(
    "/advertisements/estimate",
    {
      config: { access: "public" },
      schema: { querystring: adEstimateQuerySchema, response: { 200: adEstimateSchema } },
    },
    async (request) => estimate(db, request.query),
  );
  app.get(
    "/advertisements/display",
    {
      config: { access: "public" },
      schema: { querystring: adDisplayQuerySchema, response: { 200: displayAdSchema } },
      // Each candidate's answer is shaped from the schema's fields and serialized once per cache fill
      // (serving.service), so it is sent as it is; the schema still documents it.
      serializerCompiler: () => (answer) => (answer as DisplayAnswer).json,
    },
    // Not async: a visitor's ad is chosen synchronously from the cache (see displayAd).
    (request) => displayAd(db, request.viewer, request.query, serving),
  );
  app.get("/advertisements/offers", { config: { access: "public", allowDeactivated: true } }, async () =>
    listOffers(db),
  );
  app.get(
    "/advertisements/:id",
    { config: advertise, schema: { ...idParams, response: { 200: adSchema } } },
    async (request) => getAd(db, requireViewer(request), request.params.id),
  );
  app.patch(
    "/advertisements/:id",
    { config: advertise, schema: { ...idParams, body: adPatchSchema, response: { 200: adSchema } } },
    async (request) => patchAd(db, requireViewer(request), request.params.id, request.body),
  );
  app.delete("/advertisements/:id", { config: advertise, schema: idParams }, async (request) =>
    deleteAd(deps, requireViewer(request), request.params.id),
  );
  for (const [path, kind] of [
    ["image", "image"],
    ["business-image", "business"],
  ] as const) {
    app.put(
      `/advertisements/:id/${path}`,
      { config: advertise, bodyLimit: 2 * 1024 * 1024, schema: { ...idParams, response: { 200: adSchema } } },
      async (request) =>
        putAdImage(deps, requireViewer(request), request.params.id, kind, await imageUpload(request)),
    );
    app.delete(
      `/advertisements/:id/${path}`,
      { config: advertise, schema: { ...idParams, response: { 200: adSchema } } },
      async (request) => deleteAdImage(deps, requireViewer(request), request.params.id, kind),
    );
  }
  app.post(
    "/advertisements/:id/payment",
    {
      config: advertise,
      schema: { ...idParams, body: adPaymentSchema.partial(), response: { 200: adSchema } },
    },
    async (request) => {
      const { amount, ...form } = request.body;
      return payForAd(
        deps,
        requireViewer(request),
        request.params.id,
        { amount, form },
        idempotencyKeyOf(request),
      );
    },
  );
  app.post(
    "/advertisements/:id/stop",
    { config: advertise, schema: { ...idParams, response: { 200: adSchema } } },
    async (request) => setRunning(db, requireViewer(request), request.params.id, false),
  );
  app.post(
    "/advertisements/:id/resume",
    { config: advertise, schema: { ...idParams, response: { 200: adSchema } } },
    async (request) => setRunning(db, requireViewer(request), request.params.id, true),
  );
  app.post(
    "/advertisements/:id/impression",
    {
      config: { access: "public", rateLimit: false },
      schema: {
        params: z.object({ id: z.uuid() }),
        body: z.object({ session: z.string().min(8).max(100) }).strict(),
      },
    },
    async (request) => recordImpression(db, request.params.id, request.body.session, serving),
  );
  app.post(
    "/advertisements/:id/click",
    { config: { access: "public", rateLimit: false }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request) => recordClick(db, request.params.id, request.ip, serving),
  );

  const admin = { access: "admin" as const };
  app.get(
    "/admin/advertisements/review-queue",
    { config: admin, schema: { response: { 200: adListSchema } } },
    async (request) => listAdQueue(db, requireViewer(request)),
  );
  app.post(
    "/admin/advertisements/:id/approve",
    { config: admin, schema: { ...idParams, response: { 200: adSchema } } },
    async (request) => approveAd(db, requireViewer(request), request.params.id),
  );
  app.post(
    "/admin/advertisements/:id/reject",
    { config: admin, schema: { ...idParams, body: adReviewSchema, response: { 200: adSchema } } },
    async (request) => rejectAd(deps, requireViewer(request), request.params.id, request.body.comment),
  );
  app.post(
    "/admin/advertisements/:id/clear",
    { config: admin, schema: { ...idParams, response: { 200: adSchema } } },
    async (request) => clearAd(db, requireViewer(request), request.params.id),
  );
  app.get(
    "/advertisements/overrides",
    { config: admin, schema: { response: { 200: adOverridesSchema } } },
    async (request) => listAdOverrides(db, requireViewer(request)),
  );
  app.patch(
    "/advertisements/:id/is_free_user_only",
    { config: admin, schema: { ...idParams, body: freeUserOnlySchema, response: { 200: adSchema } } },
    async (request) =>
      setFreeUserOnly(db, requireViewer(request), request.params.id, request.body.is_free_user_only),
  );
}
