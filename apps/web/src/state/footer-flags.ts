import { FOOTER_FLAGS, type FooterFlag, type FooterFlags, NO_FOOTER_FLAGS } from "@market/domain";
import { useSyncExternalStore } from "react";
import { getSession, subscribeSession } from "./session.ts";

/**
 * The footer's message flags (spec 4: just logged in, just logged out, error, e-mail error, needs mail
 * verification; and a new account's welcome). Kept in session storage, so a flag raised just before a full page load (logging in
 * reloads when flagged) still forces its message after it; the footer resets them after rotating.
 */
const STORAGE_KEY = "footer_flags";
const listeners = new Set<() => void>();
let current: FooterFlags = read();

function read(): FooterFlags {
  if (typeof sessionStorage === "undefined") return NO_FOOTER_FLAGS;
  try {
    const raw = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, unknown>;
    return Object.fromEntries(FOOTER_FLAGS.map((flag) => [flag, raw[flag] === true])) as FooterFlags;
  } catch {
    return NO_FOOTER_FLAGS;
  }
}

function write(next: FooterFlags) {
  current = next;
  try {
    if (FOOTER_FLAGS.some((flag) => next[flag])) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private modes may refuse storage; the flags still work for this page.
  }
  for (const listener of listeners) listener();
}

/**
 * The flags a newer event makes untrue: signing in ends "just signed out" and signing out ends every
 * signed-in message, so a quick sign-in then sign-out never says "You are signed in" to a visitor.
 */
const UNTRUE_AFTER: Partial<Record<FooterFlag, readonly FooterFlag[]>> = {
  justSignedUp: ["justLoggedIn", "justLoggedOut"],
  justLoggedIn: ["justLoggedOut"],
  justLoggedOut: ["justSignedUp", "justLoggedIn", "needsMailVerification"],
};

export function raiseFooterFlag(flag: FooterFlag): void {
  const cleared = UNTRUE_AFTER[flag] ?? [];
  if (current[flag] && cleared.every((other) => !current[other])) return;
  const next: Record<FooterFlag, boolean> = { ...current, [flag]: true };
  for (const other of cleared) next[other] = false;
  write(next);
}

/** Drops one flag whose message stopped being true (a verified address needs no reminder). */
export function lowerFooterFlag(flag: FooterFlag): void {
  if (current[flag]) write({ ...current, [flag]: false });
}

export function resetFooterFlags(): void {
  if (FOOTER_FLAGS.some((flag) => current[flag])) write(NO_FOOTER_FLAGS);
}

export function getFooterFlags(): FooterFlags {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFooterFlags(): FooterFlags {
  return useSyncExternalStore(subscribe, getFooterFlags, getFooterFlags);
}

/**
 * Logging in and out are seen where they happen, in the session store: a session that appears raises
 * "just logged in", one that ends (logout, expiry, a refused token) raises "just logged out".
 */
export function watchSessionForFooter(): () => void {
  let lastSub = getSession()?.claims.sub ?? null;
  return subscribeSession(() => {
    const sub = getSession()?.claims.sub ?? null;
    if (sub === lastSub) return;
    if (sub && lastSub === null) raiseFooterFlag("justLoggedIn");
    else if (sub === null) raiseFooterFlag("justLoggedOut");
    lastSub = sub;
  });
}
