import { z } from "zod";
import { defineEndpoints } from "./endpoint.ts";
import { healthResponseSchema } from "./site.ts";

/** The process answers: nothing else is asked, so a slow database never makes an orchestrator restart it. */
export const livenessResponseSchema = z.object({ status: z.literal("ok") });

/**
 * Whether this instance should be sent traffic, part by part: the database answers, its migrations are
 * the ones this build carries, and file storage takes writes. Answered 200 when all are "ok", else 503
 * with the same fields (status "unavailable"), so a load balancer stops sending and a person sees which
 * part failed. While the process stops (SIGTERM), every answer is 503 with `stopping: true`.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "failed"]),
  /** "pending": the database lacks this build's last migration; "unknown": the database did not answer. */
  migrations: z.enum(["ok", "pending", "unknown"]),
  storage: z.enum(["ok", "failed"]),
  stopping: z.boolean().optional(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

/** Whether the server and its database answer; liveness and readiness for load balancers and orchestrators. */
export const healthEndpoints = defineEndpoints({
  "GET /health": {
    summary: "Whether the server and its database answer.",
    response: healthResponseSchema,
  },
  "GET /health/live": {
    summary: "Whether the process answers (no database is asked).",
    response: livenessResponseSchema,
  },
  "GET /health/ready": {
    summary:
      "Whether this instance can serve: database, migrations and storage (503 naming the failed part).",
    response: readinessResponseSchema,
  },
});
