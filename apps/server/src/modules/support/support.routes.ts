import {
  conversationIdParamsSchema,
  conversationPageQuerySchema,
  supportQueueSchema,
  supportReplySchema,
  supportThreadCreateSchema,
  supportThreadListSchema,
  supportThreadSchema,
  supportThreadWriteSchema,
} from "@market/domain";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { RATE_LIMITS } from "../../platform/rate-limit.ts";
import {
  answerThread,
  clearThread,
  getOwnThread,
  getThreadForAdmin,
  listOwnThreads,
  listSupportQueue,
  openThread,
  replyAsUser,
} from "./support.service.ts";

const idParams = { params: conversationIdParamsSchema };
/** Support writes send mail, so they count against the messages limit (DECISIONS.md: 20 an hour per user). */
const userWrite = { rateLimit: RATE_LIMITS.messages };

/** Support threads (spec 2: /support) and the admin support queue (spec 2: /admin/exceptions/support). */
export async function supportRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;

  app.get(
    "/support/threads",
    { schema: { querystring: conversationPageQuerySchema, response: { 200: supportThreadListSchema } } },
    async (request) => listOwnThreads(db, requireViewer(request), request.query.page, request.query.pageSize),
  );
  app.post(
    "/support/threads",
    {
      config: userWrite,
      schema: { body: supportThreadCreateSchema, response: { 201: supportThreadWriteSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await openThread(deps, request.log, requireViewer(request), request.body)),
  );
  app.get(
    "/support/threads/:id",
    { schema: { ...idParams, response: { 200: supportThreadSchema } } },
    async (request) => getOwnThread(db, requireViewer(request), request.params.id),
  );
  app.post(
    "/support/threads/:id/messages",
    {
      config: userWrite,
      schema: { ...idParams, body: supportReplySchema, response: { 201: supportThreadWriteSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await replyAsUser(deps, request.log, requireViewer(request), request.params.id, request.body.body),
        ),
  );

  const admin = { access: "admin" as const };
  app.get(
    "/admin/support-threads",
    {
      config: admin,
      schema: { querystring: conversationPageQuerySchema, response: { 200: supportQueueSchema } },
    },
    async (request) => listSupportQueue(db, request.query.page, request.query.pageSize),
  );
  app.get(
    "/admin/support-threads/:id",
    { config: admin, schema: { ...idParams, response: { 200: supportThreadSchema } } },
    async (request) => getThreadForAdmin(db, request.params.id),
  );
  app.post(
    "/admin/support-threads/:id/messages",
    {
      config: admin,
      schema: { ...idParams, body: supportReplySchema, response: { 201: supportThreadWriteSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await answerThread(deps, request.log, requireViewer(request), request.params.id, request.body.body),
        ),
  );
  app.post(
    "/admin/support-threads/:id/clear",
    { config: admin, schema: { ...idParams, response: { 200: supportThreadSchema } } },
    async (request) => clearThread(db, request.params.id),
  );
}
