import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import { siteSettings } from "../db/schema/index.ts";
import { AppError } from "./errors.ts";

/**
 * Offline (maintenance) mode on the server side: while it is on, only admins and the routes marked
 * `availableOffline` (configuration, login, health, public images) are answered. One primary-key read,
 * so turning it on is in force on every instance at once.
 */
export function installOfflineGate(app: FastifyInstance, db: Db) {
  app.addHook("preValidation", async (request) => {
    if (request.routeOptions.config?.availableOffline || request.viewer?.isAdmin) return;
    if (!request.routeOptions.url?.startsWith("/api/")) return;
    const [row] = await db
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, "offlineMode"));
    if (row?.value === true) throw new AppError("offline", "The site is down for maintenance");
  });
}
