import type { PermissionFlag } from "@market/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema/index.ts";
import { AccountCache } from "./account-cache.ts";
import { noteActiveDay } from "./active-days.ts";
import { onAccountChange } from "./catalogue-changes.ts";
import { AppError, unauthorized } from "./errors.ts";
import type { TokenClaims, TokenSigner } from "./tokens.ts";

/**
 * Who may call a route, declared on the route as `config: { access, permission, allowDeactivated }`.
 * Routes are private by default: a route that says nothing needs a signed-in, active user. The
 * route-table test walks every registered route and proves it.
 */
export type Access = "public" | "user" | "admin";

export interface Viewer {
  id: string;
  username: string;
  /** The session of the token this request came with (platform/sessions.ts). */
  sessionId: string;
  scopes: string[];
  /** The token's admin scope and the account's current role both: revoking admin is immediate. */
  isAdmin: boolean;
  isDeactivated: boolean;
  permissions: Record<PermissionFlag, boolean>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** A permission flag (spec 6) the caller's account must hold. */
    permission?: PermissionFlag;
    /** Deactivated accounts may call it (their own account, status and offers). */
    allowDeactivated?: boolean;
    /** Still answered while the site is in offline (maintenance) mode. */
    availableOffline?: boolean;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
    /** A token not yet checked, on a route whose answer is the same for everybody (identifyDeferred). */
    deferredIdentity: (() => Promise<void>) | null;
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

/** One primary-key lookup joined to the token's session, prepared once per database handle. */
const accountStatements = new WeakMap<Db, ReturnType<typeof prepareAccountStatement>>();

function prepareAccountStatement(db: Db) {
  return db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      is_deactivated: users.is_deactivated,
      perm_controls: users.perm_controls,
      perm_payments: users.perm_payments,
      perm_messages: users.perm_messages,
      perm_upload: users.perm_upload,
      perm_editing: users.perm_editing,
      perm_advertise: users.perm_advertise,
    })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.id, sql.placeholder("sid")), eq(sessions.users_id, users.id)))
    .where(and(eq(users.id, sql.placeholder("sub")), isNull(sessions.ended_at)))
    .prepare("account_of_token");
}

/**
 * The account behind a token (null when the account is gone or the session has ended). Logging out,
 * deactivation, revoked permissions and revoked admin rights are in force as soon as the account's
 * notice reaches the instance (platform/account-cache.ts).
 */
export async function loadViewer(
  db: Db,
  claims: Pick<TokenClaims, "sub" | "sid" | "scopes">,
): Promise<Viewer | null> {
  const { scopes } = claims;
  let statement = accountStatements.get(db);
  if (!statement) {
    statement = prepareAccountStatement(db);
    accountStatements.set(db, statement);
  }
  const [row] = await statement.execute({ sid: claims.sid, sub: claims.sub });
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    sessionId: claims.sid,
    scopes,
    // A deactivated admin is no admin: the master's deactivation must cut off the console too.
    isAdmin: scopes.includes("admin") && row.role === "admin" && !row.is_deactivated,
    isDeactivated: row.is_deactivated,
    permissions: {
      controls: row.perm_controls,
      payments: row.perm_payments,
      messages: row.perm_messages,
      upload: row.perm_upload,
      editing: row.perm_editing,
      advertise: row.perm_advertise,
    },
  };
}

export const accessPlugin = fp<{ tokens: TokenSigner; db: Db; accountCacheMs: number }>(
  async (app: FastifyInstance, { tokens, db, accountCacheMs }) => {
    app.decorateRequest("viewer", null);
    app.decorateRequest("deferredIdentity", null);
    const accounts = new AccountCache<Viewer | null>(accountCacheMs);
    const stopListening = onAccountChange(db, (userId) =>
      userId === null ? accounts.clear() : accounts.dropUser(userId),
    );
    app.addHook("onClose", (_instance, done) => {
      stopListening();
      done();
    });

    /** What the route's access rule says of this caller: undefined to go on, or the refusal. */
    const refusal = (request: FastifyRequest, hadToken: boolean): AppError | undefined => {
      const config = request.routeOptions.config ?? {};
      const access = config.access ?? "user";
      if (access === "public") return undefined;
      const viewer = request.viewer;
      if (!viewer) {
        return unauthorized(
          "invalid_token",
          hadToken ? "Your session has expired; please log in again" : "Please log in",
        );
      }
      if (viewer.isDeactivated && !config.allowDeactivated && !viewer.isAdmin) {
        return new AppError("account_deactivated", "This account is deactivated", {
          reason: "insufficient_permissions",
        });
      }
      if (access === "admin" && !viewer.isAdmin) return new AppError("forbidden", "Only admins may do that");
      if (config.permission && !viewer.permissions[config.permission]) {
        return new AppError(
          "missing_permission",
          `Your account does not have the ${config.permission} permission`,
        );
      }
      return undefined;
    };

    const identify = async (request: FastifyRequest, token: string) => {
      const claims = await tokens.verify(token);
      if (!claims) return;
      // Keyed by everything the viewer is made of: the account, the session and the token's scopes.
      const key = `${claims.sub} ${claims.sid} ${claims.scopes.join(",")}`;
      request.viewer = await accounts.get(key, claims.sub, () => loadViewer(db, claims));
      if (request.viewer) await noteActiveDay(db, request.viewer.id);
    };

    // Callback style: a visitor (no token, most page views and every ad served) is judged without a
    // promise; only a token costs a verification and the account's lookup.
    app.addHook("onRequest", (request, _reply, done) => {
      // An unknown path is a 404 for everybody; saying 401 would hint that it exists.
      if (request.is404) return done();
      const token = bearerToken(request);
      if (!token) return done(refusal(request, false));
      // An answer the same for everybody (the grids, the site's configuration) needs no account: a
      // signed-in teacher is served it exactly as a visitor is, at a visitor's cost.
      if (request.routeOptions.config?.sameForEveryone) {
        request.deferredIdentity = () => identify(request, token);
        return done();
      }
      identify(request, token).then(
        () => done(refusal(request, true)),
        (error: Error) => done(error),
      );
    });
  },
);

/**
 * The viewer of a request whose token the access plugin left unchecked (a route the same for everybody),
 * for the rare gate that needs it after all (offline mode lets admins through).
 */
export async function identifyDeferred(request: FastifyRequest): Promise<Viewer | null> {
  const identity = request.deferredIdentity;
  if (identity) {
    request.deferredIdentity = null;
    await identity();
  }
  return request.viewer;
}

/** The signed-in viewer of a private route (the access hook has already refused anonymous calls). */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized("invalid_token", "Please log in");
  return request.viewer;
}
