import {
  blockListSchema,
  blockParamsSchema,
  blockStateSchema,
  conversationIdParamsSchema,
  conversationPageQuerySchema,
  inboxSchema,
  messageCreateSchema,
  messageSentSchema,
} from "@market/domain";
import { z } from "zod";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { RATE_LIMITS } from "../../platform/rate-limit.ts";
import { blockUser, listBlocks, listInbox, markRead, sendMessage, unblockUser } from "./messages.service.ts";

/** Messages between users (spec 2: /profile/@{username}/message; spec 6: message needs messages) and blocks. */
export async function messagesRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;

  app.post(
    "/messages",
    {
      config: { permission: "messages", rateLimit: RATE_LIMITS.messages },
      schema: { body: messageCreateSchema, response: { 201: messageSentSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await sendMessage(deps, request.log, requireViewer(request), request.body)),
  );
  app.get(
    "/messages/inbox",
    { schema: { querystring: conversationPageQuerySchema, response: { 200: inboxSchema } } },
    async (request) => listInbox(db, requireViewer(request), request.query.page, request.query.pageSize),
  );
  app.put(
    "/messages/:id/read",
    {
      schema: {
        params: conversationIdParamsSchema,
        response: { 200: z.object({ id: z.string(), readAt: z.string().nullable() }) },
      },
    },
    async (request) => markRead(db, requireViewer(request), request.params.id),
  );

  app.get("/users/self/blocks", { schema: { response: { 200: blockListSchema } } }, async (request) =>
    listBlocks(db, requireViewer(request)),
  );
  app.put(
    "/users/self/blocks/:userId",
    { schema: { params: blockParamsSchema, response: { 200: blockStateSchema } } },
    async (request) => blockUser(db, requireViewer(request), request.params.userId),
  );
  app.delete(
    "/users/self/blocks/:userId",
    { schema: { params: blockParamsSchema, response: { 200: blockStateSchema } } },
    async (request) => unblockUser(db, requireViewer(request), request.params.userId),
  );
}
