import { API_BASE, decideLogoutRoute, shouldShowAds } from "@market/domain";
import type { QueryClient } from "@tanstack/react-query";
import { redirect } from "react-router";
import { authFlags } from "../../api/error-reactions.ts";
import { adBlockerDetected } from "../../state/ad-blocker.ts";
import { raiseFooterFlag } from "../../state/footer-flags.ts";
import { queryClient as appQueryClient } from "../../state/query-client.ts";
import { clearSession, getSession } from "../../state/session.ts";
import { noticeSession } from "../../state/session-notices.ts";
import { siteSettingsIn } from "../../state/site-config.ts";

/** Where logging out leads (spec section 4): /offers?logout when ads are shown to this user, else /donation. */
export function logoutRoute(donationDate: string | null | undefined, donatedAdFreeMode: boolean): string {
  const route = decideLogoutRoute(
    shouldShowAds({ adBlockerDetected: adBlockerDetected(), donatedAdFreeMode, donationDate }),
  );
  // The donation modal records where a donation came from (spec 3, Donation state placement).
  return route === "/donation" ? "/donation?placement=logout" : route;
}

/**
 * Ends this session on the server, so a copy of the token (another tab, a shared computer's history) is
 * worthless too. Fire and forget with keepalive: the page leaves at once, and the token is forgotten here
 * whatever the answer.
 */
function endServerSession(token: string): void {
  try {
    void fetch(`${API_BASE}/auth/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch (an old browser, a test without one): the session still expires with its token.
  }
}

/**
 * /logout: end the session, clear the token, the user and the cookie, then go where decideLogoutRoute says,
 * saying so in a toast and in the footer. Raised here rather than only by the footer's session watcher, which
 * is not listening yet when /logout is the first page loaded (a typed address, a bookmark).
 */
export function logout(queryClient: QueryClient = appQueryClient): Response {
  const session = getSession();
  if (session) endServerSession(session.token);
  const donationDate = session?.user?.donation_date ?? null;
  const { donatedAdFreeMode } = siteSettingsIn(queryClient);
  clearSession();
  authFlags.set({ loginLocked: false, invalidCredentials: false });
  queryClient.removeQueries({ queryKey: ["users"] });
  if (session) {
    raiseFooterFlag("justLoggedOut");
    noticeSession("session.signedOut", {}, queryClient);
  }
  return redirect(logoutRoute(donationDate, donatedAdFreeMode));
}
