import { COOKIE_NAMES, REF_CODE_PARAM, REF_CODE_PATTERN, TIMINGS } from "@market/domain";
import { serializeCookie } from "../state/cookies.ts";

/** Guard 4 of 6 (spec section 4, Other): a refCode query parameter is stored in a cookie for 5 hours. */
export function refCodeFrom(search: URLSearchParams): string | null {
  const code = search.get(REF_CODE_PARAM);
  return code && REF_CODE_PATTERN.test(code) ? code : null;
}

export function refCodeCookie(code: string, secure: boolean): string {
  return serializeCookie(COOKIE_NAMES.refCode, code, {
    maxAgeSeconds: TIMINGS.refCodeCookieHours * 60 * 60,
    secure,
  });
}

/** Writes the ref code cookie when the URL carries a valid ref code; returns the code it stored. */
export function applyRefCode(url: URL, writeCookie: (cookie: string) => void): string | null {
  const code = refCodeFrom(url.searchParams);
  if (code) writeCookie(refCodeCookie(code, url.protocol === "https:"));
  return code;
}

/**
 * Where a ref code from the URL is kept: always in the 5-hour cookie; a visitor who is not signed in also
 * buffers it until login, when it is posted to /auth/refCode (spec section 4, steps 3 and Other).
 */
export function decideRefCodeStorage(
  code: string | null,
  loggedIn: boolean,
): { cookie: boolean; buffer: boolean } {
  return { cookie: code !== null, buffer: code !== null && !loggedIn };
}
