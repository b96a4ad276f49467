/** The files module as the app assembles it: what app.ts registers. Nothing else uses its files. */
export { filesRoutes } from "./files.routes.ts";
