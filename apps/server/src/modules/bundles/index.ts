/** The bundles module's public face: its routes, which app.ts registers. */
export { bundlesRoutes } from "./bundles.routes.ts";
