import { type Access, type AuthDecision, decideAuthRedirect } from "./authentication.ts";
import { decideOfflineRedirect } from "./offline-mode.ts";
import { applyRefCode, decideRefCodeStorage } from "./ref-code.ts";
import {
  decidePermissionRedirect,
  type PermissionInput,
  type PermissionsResponse,
} from "./user-permissions.ts";

/**
 * The route guards in the spec's order (section 2): offline mode, load configuration, authentication,
 * apply ref code, user permissions, loader. The first guard that redirects ends the chain.
 */
export interface GuardDeps {
  offlineMode(): Promise<boolean>;
  loadConfiguration(): Promise<unknown>;
  session(): { loggedIn: boolean; isAdmin: boolean; user: PermissionInput["user"] };
  rememberPath(path: string): void;
  writeCookie(cookie: string): void;
  /** Keeps a ref code seen by a visitor until login. */
  bufferRefCode?(code: string): void;
  /**
   * GET /users/self/permissions for a signed-in user (cached). When the call fails it clears the session
   * (spec section 4) and resolves null.
   */
  permissions?(): Promise<PermissionsResponse | null>;
}

export type GuardOutcome<T> = { redirect: string } | { data: T | null };

export async function runGuards<T>(
  url: URL,
  access: Access,
  deps: GuardDeps,
  load?: () => Promise<T> | T,
): Promise<GuardOutcome<T>> {
  const path = url.pathname;

  const offlineMode = await deps.offlineMode();
  const offline = decideOfflineRedirect({ offlineMode, isAdmin: deps.session().isAdmin, path });
  if (offline) return { redirect: offline };

  await deps.loadConfiguration();

  const authenticate = (): AuthDecision | null => {
    const session = deps.session();
    const auth = decideAuthRedirect({ access, path, search: url.search, ...session });
    if (auth?.remember) deps.rememberPath(auth.remember);
    return auth;
  };
  const auth = authenticate();
  if (auth) return { redirect: auth.to };

  const refCode = applyRefCode(url, deps.writeCookie);
  if (decideRefCodeStorage(refCode, deps.session().loggedIn).buffer && refCode) deps.bufferRefCode?.(refCode);

  let session = deps.session();
  const permissions = session.loggedIn && deps.permissions ? await deps.permissions() : null;
  if (session.loggedIn && !deps.session().loggedIn) {
    // The permissions call failed and cleared the session: the route is judged again as a visitor.
    const again = authenticate();
    if (again) return { redirect: again.to };
    session = deps.session();
  }
  const permission = decidePermissionRedirect({ path, user: session.user, permissions });
  if (permission) return { redirect: permission };

  return { data: load ? await load() : null };
}
