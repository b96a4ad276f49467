/**
 * The site's copy. The server seeds these into the texts table, admins edit them there, and the web
 * app falls back to these when a key is missing, so a new key never shows up blank.
 * Flex messages (spec: 25 slots) are "flex.1" ... "flex.25"; empty or "Inactive" slots are not shown.
 */
export const DEFAULT_TEXTS: Readonly<Record<string, string>> = {
  "site.name": "Lesson Loft",
  "site.tagline": "Teaching resources made by teachers, for teachers",
  "home.title": "Teaching resources",
  "home.empty": "No resources have been published yet. Be the first to share yours.",
  "new.title": "New resources",
  "featured.title": "Featured resources",
  "offline.title": "We'll be right back",
  "offline.body": "The marketplace is down for maintenance. Please check again in a few minutes.",
  "notFound.title": "This page could not be found",
  "notFound.link": "Back to the home page",
  "error.title": "Error",
  "error.fatal": "An error occurred while showing the error page",
  "error.fatalLink": "Go back to home",
  "login.title": "Log in",
  "login.invalidCredentials": "Invalid credentials",
  "login.invalidToken": "Invalid token",
  "save.failed": "Could not save changes",
  "footer.account-creation": "Create a free account to favorite resources and follow creators.",
  "footer.sign-in-prompt": "Sign in to see what the creators you follow have published.",
  "footer.copyright": "Lesson Loft, a marketplace for teachers",
  ...Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`flex.${i + 1}`, "Inactive"])),
};

export function textOf(texts: Readonly<Record<string, string>> | undefined, key: string): string {
  return texts?.[key] ?? DEFAULT_TEXTS[key] ?? key;
}
