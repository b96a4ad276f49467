import type { FastifyInstance, FastifyRequest } from "fastify";
import { onCatalogueChange, onServingChange, onSiteContentChange } from "./catalogue-changes.ts";
import { TtlCache } from "./ttl-cache.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The same answer for every visitor who is not signed in (the grids, a resource page): kept for a
     * moment and served from memory to the next visitors, so the home page under load costs no query.
     */
    sharedForVisitors?: boolean;
    /**
     * The same answer for everybody, signed in or not: the site's configuration (settings, texts,
     * colours, site images), which every visit loads first. Kept like the visitors' answers, and dropped
     * when this process changes settings or content.
     */
    sameForEveryone?: boolean;
  }
  interface FastifyRequest {
    servedFromCache?: boolean;
  }
}

/**
 * A micro-cache of public GET answers for visitors (no Authorization, so no per-user fields), and of the
 * site configuration for everybody. Entries live `ttlMs` (VISITOR_CACHE_MS, a second or two: a new
 * download count, price or text shows that much later on other instances), are bounded in number, and
 * are dropped when this process changes the catalogue, the settings, the running ads or the site's
 * content. Signed-in users always get fresh catalogue answers. Offline mode and every other gate run
 * before it, so a cached answer never bypasses them.
 */
export function installResponseCache(app: FastifyInstance, ttlMs: number, maxEntries = 1000) {
  if (ttlMs <= 0) return;
  const entries = new TtlCache<string>(ttlMs, maxEntries);
  const clear = () => entries.clear();
  const stops = [onCatalogueChange(clear), onServingChange(clear), onSiteContentChange(clear)];
  app.addHook("onClose", (_instance, done) => {
    for (const stop of stops) stop();
    done();
  });
  const cacheable = (request: FastifyRequest) => {
    if (request.method !== "GET") return false;
    const config = request.routeOptions.config;
    return config?.sameForEveryone === true || (config?.sharedForVisitors === true && !request.viewer);
  };

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
