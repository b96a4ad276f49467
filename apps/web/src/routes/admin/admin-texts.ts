import { fillText, useTexts } from "../../state/site-config.ts";

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
} as const satisfies Record<string, string>;

export type AdminTextKey = keyof typeof ADMIN_TEXTS;
export type AdminTexts = (key: AdminTextKey, values?: Record<string, string>) => string;

/** The site's copy with the admin defaults underneath. */
export function useAdminTexts(): AdminTexts {
  const t = useTexts();
  return (key, values) => {
    const text = t(key, values);
    if (text !== key) return text;
    return fillText(ADMIN_TEXTS[key], values);
  };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
