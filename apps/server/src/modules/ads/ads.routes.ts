import multipart from "@fastify/multipart";
import {
  AD_IMAGE_RULES,
  adCountRequestSchema,
  adCountResponseSchema,
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
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { AppError } from "../../platform/errors.ts";
import { idempotencyKeyOf } from "../../platform/idempotency.ts";
import { multipartFileLimit } from "../../platform/uploads.ts";
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
  type CountRequest,
  type DisplayAnswer,
  displayAd,
  listOffers,
  recordClick,
  recordImpression,
  ServingCache,
  withViewToken,
} from "./serving.service.ts";
import { createViewTokens, isKnownBot } from "./view-tokens.ts";

/** Ads are keyed by UUID: anything else is a 400 before any query. */
const idParams = { params: z.object({ id: z.uuid() }) };
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
  // The reader's own file limit sits one byte past the image limit, so a larger image is measured as such.
  await app.register(multipart, {
    limits: {
      files: 1,
      fields: 5,
      fieldSize: 1000,
      parts: 6,
      fileSize: multipartFileLimit(AD_IMAGE_RULES.maxBytes),
    },
  });
  const serving = new ServingCache(deps.db, deps.config.adServingCacheMs);
  const viewTokens = createViewTokens(deps.config.jwtSecret);

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
    (request) => {
      const answer = displayAd(db, request.viewer, request.query, serving);
      const ua = request.headers["user-agent"];
      return answer instanceof Promise
        ? answer.then((a) => withViewToken(a, viewTokens, request.ip, ua))
        : withViewToken(answer, viewTokens, request.ip, ua);
    },
  );
  // Each offer is an ad shown to this reader: its click counts with a view token, as in the display call.
  app.get(
    "/advertisements/offers",
    { config: { access: "public", allowDeactivated: true } },
    async (request) => {
      const { offers } = await listOffers(db);
      if (isKnownBot(request.headers["user-agent"])) return { offers };
      return { offers: offers.map((offer) => ({ ...offer, token: viewTokens.issue(offer.id, request.ip) })) };
    },
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
      schema: { ...idParams, body: adPaymentSchema, response: { 200: adSchema } },
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
  // Public and counted only against the display call's single-use view tokens (view-tokens.ts), so they
  // need no rate limit of their own: a call without a valid token writes nothing.
  const countRequest = (
    request: FastifyRequest,
    params: { id: string },
    body: { token: string },
  ): CountRequest => ({
    adId: params.id,
    token: body.token,
    address: request.ip,
    userAgent: request.headers["user-agent"],
  });
  const counting = {
    config: { access: "public", rateLimit: false },
    schema: {
      params: z.object({ id: z.uuid() }),
      body: adCountRequestSchema,
      response: { 200: adCountResponseSchema },
    },
  } as const;
  app.post("/advertisements/:id/impression", counting, async (request) =>
    recordImpression(db, countRequest(request, request.params, request.body), serving, viewTokens),
  );
  app.post("/advertisements/:id/click", counting, async (request) =>
    recordClick(db, countRequest(request, request.params, request.body), serving, viewTokens),
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
