/** The messages module as the app assembles it: what app.ts registers. Nothing else uses its files. */
export { messagesRoutes } from "./messages.routes.ts";
