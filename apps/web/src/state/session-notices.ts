import { textOf } from "@market/domain";
import type { QueryClient } from "@tanstack/react-query";
import { showAppNotice } from "../components/Toast.tsx";
import { queryClient as appQueryClient } from "./query-client.ts";
import { fillText, siteQueries } from "./site-config.ts";

/**
 * The toasts that tell a user what happened to their session (issue 18: the outcome of signing in, signing
 * out and verifying shows where the eye is, not only in the footer). Admins can override each text as a
 * site text; these are the defaults.
 */
export const SESSION_TEXTS = {
  "session.signedIn": "You are signed in. Welcome back, {name}!",
  "session.signedUp": "Welcome to Lesson Loft, {name}! Your account is ready.",
  "session.verified": "Your e-mail address is verified. You are signed in.",
  "session.signedOut": "You are signed out. See you soon!",
  "session.targetRefused": "You are signed in, but that page is not open to your account.",
  "session.permissionsFailed":
    "We could not check your account just now, so you were signed out. Please log in again.",
} as const satisfies Record<string, string>;

export type SessionTextKey = keyof typeof SESSION_TEXTS;

/** A session text from the site's copy when an admin set one, else the default, with {name} filled. */
export function sessionText(
  key: SessionTextKey,
  values: Record<string, string> = {},
  queryClient: QueryClient = appQueryClient,
): string {
  const stored = textOf(queryClient.getQueryData(siteQueries.texts.queryKey), key);
  return fillText(stored === key ? SESSION_TEXTS[key] : stored, values);
}

/** How a user is greeted: their first name, else their username, never an empty name. */
export function greetingName(user: { first_name?: string | null; username: string } | null | undefined) {
  return user?.first_name?.trim() || user?.username || "";
}

export function noticeSession(
  key: SessionTextKey,
  values: Record<string, string> = {},
  queryClient: QueryClient = appQueryClient,
): void {
  showAppNotice(
    sessionText(key, values, queryClient),
    key === "session.permissionsFailed" ? "error" : "success",
  );
}
