import multipart from "@fastify/multipart";
import { AD_IMAGE_RULES } from "@market/domain";
import type { FastifyRequest } from "fastify";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { validationFailed } from "../../platform/errors.ts";
import { idempotencyKeyOf } from "../../platform/idempotency.ts";
import { multipartFileLimit } from "../../platform/uploads.ts";
import {
  createAd,
  deleteAd,
  deleteAdImage,
  getAd,
  listOwnAds,
  patchAd,
  putAdImage,
} from "./ad-authoring.service.ts";
import { estimate, payForAd } from "./ad-payment.service.ts";
import {
  approveAd,
  clearAd,
  listAdOverrides,
  listAdQueue,
  rejectAd,
  setFreeUserOnly,
} from "./ad-review.service.ts";
import { setRunning } from "./ad-running.service.ts";
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

const advertise = { permission: "advertise" as const };

/** The one multipart field `file` of an image upload (spec 7). */
async function imageUpload(request: FastifyRequest) {
  const noImage = () => validationFailed({ file: "required" }, "Send the image as multipart field file");
  if (!request.isMultipart()) throw noImage();
  for await (const part of request.parts()) {
    if (part.type === "file" && part.fieldname === "file") return { name: part.filename, stream: part.file };
    if (part.type === "file") part.file.resume();
  }
  throw noImage();
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

  route(app, "GET /advertisements", { config: advertise }, async (request) =>
    listOwnAds(db, requireViewer(request)),
  );
  route(app, "POST /advertisements", { config: advertise }, async (request) =>
    createAd(db, requireViewer(request), request.body),
  );
  route(app, "GET /advertisements/estimate", { config: { access: "public" } }, async (request) =>
    estimate(db, request.query),
  );
  route(
    app,
    "GET /advertisements/display",
    {
      config: { access: "public" },
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
  route(
    app,
    "GET /advertisements/offers",
    { config: { access: "public", allowDeactivated: true } },
    async (request) => {
      const { offers } = await listOffers(db);
      if (isKnownBot(request.headers["user-agent"])) return { offers };
      return { offers: offers.map((offer) => ({ ...offer, token: viewTokens.issue(offer.id, request.ip) })) };
    },
  );
  route(app, "GET /advertisements/:id", { config: advertise }, async (request) =>
    getAd(db, requireViewer(request), request.params.id),
  );
  route(app, "PATCH /advertisements/:id", { config: advertise }, async (request) =>
    patchAd(db, requireViewer(request), request.params.id, request.body),
  );
  route(app, "DELETE /advertisements/:id", { config: advertise }, async (request) =>
    deleteAd(deps, requireViewer(request), request.params.id),
  );
  for (const [put, remove, kind] of [
    ["PUT /advertisements/:id/image", "DELETE /advertisements/:id/image", "image"],
    ["PUT /advertisements/:id/business-image", "DELETE /advertisements/:id/business-image", "business"],
  ] as const) {
    route(app, put, { config: advertise, bodyLimit: 2 * 1024 * 1024 }, async (request) =>
      putAdImage(deps, requireViewer(request), request.params.id, kind, await imageUpload(request)),
    );
    route(app, remove, { config: advertise }, async (request) =>
      deleteAdImage(deps, requireViewer(request), request.params.id, kind),
    );
  }
  route(app, "POST /advertisements/:id/payment", { config: advertise }, async (request) => {
    const { amount, ...form } = request.body;
    return payForAd(
      deps,
      requireViewer(request),
      request.params.id,
      { amount, form },
      idempotencyKeyOf(request),
    );
  });
  route(app, "POST /advertisements/:id/stop", { config: advertise }, async (request) =>
    setRunning(db, requireViewer(request), request.params.id, false),
  );
  route(app, "POST /advertisements/:id/resume", { config: advertise }, async (request) =>
    setRunning(db, requireViewer(request), request.params.id, true),
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
  const counting = { config: { access: "public", rateLimit: false } } as const;
  route(app, "POST /advertisements/:id/impression", counting, async (request) =>
    recordImpression(db, countRequest(request, request.params, request.body), serving, viewTokens),
  );
  route(app, "POST /advertisements/:id/click", counting, async (request) =>
    recordClick(db, countRequest(request, request.params, request.body), serving, viewTokens),
  );

  const admin = { access: "admin" as const };
  route(app, "GET /admin/advertisements/review-queue", { config: admin }, async (request) =>
    listAdQueue(db, requireViewer(request)),
  );
  route(app, "POST /admin/advertisements/:id/approve", { config: admin }, async (request) =>
    approveAd(db, requireViewer(request), request.params.id),
  );
  route(app, "POST /admin/advertisements/:id/reject", { config: admin }, async (request) =>
    rejectAd(deps, requireViewer(request), request.params.id, request.body.comment),
  );
  route(app, "POST /admin/advertisements/:id/clear", { config: admin }, async (request) =>
    clearAd(db, requireViewer(request), request.params.id),
  );
  route(app, "GET /advertisements/overrides", { config: admin }, async (request) =>
    listAdOverrides(db, requireViewer(request)),
  );
  route(app, "PATCH /advertisements/:id/is_free_user_only", { config: admin }, async (request) =>
    setFreeUserOnly(db, requireViewer(request), request.params.id, request.body.is_free_user_only),
  );
}
