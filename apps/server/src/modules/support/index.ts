/** The support module as the app assembles it: what app.ts registers. Nothing else uses its files. */
export { supportRoutes } from "./support.routes.ts";
