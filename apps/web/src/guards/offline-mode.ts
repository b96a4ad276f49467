/**
 * Guard 1 of 6 (spec section 2): offline (maintenance) mode. Visitors and users go to /offline while it is on;
 * admins bypass it. /offline with the mode off sends to the home page. The login routes stay reachable so
 * that an admin can sign in to bypass the mode or turn it off.
 */
export const OFFLINE_PATH = "/offline";
const REACHABLE_WHILE_OFFLINE = new Set([OFFLINE_PATH, "/login", "/logout", "/token-login"]);

export interface OfflineInput {
  offlineMode: boolean;
  isAdmin: boolean;
  path: string;
}

export function decideOfflineRedirect({ offlineMode, isAdmin, path }: OfflineInput): string | null {
  if (!offlineMode) return path === OFFLINE_PATH ? "/" : null;
  if (isAdmin || REACHABLE_WHILE_OFFLINE.has(path)) return null;
  return OFFLINE_PATH;
}
