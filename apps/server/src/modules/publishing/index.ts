/**
 * What the rest of the server uses of the publishing module: its routes, which app.ts registers. Its
 * services stay its own.
 */
export { publishingRoutes } from "./publishing.routes.ts";
