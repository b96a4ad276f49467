import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
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

/** Support writes send mail, so they count against the messages limit (DECISIONS.md: 20 an hour per user). */
const userWrite = { rateLimit: RATE_LIMITS.messages };
const admin = { access: "admin" as const };

/** Support threads (spec 2: /support) and the admin support queue (spec 2: /admin/exceptions/support). */
export async function supportRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;

  route(app, "GET /support/threads", {}, async (request) =>
    listOwnThreads(db, requireViewer(request), request.query.page, request.query.pageSize),
  );
  route(app, "POST /support/threads", { config: userWrite }, async (request) =>
    openThread(deps, request.log, requireViewer(request), request.body),
  );
  route(app, "GET /support/threads/:id", {}, async (request) =>
    getOwnThread(db, requireViewer(request), request.params.id),
  );
  route(app, "POST /support/threads/:id/messages", { config: userWrite }, async (request) =>
    replyAsUser(deps, request.log, requireViewer(request), request.params.id, request.body.body),
  );

  route(app, "GET /admin/support-threads", { config: admin }, async (request) =>
    listSupportQueue(db, request.query.page, request.query.pageSize),
  );
  route(app, "GET /admin/support-threads/:id", { config: admin }, async (request) =>
    getThreadForAdmin(db, request.params.id),
  );
  route(app, "POST /admin/support-threads/:id/messages", { config: admin }, async (request) =>
    answerThread(deps, request.log, requireViewer(request), request.params.id, request.body.body),
  );
  route(app, "POST /admin/support-threads/:id/clear", { config: admin }, async (request) =>
    clearThread(db, request.params.id),
  );
}
