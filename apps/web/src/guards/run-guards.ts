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
 * apply ref code, user permissions, loader. The first guard that redirects ends the chain. `prefetch`
 * starts the public data a page shows as soon as offline mode has passed (it decides nothing).
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
  prefetch?: () => void,
): Promise<GuardOutcome<T>> {
  const path = url.pathname;

  // The guards decide in the spec's order, but the configuration is fetched alongside the offline flag, not
  // after it: each is a round trip that a phone on a slow network waits through before anything is drawn.
  // (The configuration is served in offline mode too, so fetching it early is never refused.) The catch
  // only keeps an early failure from counting as unhandled; the await below still throws it.
  const configuration = deps.loadConfiguration();
  configuration.catch(() => undefined);

  const offlineMode = await deps.offlineMode();
  const offline = decideOfflineRedirect({ offlineMode, isAdmin: deps.session().isAdmin, path });
  if (offline) return { redirect: offline };

  // A public page's data starts once the site is known to be open, while the configuration arrives.
  prefetch?.();
  await configuration;

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
