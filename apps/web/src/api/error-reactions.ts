import type { AuthFailureReason } from "@market/domain";

/**
 * How the app reacts to an API error (spec sections 4 and 8), decided purely from the error:
 * 401 requires_captcha / cooling_off -> captcha, then replay; 401 requires_pattern -> pattern challenge;
 * 401 insufficient_permissions -> login locked; 401 invalid_token -> log out; 403 -> invalid-credentials flag;
 * 429 -> request-limit state.
 */
export type ErrorReaction =
  | "captcha"
  | "pattern"
  | "login-locked"
  | "invalid-token"
  | "invalid-credentials"
  | "request-limit"
  | "none";

export interface ErrorFacts {
  status: number;
  reason?: AuthFailureReason | undefined;
}

export function decideErrorReaction({ status, reason }: ErrorFacts): ErrorReaction {
  if (status === 401) {
    if (reason === "requires_captcha" || reason === "cooling_off") return "captcha";
    if (reason === "requires_pattern") return "pattern";
    if (reason === "insufficient_permissions") return "login-locked";
    if (reason === "invalid_token") return "invalid-token";
    return "none";
  }
  if (status === 403) return "invalid-credentials";
  if (status === 429) return "request-limit";
  return "none";
}

/** The flags the reactions set, readable by any screen (the login page shows them). */
export interface AuthFlags {
  loginLocked: boolean;
  invalidCredentials: boolean;
}

let flags: AuthFlags = { loginLocked: false, invalidCredentials: false };
const listeners = new Set<() => void>();

export const authFlags = {
  get: () => flags,
  set(patch: Partial<AuthFlags>) {
    const next = { ...flags, ...patch };
    if (next.loginLocked === flags.loginLocked && next.invalidCredentials === flags.invalidCredentials)
      return;
    flags = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
