import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { siteSettings } from "../db/schema/index.ts";
import { identifyDeferred } from "./access.ts";
import { onServingChange } from "./catalogue-changes.ts";
import { AppError } from "./errors.ts";
import { TtlCache } from "./ttl-cache.ts";

/**
 * Offline (maintenance) mode on the server side: while it is on, only admins and the routes marked
 * `availableOffline` (configuration, login, health, public images) are answered. The flag is one
 * primary-key read, reused for `cacheMs` (OFFLINE_FLAG_CACHE_MS, 1 s): at tens of thousands of ad and
 * grid requests a second that read was most of their cost. A change made on this instance applies at
 * once (the settings service announces it); other instances follow within `cacheMs`.
 */
export function installOfflineGate(app: FastifyInstance, db: Db, cacheMs = 0) {
  const flag = new TtlCache<boolean>(cacheMs, 1);
  const stopListening = onServingChange(db, () => flag.clear());
  app.addHook("onClose", async () => stopListening());
  const readFlag = async () => {
    const [row] = await db
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, "offlineMode"));
    return row?.value === true;
  };
  const offline = () => new AppError("offline", "The site is down for maintenance");
  // While offline, an admin still uses the whole site; the account of a token the access plugin left
  // unread (an answer the same for everybody) is read now.
  const refusal = async (request: FastifyRequest) =>
    (await identifyDeferred(request))?.isAdmin ? undefined : offline();
  app.addHook("preValidation", (request, _reply, done) => {
    if (request.routeOptions.config?.availableOffline || request.viewer?.isAdmin) return done();
    if (!request.routeOptions.url?.startsWith("/api/")) return done();
    const known = flag.peekSettled("offlineMode");
    if (known === false) return done();
    (known === undefined ? flag.get("offlineMode", readFlag) : Promise.resolve(known))
      .then((isOffline) => (isOffline ? refusal(request) : undefined))
      .then(
        (error) => done(error),
        (error: Error) => done(error),
      );
  });
}
