import multipart from "@fastify/multipart";
import {
  HELP_LIMITS,
  helpCreateSchema,
  helpEntrySchema,
  helpFeedbackListSchema,
  helpFeedbackSchema,
  helpItemSchema,
  helpListQuerySchema,
  helpListSchema,
  helpTermsChangedSchema,
  helpUpdateSchema,
  proTipResponseSchema,
  tosAgreementResultSchema,
  tosAgreementSchema,
  tosChangedSchema,
} from "@market/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
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

const idParams = { params: z.object({ id: z.string().min(1).max(100) }) };
const admin = { access: "admin" as const };
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

  app.get(
    "/help/random-pro-tip",
    { config: { access: "public" }, schema: { response: { 200: proTipResponseSchema } } },
    async () => randomProTip(db),
  );
  app.get(
    "/help",
    {
      config: { access: "public" },
      schema: { querystring: helpListQuerySchema, response: { 200: helpListSchema } },
    },
    async (request) => listHelpEntries(db, request.query, false),
  );
  app.get(
    "/help/articles",
    {
      config: { access: "public" },
      schema: { querystring: helpListQuerySchema, response: { 200: helpListSchema } },
    },
    async (request) => listHelpEntries(db, request.query, true),
  );
  app.get("/help/tos-changed", { schema: { response: { 200: tosChangedSchema } } }, async (request) => ({
    entries: await pendingTerms(db, requireViewer(request)),
  }));
  app.put(
    "/help/tos-agreement",
    {
      // Spec 7 sends this call with no payload: no body means "everything pending".
      schema: {
        body: z.preprocess((body) => body ?? {}, tosAgreementSchema),
        response: { 200: tosAgreementResultSchema },
      },
    },
    async (request) => acceptTerms(db, requireViewer(request), request.body?.entries),
  );
  app.post(
    "/help/feedback",
    {
      config: { access: "public", rateLimit: FEEDBACK_LIMIT },
      schema: { body: helpFeedbackSchema, response: { 201: z.object({ received: z.literal(true) }) } },
    },
    async (request, reply) => reply.code(201).send(await saveFeedback(db, request.viewer, request.body)),
  );
  app.get(
    "/help/feedback",
    { config: admin, schema: { response: { 200: helpFeedbackListSchema } } },
    async () => listFeedback(db),
  );
  app.get(
    "/help/:id",
    { config: { access: "public" }, schema: { ...idParams, response: { 200: helpEntrySchema } } },
    async (request) => getHelpEntry(db, request.params.id),
  );

  app.post(
    "/help",
    { config: admin, schema: { body: helpCreateSchema, response: { 201: helpItemSchema } } },
    async (request, reply) => reply.code(201).send({ item: await createHelpEntry(db, request.body) }),
  );
  app.put(
    "/help/:id",
    { config: admin, schema: { ...idParams, body: helpUpdateSchema, response: { 200: helpItemSchema } } },
    async (request) => ({ item: await updateHelpEntry(deps, request.params.id, request.body) }),
  );
  app.delete(
    "/help/:id",
    { config: admin, schema: { ...idParams, response: { 200: z.object({ deleted: z.literal(true) }) } } },
    async (request) => deleteHelpEntry(deps, request.params.id),
  );
  app.put(
    "/help/:id/media",
    {
      config: admin,
      bodyLimit: HELP_LIMITS.videoMaxBytes + HELP_LIMITS.imageMaxBytes + 64 * 1024,
      schema: { ...idParams, response: { 200: helpItemSchema } },
    },
    async (request) => putHelpMedia(deps, request.params.id, request),
  );
  app.put(
    "/help/:id/terms-changed",
    {
      config: admin,
      schema: { ...idParams, body: helpTermsChangedSchema, response: { 200: helpItemSchema } },
    },
    async (request) => markTermsChanged(db, requireViewer(request), request.params.id, request.body.changed),
  );
}
