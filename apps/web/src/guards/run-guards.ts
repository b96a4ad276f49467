import { type Access, type AuthDecision, decideAuthRedirect } from "./authentication.ts";
import { decideOfflineRedirect } from "./offline-mode.ts";
import { applyRefCode } from "./ref-code.ts";
import { decidePermissionRedirect, type PermissionInput } from "./user-permissions.ts";

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

  const session = deps.session();
  const auth: AuthDecision | null = decideAuthRedirect({ access, path, search: url.search, ...session });
  if (auth) {
    if (auth.remember) deps.rememberPath(auth.remember);
    return { redirect: auth.to };
  }

  applyRefCode(url, deps.writeCookie);

  const permission = decidePermissionRedirect({ path, user: session.user });
  if (permission) return { redirect: permission };

  return { data: load ? await load() : null };
}
