/**
 * What search engines may crawl (robots.txt, served by the server; the web app's route table is checked
 * against it by a test): the public site and none of accounts, checkout, publishing or the console.
 * Patterns follow Google's robots.txt rules: a prefix, `*` for any characters, `$` for the end of the
 * path; the longest matching rule wins, and an Allow wins a tie.
 *
 * The API is closed except for what a crawler needs to see a public page: the pages are drawn in the
 * browser, and a crawler that renders them (Googlebot does) fetches their data under these same rules,
 * so the configuration, the catalogue, portfolios, help and pictures stay open; downloads, ads and
 * everything of a signed-in user do not.
 */
export const ROBOTS_ALLOW = [
  "/api/files/",
  "/api/site-settings/front-end",
  "/api/texts/values",
  "/api/colors/values",
  "/api/site-images/",
  "/api/resources",
  "/api/users/",
  "/api/help/",
] as const;

export const ROBOTS_DISALLOW = [
  "/api/",
  "/api/resources/*/files/",
  "/api/users/self",
  // Signing in and out, links from e-mails, pages that only forward or report an error.
  "/login",
  "/logout",
  "/token-login",
  "/sign-up",
  "/ref",
  "/unsubscribe",
  "/terms-accepted",
  "/offline",
  "/resource-not-found",
  "/index-all",
  // A signed-in user's own pages.
  "/support",
  "/favorites",
  "/following",
  "/publishing",
  "/bundles/",
  "/earnings",
  "/helpbook",
  "/advertising",
  "/profile$",
  "/profile/tip-",
  "/profile/resources",
  "/profile/about",
  "/profile/share",
  "/profile/settings",
  "/profile/status",
  "/profile/messages",
  "/profile/purchases",
  "/profile/licences",
  "/profile/*/message",
  "/profile/*/settings",
  "/profile/*/share",
  "/profile/*/status",
  "/profile/*/tip",
  // Checkout: purchases, tips, donations, featuring.
  "/payflow",
  "/tip/",
  "/donate",
  "/donation",
  // Not a prefix: a resource may be named "editing-workshop".
  "/resources/edit$",
  "/resources/edit/",
  "/resources/*/approve",
  "/resources/*/completed",
  "/resources/*/donation",
  "/resources/*/downloaded",
  "/resources/*/success",
  "/resources/*/feature",
  "/resources/*/leave-tip",
  "/resources/*/purchase",
  "/resources/*/edit",
  // The console and its test pages.
  "/admin",
  "/test/",
] as const;

/** The robots.txt the server sends: everybody, the rules above, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_ALLOW.map((path) => `Allow: ${path}`),
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl.replace(/\/$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}

function ruleMatch(rule: string, path: string): boolean {
  const anchored = rule.endsWith("$");
  const body = (anchored ? rule.slice(0, -1) : rule)
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}${anchored ? "$" : ""}`).test(path);
}

/** Whether a crawler following these rules may fetch `path`, as Google decides it (longest rule wins). */
export function robotsAllows(path: string): boolean {
  const longest = (rules: readonly string[]) =>
    Math.max(-1, ...rules.filter((rule) => ruleMatch(rule, path)).map((rule) => rule.length));
  return longest(ROBOTS_ALLOW) >= longest(ROBOTS_DISALLOW);
}
