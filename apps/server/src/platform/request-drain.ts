import type { IncomingMessage } from "node:http";
import type { FastifyInstance, onResponseHookHandler, onSendHookHandler } from "fastify";

/**
 * How much of a refused body is still read off the connection so that it can carry the client's next
 * request; past this the connection is closed after the answer instead (an upload refused for being
 * 20 GB is not worth receiving).
 */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

function declaredLength(raw: IncomingMessage): number | null {
  const header = raw.headers["content-length"];
  return header === undefined ? null : Number(header);
}

/**
 * A handler may answer before the whole body has arrived: an upload is refused at its first chunk over
 * the limit, and the multipart reader stops reading when the handler leaves it. Node keeps the rest
 * of that body on the socket, unread, and a keep-alive client's next request queued behind it would
 * never be parsed: the connection stalls. So once the answer is sent, the rest is read off and dropped;
 * a body declared larger than DRAIN_LIMIT_BYTES is answered with `Connection: close` and its socket
 * closed instead. Hooks of the routes that take a body only; a request whose body was read (nearly
 * all) passes them at the cost of one property check.
 */
export function installRequestDrain(app: FastifyInstance) {
  const closeWhenTooLarge: onSendHookHandler = (request, reply, payload, done) => {
    const raw = request.raw;
    if (!raw.complete && (declaredLength(raw) ?? 0) > DRAIN_LIMIT_BYTES) reply.header("connection", "close");
    done(null, payload);
  };
  const drainRest: onResponseHookHandler = (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || raw.destroyed) return done();
    if (reply.getHeader("connection") === "close") {
      raw.socket?.destroy();
      return done();
    }
    let drained = 0;
    raw.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      // A chunked body declares no length: it is cut off here once it has cost enough.
      if (drained > DRAIN_LIMIT_BYTES) raw.socket?.destroy();
    });
    raw.resume();
    done();
  };
  // Only routes that take a body: the reads (most requests, every ad and page view) pass no extra hook.
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === "GET" || m === "HEAD" || m === "OPTIONS")) return;
    route.onSend = [...asList(route.onSend), closeWhenTooLarge];
    route.onResponse = [...asList(route.onResponse), drainRest];
  });
}

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
