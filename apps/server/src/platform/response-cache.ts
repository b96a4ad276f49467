import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { onCatalogueChange, onServingChange, onSiteContentChange } from "./catalogue-changes.ts";
import { KeptAnswer } from "./compression.ts";
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
    /** Set on the request that computes a missed answer for the others waiting (see Fill). */
    cacheFill: Fill | null;
  }
}

const JSON_TYPE = "application/json; charset=utf-8";

/** The first request to miss a key loads it; the others asking meanwhile wait for its answer. */
interface Fill {
  key: string;
  generation: number;
  finish: (answer: KeptAnswer | undefined) => void;
}

/**
 * A micro-cache of public GET answers for visitors (no Authorization, so no per-user fields), and of the
 * answers the same for everybody (the grids, the site configuration) for signed-in users too. Entries
 * live `ttlMs` (VISITOR_CACHE_MS, a second or two: a new download count shows that much later), are
 * bounded in number, and are dropped when any instance changes the catalogue, the settings, the running
 * ads or the site's content (change-notices.ts). Offline mode and every other gate run before it, so a
 * cached answer never bypasses them.
 *
 * Misses are coalesced: when an entry expires under load, the first request computes it and those
 * arriving meanwhile wait for that answer instead of all running the same queries at once. If the first
 * one fails (or its answer is not cacheable) the waiting ones compute their own.
 *
 * An entry keeps its brotli and gzip forms beside the JSON, each made the first time a client asks for
 * it (platform/compression.ts): a hit is never compressed again.
 */
export function installResponseCache(app: FastifyInstance, db: object, ttlMs: number, maxEntries = 1000) {
  if (ttlMs <= 0) return;
  app.decorateRequest("cacheFill", null);
  const entries = new TtlCache<KeptAnswer>(ttlMs, maxEntries);
  const inFlight = new Map<string, Promise<KeptAnswer | undefined>>();
  // A change drops the entries and makes answers computed before it unfit to keep.
  let generation = 0;
  const clear = () => {
    generation += 1;
    entries.clear();
    inFlight.clear();
  };
  const stops = [onCatalogueChange, onServingChange, onSiteContentChange].map((on) => on(db, clear));
  app.addHook("onClose", (_instance, done) => {
    for (const stop of stops) stop();
    done();
  });
  const cacheable = (request: FastifyRequest) => {
    if (request.method !== "GET") return false;
    const config = request.routeOptions.config;
    return config?.sameForEveryone === true || (config?.sharedForVisitors === true && !request.viewer);
  };
  const serve = (request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) => {
    answer.send(request, reply);
  };
  const finishFill = (request: FastifyRequest, answer: KeptAnswer | undefined) => {
    const fill = request.cacheFill;
    if (!fill) return;
    request.cacheFill = null;
    if (answer !== undefined && fill.generation === generation) entries.set(fill.key, answer);
    fill.finish(fill.generation === generation ? answer : undefined);
  };

  // Callback style, and the hit read synchronously: a cached answer costs no promise.
  app.addHook("preHandler", (request: FastifyRequest, reply, done) => {
    if (!cacheable(request)) return done();
    const key = request.url;
    const hit = entries.peekSettled(key);
    if (hit !== undefined) return serve(request, reply, hit);
    const pending = inFlight.get(key);
    if (pending) {
      pending.then((answer) => (answer === undefined ? done() : serve(request, reply, answer)));
      return;
    }
    let finish!: (answer: KeptAnswer | undefined) => void;
    const filled = new Promise<KeptAnswer | undefined>((resolve) => {
      finish = resolve;
    });
    inFlight.set(key, filled);
    request.cacheFill = {
      key,
      generation,
      finish: (answer) => {
        if (inFlight.get(key) === filled) inFlight.delete(key);
        finish(answer);
      },
    };
    // However this request ends (an error, a closed connection), the waiting ones are let go.
    reply.raw.once("close", () => finishFill(request, undefined));
    done();
  });

  app.addHook("onSend", (request: FastifyRequest, reply, payload, done) => {
    if (!request.cacheFill) return done(null, payload);
    if (reply.statusCode !== 200 || typeof payload !== "string") {
      finishFill(request, undefined);
      return done(null, payload);
    }
    const answer = new KeptAnswer(payload, JSON_TYPE);
    finishFill(request, answer);
    // The filling request is sent the kept form too, so the answer is compressed once per encoding.
    const sent = answer.payloadFor(request, reply);
    if (!(sent instanceof Promise)) return done(null, sent);
    sent.then(
      (bytes) => done(null, bytes),
      () => {
        reply.removeHeader("content-encoding");
        done(null, payload);
      },
    );
  });
}
