import type { FastifyInstance, FastifyRequest } from "fastify";
import { onCatalogueChange } from "./catalogue-changes.ts";
import { TtlCache } from "./ttl-cache.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The same answer for every visitor who is not signed in (the grids, a resource page): kept for a
     * moment and served from memory to the next visitors, so the home page under load costs no query.
     */
    sharedForVisitors?: boolean;
  }
  interface FastifyRequest {
    servedFromCache?: boolean;
  }
}

/**
 * A micro-cache of public GET answers for visitors (no Authorization, so no per-user fields). Entries
 * live `ttlMs` (a second or two: a new download count or price shows that much later), are bounded in
 * number, and are dropped when this process changes the catalogue. Signed-in users always get fresh
 * answers. Offline mode and every other gate run before it, so a cached answer never bypasses them.
 */
export function installResponseCache(app: FastifyInstance, ttlMs: number, maxEntries = 1000) {
  if (ttlMs <= 0) return;
  const entries = new TtlCache<string>(ttlMs, maxEntries);
  onCatalogueChange(() => entries.clear());
  const cacheable = (request: FastifyRequest) =>
    request.method === "GET" && request.routeOptions.config?.sharedForVisitors === true && !request.viewer;

  // Callback style, and the hit read synchronously: a cached answer costs no promise.
  app.addHook("preHandler", (request, reply, done) => {
    if (!cacheable(request)) return done();
    const hit = entries.peekSettled(request.url);
    if (hit === undefined) return done();
    request.servedFromCache = true;
    reply.header("content-type", "application/json; charset=utf-8").send(hit);
  });

  app.addHook("onSend", (request, reply, payload, done) => {
    if (
      !request.servedFromCache &&
      reply.statusCode === 200 &&
      typeof payload === "string" &&
      cacheable(request)
    ) {
      entries.set(request.url, payload);
    }
    done(null, payload);
  });
}
