/** The admin module as the app assembles it: what app.ts registers. Nothing else uses its files. */
export { consoleRoutes } from "./console.routes.ts";
