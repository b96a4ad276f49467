/** Site image keys, grouped per page (spec section 3, Site image). */
export const SITE_IMAGE_KEYS = [
  "admin",
  "advertising",
  "donate",
  "earnings",
  "favorites",
  "first-tip",
  "following",
  "help",
  "helpbook",
  "login",
  "logout",
  "new",
  "offers",
  "portfolio",
  "publishing",
  "resource-not-found",
  "resources",
  "sign-up",
  "support",
  "welcome",
] as const;
export type SiteImageKey = (typeof SITE_IMAGE_KEYS)[number];
