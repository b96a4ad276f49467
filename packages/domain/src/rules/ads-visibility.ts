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
