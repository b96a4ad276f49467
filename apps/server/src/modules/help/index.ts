/** The help module as the app assembles it: what app.ts registers. Nothing else uses its files. */
export { helpRoutes } from "./help.routes.ts";
