import { type AccessClaims, COOKIE_NAMES, type SelfUser } from "@market/domain";
import { useSyncExternalStore } from "react";
import { expiredCookie, isSecurePage, readCookie, serializeCookie, writeDocumentCookie } from "./cookies.ts";

/**
 * The signed-in session (spec section 4, Authentication): the access token lives in local storage and in a
 * cookie; it counts only while it has not expired. The JWT payload is decoded here only to read exp and
 * scopes for routing; the server verifies every request.
 */
export const STORAGE_KEYS = {
  token: "access_token",
  user: "user",
  redirectPath: "redirect_path",
} as const;

export interface SessionView {
  token: string;
  claims: AccessClaims;
  user: SelfUser | null;
  isAdmin: boolean;
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The claims of an access token, or null when it is not a well-formed JWT with a numeric exp. */
export function decodeAccessClaims(token: string): AccessClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof claims !== "object" || claims === null) return null;
    const { sub, exp, scopes } = claims as Record<string, unknown>;
    if (typeof exp !== "number") return null;
    return {
      sub: typeof sub === "string" ? sub : "",
      exp,
      scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === "string") : [],
    };
  } catch {
    return null;
  }
}

export function isTokenLive(claims: AccessClaims, nowMs: number): boolean {
  return claims.exp * 1000 > nowMs;
}

function parseUser(raw: string | null): SelfUser | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SelfUser;
  } catch {
    return null;
  }
}

/** Reads the session from storage and cookies; an expired or malformed token is no session. */
export function readSession(storage: Storage, cookieString: string, nowMs: number): SessionView | null {
  const token = storage.getItem(STORAGE_KEYS.token) ?? readCookie(cookieString, COOKIE_NAMES.accessToken);
  if (!token) return null;
  const claims = decodeAccessClaims(token);
  if (!claims || !isTokenLive(claims, nowMs)) return null;
  return {
    token,
    claims,
    user: parseUser(storage.getItem(STORAGE_KEYS.user)),
    isAdmin: claims.scopes.includes("admin"),
  };
}

const listeners = new Set<() => void>();
let version = 0;
let cached: { version: number; value: SessionView | null } | undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const MAX_TIMER_MS = 2_147_483_647;

function notify() {
  version += 1;
  for (const listener of listeners) listener();
}

function watchExpiry(session: SessionView | null, nowMs: number) {
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  expiryTimer = undefined;
  if (!session) return;
  const left = session.claims.exp * 1000 - nowMs;
  if (left < MAX_TIMER_MS) expiryTimer = setTimeout(notify, left + 1);
}

/** The current session, stable between changes (it is the snapshot of useSession). */
export function getSession(nowMs = Date.now()): SessionView | null {
  if (!cached || cached.version !== version) {
    const value = readSession(localStorage, document.cookie, nowMs);
    cached = { version, value };
    watchExpiry(value, nowMs);
  } else if (cached.value && !isTokenLive(cached.value.claims, nowMs)) {
    cached = { version, value: null };
  }
  return cached.value;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) notify();
  });
}

export function useSession(): SessionView | null {
  return useSyncExternalStore(subscribeSession, () => getSession());
}

export function storeSession(token: string, user: SelfUser): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const claims = decodeAccessClaims(token);
  writeDocumentCookie(
    serializeCookie(COOKIE_NAMES.accessToken, token, {
      ...(claims ? { expires: new Date(claims.exp * 1000) } : {}),
      secure: isSecurePage(),
    }),
  );
  notify();
}

export function storeUser(user: SelfUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
  writeDocumentCookie(expiredCookie(COOKIE_NAMES.accessToken));
  notify();
}

/** Only same-site paths are remembered and followed, never another origin. */
export function isSafeLocalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

export function rememberPath(path: string): void {
  if (isSafeLocalPath(path)) localStorage.setItem(STORAGE_KEYS.redirectPath, path);
}

export function peekRememberedPath(): string | null {
  const path = localStorage.getItem(STORAGE_KEYS.redirectPath);
  return path && isSafeLocalPath(path) ? path : null;
}

export function forgetRememberedPath(): void {
  localStorage.removeItem(STORAGE_KEYS.redirectPath);
}
