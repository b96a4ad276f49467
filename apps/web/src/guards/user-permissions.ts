import type { PermissionFlag, SelfUser } from "@market/domain";
import type { ResponseOf } from "../api/client.ts";

/**
 * Guard 5 of 6 (spec section 6): deactivated users, permission flags and own-account pages. Runs after
 * authentication, so a signed-out visitor has already been sent to log in. (The master account's landing on
 * /admin/users is where it goes after login, post-login.ts; the admin home page stays open to it.)
 */
export type PermissionsResponse = ResponseOf<"GET /users/self/permissions">;

export interface PermissionInput {
  path: string;
  /** The signed-in user (null for visitors, and while the stored user is not known yet). */
  user: Pick<SelfUser, "username" | "is_master_account"> | null;
  /** GET /users/self/permissions; null when not signed in or not known. */
  permissions?: PermissionsResponse | null;
}

const PROFILE = /^\/profile\/@([^/]+)(?:\/([^/]+))?/;
/** Own-account sections: another user's settings or status page sends the visitor to that user's resources. */
const OWN_ACCOUNT_SECTIONS = new Set(["settings", "status"]);

/** The flags a path needs (spec section 6); every one of them must hold. */
export function requiredFlags(path: string): PermissionFlag[] {
  if (/^\/profile\/(?:@[^/]+\/)?settings(?:\/|$)/.test(path)) return ["controls"];
  if (/^\/profile\/@[^/]+\/tip(?:\/|$)/.test(path) || /^\/tip(?:\/|$)/.test(path)) return ["payments"];
  if (/^\/resources\/[^/]+\/leave-tip(?:\/|$)/.test(path)) return ["payments"];
  if (/^\/profile\/@[^/]+\/message(?:\/|$)/.test(path)) return ["messages"];
  if (/^\/resources\/(?:[^/]+\/)?edit(?:\/|$)/.test(path)) return ["upload", "editing"];
  if (/^\/advertising(?:\/|$)/.test(path)) return ["advertise"];
  return [];
}

/** The flags a path needs that the account lacks; none while the permissions are not known. */
export function missingFlags(
  path: string,
  permissions: PermissionsResponse | null | undefined,
): PermissionFlag[] {
  if (!permissions) return [];
  return requiredFlags(path).filter((flag) => permissions.permissions[flag] !== true);
}

export const statusPath = (username: string) => `/profile/@${username}/status`;
export const profileResourcesPath = (username: string) => `/profile/@${username}/resources`;

function isDeactivatedAllowed(path: string, username: string): boolean {
  if (path === "/offers" || /^\/offers\/[^/]+\/?$/.test(path) || path === "/logout") return true;
  const profile = PROFILE.exec(path);
  return (
    profile?.[2] === "status" && decodeURIComponent(profile[1]!).toLowerCase() === username.toLowerCase()
  );
}

export function decidePermissionRedirect({ path, user, permissions }: PermissionInput): string | null {
  if (!user) return null;
  const own = user.username;
  if (permissions?.isDeactivated) return isDeactivatedAllowed(path, own) ? null : statusPath(own);

  const profile = PROFILE.exec(path);
  const handle = profile ? decodeURIComponent(profile[1]!) : null;
  if (
    handle &&
    profile?.[2] &&
    OWN_ACCOUNT_SECTIONS.has(profile[2]) &&
    handle.toLowerCase() !== own.toLowerCase()
  ) {
    return profileResourcesPath(handle);
  }

  if (missingFlags(path, permissions).length === 0) return null;
  if (path.startsWith("/profile")) return profileResourcesPath(handle ?? own);
  return "/";
}
