import { useAreaTexts } from "../../state/site-config.ts";

/** Copy of /admin/settings (settings, texts, colours, images, change log); admins can override any key. */
export const SETTINGS_TEXTS = {
  "siteSettings.title": "Site settings",
  "settings.intro": "Changes apply to every visitor at once and are recorded in the change log.",
  "settings.sections": "Site settings sections",
  "settings.tab.settings": "Settings",
  "settings.tab.texts": "Texts",
  "settings.tab.colors": "Colours",
  "settings.tab.images": "Site images",
  "settings.tab.changes": "Change log",
  "settings.form": "Site settings",
  "settings.switches": "Switches",
  "settings.offlineMode": "Offline (maintenance) mode: only admins can use the site",
  "settings.quickCheckout": "Quick checkout: skip the billing address",
  "settings.donatedAdFreeMode": "Donated ad-free mode: no ads for donors",
  "settings.showAds.portfolio": "Show ads on portfolios (showAds.portfolio)",
  "settings.ads": "Ads",
  "settings.ads.caption": "Ad minimums and prices per type",
  "settings.ads.type": "Ad type",
  "settings.ads.totalCost": "Minimum total ($)",
  "settings.ads.spendPerDay": "Minimum per day ($)",
  "settings.ads.cpm": "Price per 1,000 impressions ($)",
  "settings.ads.typeN": "Type {type}",
  "settings.ads.totalCostOf": "Type {type} minimum total in dollars",
  "settings.ads.spendPerDayOf": "Type {type} minimum per day in dollars",
  "settings.ads.cpmOf": "Type {type} price per thousand impressions in dollars",
  "settings.money": "Money",
  "settings.salesFeePercent": "Platform fee on sales (%)",
  "settings.tipFeePercent": "Platform fee on tips (%)",
  "settings.payoutHoldDays": "Days before earnings can be paid out",
  "settings.payoutMinimumCents": "Minimum payout ($)",
  "settings.featurePricePerDayCents": "Featuring price per day ($)",
  "settings.timeZone": "Site time zone",
  "settings.timeZone.hint": "An IANA name, such as America/New_York",
  "settings.limits": "Limits",
  "settings.maxCombinedFileSize": "Maximum combined file size (MB)",
  "settings.favoritesLimit": "Favorites per user",
  "settings.idleTimeoutSeconds": "Idle timeout (seconds)",
  "settings.passwordMaxAgeDays": "Password age before a reminder (days)",
  "settings.restrictedWords": "Restricted words",
  "settings.restrictedWords.pattern": "Pattern {n}",
  "settings.restrictedWords.replacement": "Replacement {n}",
  "settings.restrictedWords.remove": "Remove",
  "settings.restrictedWords.add": "Add a restricted word",
  "settings.cssOverride": "CSS override (applied after the site's own styles)",
  "settings.save": "Save settings",
  "settings.noChanges": "No changes",
  "settings.idleTimeoutSeconds.hint": "30 to 86,400",
  "settings.changed": "Changed: {keys}",
  "settings.restrictedWords.about":
    "Replaced in ads and resources before they are saved: whole words, any case, the first letter's case kept.",
} as const satisfies Record<string, string>;

export type SettingsTextKey = keyof typeof SETTINGS_TEXTS;

export function useSettingsTexts(): (key: SettingsTextKey, values?: Record<string, string>) => string {
  return useAreaTexts(SETTINGS_TEXTS);
}
