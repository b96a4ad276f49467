import type { FastifyError } from "fastify";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { AppError } from "../../platform/errors.ts";
import type { RateLimit } from "../../platform/rate-limit.ts";
import { readInsight, readOwnInsight } from "./insight-report.service.ts";
import { recordResourceView } from "./page-views.service.ts";
import { createVisitorKey } from "./visitor-key.ts";

/**
 * Page views per address: more than a school's staff behind one address would open in a minute. Past it
 * the views are not counted (the answer is still 204): a loop forging user agents cannot make up visitors.
 */
const BEACON_LIMIT: RateLimit = { name: "resource-view", max: 120, windowMs: 60_000, per: "ip" };

/** Insight for creators (issue 23): the page-view beacon, a creator's own funnel, and the site's for admins. */
export async function insightRoutes(app: AppInstance) {
  const { db, config } = app.deps;
  const visitorKey = createVisitorKey(config.jwtSecret);

  // The beacon, in a scope of its own whose every failure is answered 204 with nothing counted: "never an
  // error for a visitor" (issue 23). A malformed body, a NUL (refused by the input guard before any
  // handler), an unknown resource, an expired token, the rate limit, even the database failing: the
  // visitor's page has nothing to do with an answer, so it gets none. Real faults are still logged.
  await app.register(async (beacon: AppInstance) => {
    beacon.setErrorHandler((error: FastifyError, request, reply) => {
      if (!(error instanceof AppError) && !error.validation && (error.statusCode ?? 500) >= 500) {
        request.log.error({ err: error }, "page view not counted");
      }
      return reply.code(204).send();
    });
    route(
      beacon,
      "POST /resources/:id/view",
      { config: { access: "public", rateLimit: BEACON_LIMIT } },
      async (request, reply) => {
        await recordResourceView(db, visitorKey, {
          resourceId: request.params.id,
          source: request.body.source,
          referrer: request.body.referrer,
          viewerId: request.viewer?.id,
          address: request.ip,
          userAgent: request.headers["user-agent"],
        });
        return reply.code(204).send();
      },
    );
  });

  route(app, "GET /insight/self", {}, async (request) =>
    readOwnInsight(db, requireViewer(request).id, request.query),
  );
  route(app, "GET /admin/insight", { config: { access: "admin" } }, async (request) =>
    readInsight(db, { site: true }, request.query),
  );
}
