/** The health module as the app assembles it: what app.ts registers. Nothing else uses its files. */
export { healthRoutes } from "./health.routes.ts";
