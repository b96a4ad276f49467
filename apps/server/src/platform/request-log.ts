import type { FastifyInstance } from "fastify";

/**
 * One log line per request that matters, instead of two for every request: at the default level a
 * request slower than `slowMs` and every answer of 500 or more (the error handler has logged the error
 * itself, with its stack), and at debug every request. The line carries the request id, method, path,
 * status and time, and never a header (tokens and cookies stay out).
 */
export function installRequestLog(app: FastifyInstance, slowMs: number) {
  const everyRequest = app.log.level === "debug" || app.log.level === "trace";
  app.addHook("onResponse", (request, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status < 500 && ms < slowMs && !everyRequest) return done();
    const line = {
      req: { method: request.method, url: request.url, remoteAddress: request.ip },
      res: { statusCode: status },
      responseTime: Math.round(ms),
    };
    if (status >= 500) request.log.error(line, "request failed");
    else if (ms >= slowMs) request.log.warn(line, "slow request");
    else request.log.debug(line, "request completed");
    done();
  });
}
