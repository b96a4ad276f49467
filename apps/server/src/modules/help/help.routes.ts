import multipart from "@fastify/multipart";
import { HELP_LIMITS } from "@market/domain";
import type { FastifyInstance } from "fastify";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import type { RateLimit } from "../../platform/rate-limit.ts";
import {
  acceptTerms,
  createHelpEntry,
  deleteHelpEntry,
  getHelpEntry,
  listFeedback,
  listHelpEntries,
  markTermsChanged,
  pendingTerms,
  randomProTip,
  saveFeedback,
  updateHelpEntry,
} from "./help.service.ts";
import { putHelpMedia } from "./help-media.service.ts";

const admin = { config: { access: "admin" } } as const;
/** Visitors may send feedback too; this keeps one address from filling the table. */
const FEEDBACK_LIMIT: RateLimit = { name: "help-feedback", max: 20, windowMs: 3_600_000, per: "ip" };

/**
 * Spec 8 lists failures of fetching the help list, sending feedback, updating or deleting entries and the upload
 * steps as silently ignored by the client. The user is not told, so the server says it: every refused or failed
 * help call is logged with what was asked and why it failed.
 */
export function logHelpFailures(app: FastifyInstance) {
  app.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode < 400) return;
    request.log.warn(
      {
        method: request.method,
        route: request.routeOptions.url,
        status: reply.statusCode,
        user: request.viewer?.id,
      },
      "help call failed",
    );
  });
}

export async function helpRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;
  // Only the media call takes files; the stream limit sits just above the video limit so ours answers first.
  await app.register(multipart, {
    limits: { files: 2, fields: 4, fieldSize: 100, parts: 6, fileSize: HELP_LIMITS.videoMaxBytes + 1 },
  });
  logHelpFailures(app);

  route(app, "GET /help/random-pro-tip", { config: { access: "public" } }, async () => randomProTip(db));
  route(app, "GET /help", { config: { access: "public" } }, async (request) =>
    listHelpEntries(db, request.query, false),
  );
  route(app, "GET /help/articles", { config: { access: "public" } }, async (request) =>
    listHelpEntries(db, request.query, true),
  );
  route(app, "GET /help/tos-changed", {}, async (request) => ({
    entries: await pendingTerms(db, requireViewer(request)),
  }));
  // Spec 7 sends this call with no payload: no body means "everything pending" (tosAgreementBodySchema).
  route(app, "PUT /help/tos-agreement", {}, async (request) =>
    acceptTerms(db, requireViewer(request), request.body?.entries),
  );
  route(
    app,
    "POST /help/feedback",
    { config: { access: "public", rateLimit: FEEDBACK_LIMIT } },
    async (request) => saveFeedback(db, request.viewer, request.body),
  );
  route(app, "GET /help/feedback", admin, async () => listFeedback(db));
  route(app, "GET /help/:id", { config: { access: "public" } }, async (request) =>
    getHelpEntry(db, request.params.id),
  );

  route(app, "POST /help", admin, async (request) => ({ item: await createHelpEntry(db, request.body) }));
  route(app, "PUT /help/:id", admin, async (request) => ({
    item: await updateHelpEntry(deps, request.params.id, request.body),
  }));
  route(app, "DELETE /help/:id", admin, async (request) => deleteHelpEntry(deps, request.params.id));
  route(
    app,
    "PUT /help/:id/media",
    { ...admin, bodyLimit: HELP_LIMITS.videoMaxBytes + HELP_LIMITS.imageMaxBytes + 64 * 1024 },
    async (request) => putHelpMedia(deps, request.params.id, request),
  );
  route(app, "PUT /help/:id/terms-changed", admin, async (request) =>
    markTermsChanged(db, requireViewer(request), request.params.id, request.body.changed),
  );
}
