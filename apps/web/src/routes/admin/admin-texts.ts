import { useAreaTexts } from "../../state/site-config.ts";

/**
 * Copy of the admin console (landing, modal, exceptions, users, settings, texts, colours, images). Admins can
 * override any key through the site texts; these are the defaults (the e2e journeys use them).
 */
export const ADMIN_TEXTS = {
  "admin.title": "Admin",
  "admin.intro": "Run the marketplace: people, settings, numbers, money and what waits for a decision.",
  "admin.menu": "Admin menu",
  "admin.close": "Close",
  "admin.section.users": "Users",
  "admin.section.users.about": "Find an account, see what it publishes, buys and earns, and manage it.",
  "admin.section.emailAll": "E-mail all users",
  "admin.section.emailAll.about": "Send one message to every active user.",
  "admin.section.settings": "Settings",
  "admin.section.settings.about": "Site settings, texts, colours and images, and who changed them.",
  "admin.section.statistics": "Statistics",
  "admin.section.statistics.about": "Sign-ups, downloads, sales, tips, donations and ads over time.",
  "admin.section.accounting": "Accounting",
  "admin.section.accounting.about": "Money by month from the ledger, and the trial balance.",
  "admin.section.exceptions": "Exceptions",
  "admin.section.exceptions.about": "Everything waiting for an admin's decision.",
  "exceptions.title": "Exceptions",
  "exceptions.intro": "What waits for an admin, queue by queue.",
  "exceptions.advertising": "Ads to review",
  "exceptions.publishing": "Resources to review",
  "exceptions.payouts": "Payouts to pay",
  "exceptions.support": "Support threads",
  "exceptions.waiting": "{count} waiting",
  "exceptions.payoutTotal": "{amount} requested",
  "exceptions.open": "Open the queue",
  "exceptions.loadFailed": "We could not count the queues. Check your connection and try again.",
  "common.loading": "Loading…",
  "common.retry": "Try again",
  "common.save": "Save",
  "common.saving": "Saving…",
  "common.saved": "Saved.",
  "common.failed": "That did not work: {message}",
  "common.previous": "Previous",
  "common.next": "Next",
  "common.page": "Page {page} of {pages}",
  "admin.texts.title": "Texts and flex messages",
  "admin.texts.find": "Find a text",
  "admin.texts.which": "Which texts",
  "admin.texts.site": "Site texts",
  "admin.texts.flex": "Flex messages ({count})",
  "admin.texts.flexHint":
    'A flex message shows in the footer\'s rotation when it is not empty and not “Inactive”. Links are allowed as <a href="...">.',
  "admin.texts.reset": "Reset to the default",
  "admin.texts.resetOf": "of {key}",
  "admin.texts.wasReset": "Back to the default.",
  "admin.colors.title": "Colours",
  "admin.colors.intro":
    "Tiles use the first 12 colours, the message tile the 13th. Text on each tile turns dark or light to stay readable; the ratio shows its contrast (4.5:1 or more meets WCAG AA).",
  "admin.colors.preview": "Colour pool preview",
  "admin.colors.picker": "{name} colour picker",
  "admin.colors.hex": "{name} hex value",
  "admin.colors.invalid": "Use #rrggbb",
  "admin.colors.undo": "Undo",
  "admin.colors.saved": "Saved {name}: {css}.",
  "admin.siteImages.title": "Site images",
  "admin.siteImages.page": "Page",
  "admin.siteImages.variations": "Variations of {key}",
  "admin.siteImages.colorsOf": "Colours:",
  "admin.siteImages.shown": "Shown on the page",
  "admin.siteImages.show": "Show this one",
  "admin.siteImages.remove": "Remove",
  "admin.siteImages.confirmRemove": "Remove the image “{alt}” from {key}?",
  "admin.siteImages.none": "No site images are set up yet.",
  "admin.siteImages.upload": "Upload a variation",
  "admin.siteImages.file": "Image (JPG, PNG, BMP or GIF, at most {size})",
  "admin.siteImages.alt": "Alt text",
  "admin.siteImages.colors": "Colours that go with the image",
  "admin.siteImages.colorWith": "{name} colour with this image",
  "admin.siteImages.current": "Show it on the page now",
  "admin.siteImages.progress": "Upload progress",
  "admin.siteImages.uploadButton": "Upload",
  "admin.siteImages.uploaded": "Uploaded.",
  "admin.siteImages.chooseFile": "Choose an image first.",
  "admin.siteImages.tooLarge": "The image is larger than {size}.",
  "admin.siteImages.altRequired": "Describe the image for people who cannot see it (alt text).",
  "admin.changes.title": "Changes to the settings",
  "admin.changes.none": "Nobody has changed a setting yet; the defaults apply.",
  "admin.changes.caption": "Settings changes, newest first",
  "admin.changes.when": "When",
  "admin.changes.who": "Who",
  "admin.changes.setting": "Setting",
  "admin.changes.from": "From",
  "admin.changes.to": "To",
  "admin.changes.default": "(default)",
  "admin.changes.removedAccount": "(removed account)",
} as const satisfies Record<string, string>;

export type AdminTextKey = keyof typeof ADMIN_TEXTS;
export type AdminTexts = (key: AdminTextKey, values?: Record<string, string>) => string;

/** The site's copy with the admin defaults underneath. */
export function useAdminTexts(): AdminTexts {
  return useAreaTexts(ADMIN_TEXTS);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
