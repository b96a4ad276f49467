/**
 * What the rest of the server uses of the ads module: its routes, which app.ts registers. Its services
 * stay its own. (The benchmark, a tool apart, takes view-tokens.ts itself: this face would load the
 * routes and everything they need into it.)
 */
export { adsRoutes } from "./ads.routes.ts";
