/** The admin-stats module as the app assembles it: what app.ts registers. Nothing else uses its files. */
export { statisticsRoutes } from "./statistics.routes.ts";
