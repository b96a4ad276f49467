import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { RATE_LIMITS } from "../../platform/rate-limit.ts";
import { blockUser, listBlocks, listInbox, markRead, sendMessage, unblockUser } from "./messages.service.ts";

/** Messages between users (spec 2: /profile/@{username}/message; spec 6: message needs messages) and blocks. */
export async function messagesRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;

  route(
    app,
    "POST /messages",
    { config: { permission: "messages", rateLimit: RATE_LIMITS.messages } },
    async (request) => sendMessage(deps, request.log, requireViewer(request), request.body),
  );
  route(app, "GET /messages/inbox", {}, async (request) =>
    listInbox(db, requireViewer(request), request.query.page, request.query.pageSize),
  );
  route(app, "PUT /messages/:id/read", {}, async (request) =>
    markRead(db, requireViewer(request), request.params.id),
  );

  route(app, "GET /users/self/blocks", {}, async (request) => listBlocks(db, requireViewer(request)));
  route(app, "PUT /users/self/blocks/:userId", {}, async (request) =>
    blockUser(db, requireViewer(request), request.params.userId),
  );
  route(app, "DELETE /users/self/blocks/:userId", {}, async (request) =>
    unblockUser(db, requireViewer(request), request.params.userId),
  );
}
