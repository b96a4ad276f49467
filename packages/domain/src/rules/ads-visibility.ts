import type { AdType } from "./enums.ts";

/**
 * Whether ads are shown to a visitor (spec section 1): hidden when an ad blocker is detected, or when
 * the site setting donatedAdFreeMode is on and the user has a donation_date. Logout, idle and the
 * post-login decision all ask this one question.
 */
export function shouldShowAds(input: {
  adBlockerDetected: boolean;
  donatedAdFreeMode: boolean;
  donationDate: string | null | undefined;
}): boolean {
  if (input.adBlockerDetected) return false;
  if (input.donatedAdFreeMode && input.donationDate) return false;
  return true;
}

/** Spec 4: logout goes to /offers?logout when ads are displayed, otherwise to /donation. */
export function decideLogoutRoute(adsShown: boolean): string {
  return adsShown ? "/offers?logout" : "/donation";
}

const isUnder = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/**
 * Spec 2 (idle behaviour): after idleTimeoutSeconds without activity, a logged-in user who is shown ads
 * goes to /offers; otherwise, without a donation_date, to /donation. Never on pages under offers, and
 * nothing for visitors or for donors who see no ads.
 *
 * Issue 18 reads "no mouse movement" as no activity of any kind (pointer, keyboard, touch, scroll, focus):
 * a phone has no mouse. A page that holds work (unsaved input, a checkout, a wizard, the bulk e-mail)
 * holds the redirect, and a user already on the donation page is not sent to it again.
 */
export function decideIdleRoute(input: {
  signedIn: boolean;
  adsShown: boolean;
  donationDate: string | null | undefined;
  path: string;
  /** The page holds work the redirect would lose. */
  held?: boolean;
}): "/offers" | "/donation" | null {
  if (!input.signedIn || input.held || isUnder(input.path, "/offers")) return null;
  if (input.adsShown) return "/offers";
  return input.donationDate || isUnder(input.path, "/donation") ? null : "/donation";
}

/**
 * The ad types a page is served when it names none (spec 9: display takes an optional type 3 or 4, and
 * type 1 with exceptions): the grid's extra ad cell, which takes the card-shaped types, the banner-card
 * type 1 and the portrait type 2. Other placements name their type (DECISIONS.md "Placement").
 */
export const GRID_AD_TYPES: readonly AdType[] = ["1", "2"];

/** The types GET /advertisements/display chooses among: the one asked for, else the grid's. */
export function displayAdTypes(type: AdType | undefined): readonly AdType[] {
  return type ? [type] : GRID_AD_TYPES;
}
