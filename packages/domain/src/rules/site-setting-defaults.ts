import { AD_TYPES } from "./enums.ts";
import type { SiteSettings } from "./site-settings.ts";

/**
 * The defaults of DECISIONS.md every server starts from, in a module of their own without zod: the web app
 * fills settings it has not read yet from these on its first screen, and a module with schemas would carry
 * zod into the first bundle (vite.config.ts drops only domain modules nothing imports).
 */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  adMinimums: Object.fromEntries(
    AD_TYPES.map((t) => [t, { totalCost: 20, spendPerDay: 1 }]),
  ) as SiteSettings["adMinimums"],
  adCpmCents: { "1": 200, "2": 300, "3": 100, "4": 400, "5": 500 },
  maxCombinedFileSize: 200,
  quickCheckout: false,
  offlineMode: false,
  donatedAdFreeMode: false,
  showAds: { portfolio: true },
  cssOverride: "",
  idleTimeoutSeconds: 300,
  restrictedWords: [],
  salesFeePercent: 20,
  tipFeePercent: 0,
  payoutHoldDays: 14,
  refundWindowDays: 14,
  additionalSeatPercent: 50,
  payoutMinimumCents: 1000,
  featurePricePerDayCents: 200,
  favoritesLimit: 500,
  passwordMaxAgeDays: 365,
  timeZone: "America/New_York",
};
