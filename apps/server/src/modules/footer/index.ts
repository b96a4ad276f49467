/** The footer module as the app assembles it: what app.ts registers. Nothing else uses its files. */
export { footerRoutes } from "./footer.routes.ts";
