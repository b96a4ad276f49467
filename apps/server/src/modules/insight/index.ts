/** The insight module's public face: its routes, which app.ts registers. */
export { insightRoutes } from "./insight.routes.ts";
