import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import type { AppInstance } from "./app-types.ts";
import type { JobWorker } from "./jobs.ts";

/** Where the process is in its life; readiness answers 503 once `stopping` (modules/health). */
export interface Lifecycle {
  stopping: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * How often connections that have gone idle are closed while the server drains. Node closes the idle
 * ones once when the server closes; a keep-alive connection whose request was still running becomes idle
 * afterwards and would otherwise be held open until its keep-alive timeout (Fastify's is 72 seconds).
 */
const IDLE_SWEEP_MS = 50;

export type ShutdownOutcome = "clean" | "timed_out";

/**
 * Stops a server process in the order a load balancer and the other instances need:
 * 1. readiness answers 503 (`lifecycle.stopping`), so health-checking balancers stop sending;
 * 2. the listening socket closes: new connections are refused, and a request arriving on a kept-alive
 *    connection is answered 503 by Fastify; requests in flight run to their end;
 * 3. at the same time the job worker stops claiming, tells its running job to end, and hands back what
 *    it holds, so another instance takes it at once rather than after the stale-job timeout;
 * 4. then the database pool closes.
 * All of it within `timeoutMs`: past that, the connections still open are cut and the outcome says so.
 */
export async function shutDown(opts: {
  app: AppInstance;
  worker: JobWorker | null;
  database: Database;
  timeoutMs: number;
  log: FastifyBaseLogger;
}): Promise<ShutdownOutcome> {
  const { app, worker, database, timeoutMs, log } = opts;
  app.lifecycle.stopping = true;
  const started = Date.now();
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  let outcome: ShutdownOutcome = "clean";
  try {
    // The job gets a little less, so that handing it back still fits in the time.
    const jobWaitMs = Math.max(0, timeoutMs - 500);
    const drained = Promise.all([app.close(), worker?.stop(jobWaitMs)]).then(() => true);
    if (!(await within(drained, timeoutMs))) {
      outcome = "timed_out";
      log.warn({ timeoutMs }, "requests still running at the shutdown timeout; their connections are cut");
      app.server.closeAllConnections();
      // The close finishes once the cut connections are gone; a moment more at most.
      await within(drained, 1000);
    }
  } finally {
    clearInterval(sweep);
  }
  await within(
    database.close().then(() => true),
    Math.max(1000, timeoutMs - (Date.now() - started)),
  );
  log.info({ outcome, ms: Date.now() - started }, "stopped");
  return outcome;
}

/** Whether `work` settled within `ms`; it keeps running either way. */
async function within(work: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.catch(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
