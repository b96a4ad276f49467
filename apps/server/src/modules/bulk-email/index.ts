/** The bulk-email module as the app assembles it: what app.ts registers. Nothing else uses its files. */
export { bulkEmailRoutes } from "./bulk-email.routes.ts";
