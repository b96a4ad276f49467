import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { checkReadiness } from "./readiness.ts";

/**
 * For load balancers, orchestrators and people: public, answered in offline mode, never rate limited, and
 * never kept by a cache on the way (a probe must see now, not a copy).
 */
const PROBE = { access: "public", availableOffline: true, rateLimit: false } as const;
const fresh = (reply: FastifyReply) => reply.header("cache-control", "no-store");

export async function healthRoutes(app: AppInstance) {
  route(app, "GET /health", { config: { access: "public", availableOffline: true } }, async () => {
    await app.deps.db.execute(sql`select 1`);
    return { status: "ok" as const, database: "ok" as const };
  });

  // Liveness asks nothing else: a database outage must not make an orchestrator restart healthy processes.
  route(app, "GET /health/live", { config: PROBE }, async (_request, reply) => {
    fresh(reply);
    return { status: "ok" as const };
  });

  route(app, "GET /health/ready", { config: PROBE }, async (_request, reply) => {
    fresh(reply);
    const readiness = await checkReadiness(app.deps, app.lifecycle.stopping);
    if (readiness.status !== "ok") reply.code(503);
    return readiness;
  });
}
