import type { SiteSettingKey } from "@market/domain";
import { useAreaTexts } from "../../state/site-config.ts";

/**
 * Copy of /admin/settings (settings, texts, colours, images, change log); admins can override any key.
 * Every setting has a name in an admin's words with its unit, and a line saying what it does: the form and
 * the change log show these, never the setting's key.
 */
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
  "settings.offlineMode": "Offline (maintenance) mode",
  "settings.offlineMode.help":
    "While it is on, only admins can use the site; everyone else sees a page saying the site will be back soon.",
  "settings.quickCheckout": "Quick checkout",
  "settings.quickCheckout.help": "Buyers pay without typing a billing address.",
  "settings.donatedAdFreeMode": "No ads for donors",
  "settings.donatedAdFreeMode.help": "People who have made a donation to the site see no ads.",
  "settings.showAds": "Ads on portfolio pages",
  "settings.showAds.help": "Show ads on creators' portfolio pages.",
  "settings.ads": "Ads",
  "settings.ads.help":
    "The least an advertiser can spend on one ad, for the whole run and for each day, and what an ad pays for every 1,000 times it is shown. All in dollars.",
  "settings.adMinimums": "Smallest ad budgets ($)",
  "settings.adCpmCents": "Ad prices per 1,000 views ($)",
  "settings.ads.caption": "Ad minimums and prices per type",
  "settings.ads.type": "Ad type",
  "settings.ads.totalCost": "Least for the whole run ($)",
  "settings.ads.spendPerDay": "Least per day ($)",
  "settings.ads.cpm": "Price per 1,000 views ($)",
  "settings.ads.typeN": "Type {type}",
  "settings.ads.totalCostOf": "Type {type}: least for the whole run, in dollars",
  "settings.ads.spendPerDayOf": "Type {type}: least per day, in dollars",
  "settings.ads.cpmOf": "Type {type}: price per 1,000 views, in dollars",
  "settings.money": "Money",
  "settings.salesFeePercent": "Site's share of each sale (%)",
  "settings.salesFeePercent.help": "The creator keeps the rest: at {percent}%, {kept} of a $10.00 sale.",
  "settings.tipFeePercent": "Site's share of each tip (%)",
  "settings.tipFeePercent.help": "The creator keeps the rest: at {percent}%, {kept} of a $5.00 tip.",
  "settings.payoutHoldDays": "Wait before earnings can be paid (days)",
  "settings.refundWindowDays": "Days a buyer may ask for a refund",
  "settings.refundWindowDays.help":
    "After a purchase, its buyer may ask for a refund for this many days. The creator or an admin decides.",
  "settings.payoutHoldDays.help":
    "Money from a sale or a tip waits this many days, in case of a refund, before the creator can ask for it.",
  "settings.additionalSeatPercent": "Extra seat price, % of the price",
  "settings.additionalSeatPercent.help":
    "A teacher can buy a resource for colleagues too. Where its creator set no price for each extra seat, each costs this share of the price: at {percent}%, {seat} for a $10.00 resource.",
  "settings.payoutMinimumCents": "Smallest payout ($)",
  "settings.payoutMinimumCents.help": "A creator can ask to be paid once their earnings reach this amount.",
  "settings.featurePricePerDayCents": "Price of featuring a resource ($ a day)",
  "settings.featurePricePerDayCents.help":
    "What a creator pays for each day a resource is featured on the home page (1 to 30 days).",
  "settings.timeZone": "Site time zone",
  "settings.timeZone.help":
    "Sales end, and daily limits start again, at midnight here. Write a region and a city, such as America/New_York.",
  "settings.limits": "Limits",
  "settings.maxCombinedFileSize": "Largest upload for one resource (MB)",
  "settings.maxCombinedFileSize.help":
    "All the files of one resource together, in megabytes (1,000 MB is 1 GB).",
  "settings.favoritesLimit": "Favorites per person",
  "settings.favoritesLimit.help": "How many resources one person can keep in their favorites.",
  "settings.idleTimeoutSeconds": "Time before the idle page (seconds)",
  "settings.idleTimeoutSeconds.help":
    "A signed-in person who leaves the mouse still this long is shown the offers page, or the donation page. {duration} From 30 seconds to 24 hours.",
  "settings.passwordMaxAgeDays": "Password reminder after (days)",
  "settings.passwordMaxAgeDays.help":
    "After this many days with the same password, the footer reminds a person to change it.",
  "settings.restrictedWords": "Words replaced automatically",
  "settings.restrictedWords.help":
    "Replaced in ads and resources before they are saved: whole words, any case, the first letter's case kept.",
  "settings.restrictedWords.pattern": "Word {n}",
  "settings.restrictedWords.replacement": "Replace word {n} with",
  "settings.restrictedWords.remove": "Remove",
  "settings.restrictedWords.add": "Add a word",
  "settings.cssOverride": "Extra styling (CSS)",
  "settings.cssOverride.help":
    "For web designers: style rules applied after the site's own. A mistake here can make pages hard to read; leave it empty if unsure.",
  "settings.save": "Save settings",
  "settings.noChanges": "No changes",
  "settings.changed": "Changed: {names}",
  "problem.timeZone": "That is not a time zone we know. Write it like America/New_York or Europe/London.",
  "problem.duplicateWord": "Each word can be listed once.",
  "problem.perDayAboveTotal": "The least per day cannot be more than the least for the whole run.",
  "problem.invalid": "This value cannot be used.",
  "duration.is": "That is {span}.",
  "duration.and": "{first} and {second}",
  "duration.hour": "1 hour",
  "duration.hours": "{count} hours",
  "duration.minute": "1 minute",
  "duration.minutes": "{count} minutes",
  "duration.second": "1 second",
  "duration.seconds": "{count} seconds",
} as const satisfies Record<string, string>;

export type SettingsTextKey = keyof typeof SETTINGS_TEXTS;
export type SettingsTexts = (key: SettingsTextKey, values?: Record<string, string>) => string;

/** The name every setting goes by on screen, in the form and in the change log. */
export const SETTING_NAMES: Record<SiteSettingKey, SettingsTextKey> = {
  offlineMode: "settings.offlineMode",
  quickCheckout: "settings.quickCheckout",
  donatedAdFreeMode: "settings.donatedAdFreeMode",
  showAds: "settings.showAds",
  adMinimums: "settings.adMinimums",
  adCpmCents: "settings.adCpmCents",
  salesFeePercent: "settings.salesFeePercent",
  tipFeePercent: "settings.tipFeePercent",
  payoutHoldDays: "settings.payoutHoldDays",
  refundWindowDays: "settings.refundWindowDays",
  additionalSeatPercent: "settings.additionalSeatPercent",
  payoutMinimumCents: "settings.payoutMinimumCents",
  featurePricePerDayCents: "settings.featurePricePerDayCents",
  timeZone: "settings.timeZone",
  maxCombinedFileSize: "settings.maxCombinedFileSize",
  favoritesLimit: "settings.favoritesLimit",
  idleTimeoutSeconds: "settings.idleTimeoutSeconds",
  passwordMaxAgeDays: "settings.passwordMaxAgeDays",
  restrictedWords: "settings.restrictedWords",
  cssOverride: "settings.cssOverride",
};

/** A number of seconds as an admin reads it: "That is 5 minutes.", "That is 1 hour and 30 minutes." */
export function describeSeconds(s: SettingsTexts, total: number): string {
  if (!Number.isInteger(total) || total < 0) return "";
  const unit = (count: number, one: SettingsTextKey, many: SettingsTextKey) =>
    count === 1 ? s(one) : s(many, { count: count.toLocaleString("en-US") });
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts = [
    hours ? unit(hours, "duration.hour", "duration.hours") : null,
    minutes ? unit(minutes, "duration.minute", "duration.minutes") : null,
    seconds || total === 0 ? unit(seconds, "duration.second", "duration.seconds") : null,
  ].filter((part): part is string => part !== null);
  const span =
    parts.length === 1
      ? parts[0]!
      : s("duration.and", { first: parts.slice(0, -1).join(", "), second: parts.at(-1)! });
  return s("duration.is", { span });
}

export function useSettingsTexts(): SettingsTexts {
  return useAreaTexts(SETTINGS_TEXTS);
}
