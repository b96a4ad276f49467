/** The sitemap module as the app assembles it: what app.ts registers. Nothing else uses its files. */
export { sitemapRoutes } from "./sitemap.routes.ts";
