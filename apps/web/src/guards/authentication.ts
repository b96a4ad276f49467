import { REF_CODE_PARAM } from "@market/domain";

/**
 * Guard 3 of 6 (spec sections 4 and 6): who may open a route. Routes carry an access class; the decision
 * below turns it and the session into a redirect (and a path to remember for after login) or null.
 */
export type Access = "public" | "login" | "admin";

/** Areas whose visitors go to /login?next={area} (spec section 6). */
export const LOGIN_AREAS = [
  "advertising",
  "favorites",
  "following",
  "publishing",
  "earnings",
  "support",
] as const;
export type LoginArea = (typeof LOGIN_AREAS)[number];

export interface AuthInput {
  access: Access;
  path: string;
  search: string;
  loggedIn: boolean;
  isAdmin: boolean;
}

export interface AuthDecision {
  to: string;
  /** A path to follow after login, stored by the caller. */
  remember?: string;
}

export function loginAreaOf(path: string): LoginArea | null {
  const first = path.split("/")[1] ?? "";
  return (LOGIN_AREAS as readonly string[]).includes(first) ? (first as LoginArea) : null;
}

const GIFT_PURCHASE = /^\/resources\/[^/]+\/purchase(\/|$)/;

export function decideAuthRedirect({
  access,
  path,
  search,
  loggedIn,
  isAdmin,
}: AuthInput): AuthDecision | null {
  const fullPath = `${path}${search}`;
  // Spec 6 sends signed-in users away from sign-up; the login form is no place for them either (issue 18:
  // a login form shown again to a signed-in user, with no message, looked like a failed login).
  if (loggedIn && (path === "/sign-up" || path === "/login")) return { to: "/" };
  if (access === "public") return null;
  if (!loggedIn) {
    if (GIFT_PURCHASE.test(path) && new URLSearchParams(search).has(REF_CODE_PARAM)) {
      return { to: "/sign-up?from=gift", remember: fullPath };
    }
    const area = loginAreaOf(path);
    if (area) return { to: `/login?next=${area}`, remember: fullPath };
    return { to: "/login", remember: fullPath };
  }
  if (access === "admin" && !isAdmin) return { to: "/login" };
  return null;
}

/** 401 invalid_token (spec section 4): log out, remember the path under /resources or /support, go to /login. */
export function decideInvalidTokenRedirect(path: string, search = ""): AuthDecision {
  const keep = path.startsWith("/resources/") || path === "/resources" || path === "/support";
  return keep ? { to: "/login", remember: `${path}${search}` } : { to: "/login" };
}

/**
 * Where to go after a plain login (the foundation part of spec section 4's post-login order): the remembered
 * path when it belongs to the requested area (or no area was asked for), else the area, else home.
 */
export function decideAfterLoginRoute(next: string | null, remembered: string | null): string {
  const area = next && (LOGIN_AREAS as readonly string[]).includes(next) ? next : null;
  if (remembered && (!area || loginAreaOf(remembered) === area)) return remembered;
  if (area) return `/${area}`;
  return "/";
}

/**
 * Whether a signed-in user may open the page a login is about to send them to (issue 18): a remembered
 * admin page must not send a teacher back to /login. The same questions the guards ask: the page's access
 * class, then the permission flags it needs when they are known.
 */
export function mayOpenAfterLogin(input: {
  access: Access;
  isAdmin: boolean;
  /** The flags the page needs that the account lacks (user-permissions.ts), when they are known. */
  missingFlags: readonly string[];
}): boolean {
  if (input.access === "admin" && !input.isAdmin) return false;
  return input.missingFlags.length === 0;
}

/** Pages that are part of signing in or out: pressing "Log in" there has nowhere to return to. */
const ACCOUNT_PAGES = /^\/(?:login|logout|token-login|sign-up)(?:\/|$)/;

/**
 * Where the header's "Log in" returns after login (issue 18): the page it was pressed on, without the
 * logout greeting of /offers?logout; none from the account pages themselves.
 */
export function loginReturnPath(path: string, search: string): string | null {
  if (ACCOUNT_PAGES.test(path)) return null;
  const params = new URLSearchParams(search);
  params.delete("logout");
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
