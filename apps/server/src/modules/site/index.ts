/**
 * What other modules use of the site module: the site's settings, read fresh on every call (a change is
 * in force on every instance at once), and one page's site image. Its routes, page shell and content
 * editing stay its own.
 */
export { getSiteImage } from "./site-content.service.ts";
export { getSiteSettings } from "./site-settings.service.ts";
