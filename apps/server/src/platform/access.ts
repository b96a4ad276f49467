import type { AccessClaims } from "@market/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError, unauthorized } from "./errors.ts";
import type { TokenSigner } from "./tokens.ts";

/**
 * Who may call a route, declared on the route as `config: { access }`. Routes are private by
 * default: a route that says nothing needs a signed-in user. The route-table test walks every
 * registered route and proves it.
 */
export type Access = "public" | "user" | "admin";

export interface Viewer {
  id: string;
  scopes: string[];
  isAdmin: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** Still answered while the site is in offline (maintenance) mode. */
    availableOffline?: boolean;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export function accessOf(request: FastifyRequest): Access {
  return request.routeOptions.config?.access ?? "user";
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || null;
  return null;
}

export const accessPlugin = fp<{ tokens: TokenSigner }>(async (app: FastifyInstance, { tokens }) => {
  app.decorateRequest("viewer", null);
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request);
    const claims: AccessClaims | null = token ? await tokens.verify(token) : null;
    if (claims)
      request.viewer = { id: claims.sub, scopes: claims.scopes, isAdmin: claims.scopes.includes("admin") };
    const access = accessOf(request);
    // An unknown path is a 404 for everybody; saying 401 would hint that it exists.
    if (access === "public" || request.is404) return;
    if (!request.viewer) {
      throw unauthorized(
        "invalid_token",
        token ? "Your session has expired; please log in again" : "Please log in",
      );
    }
    if (access === "admin" && !request.viewer.isAdmin) {
      throw new AppError("forbidden", "Only admins may do that");
    }
  });
});

/** The signed-in viewer of a private route (the access hook has already refused anonymous calls). */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized("invalid_token", "Please log in");
  return request.viewer;
}
