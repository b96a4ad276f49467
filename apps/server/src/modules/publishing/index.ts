/**
 * What the rest of the server uses of the publishing module: its routes, which app.ts registers, and
 * what bundles (issue 22) share with resources: who may publish and how a new one is named. Its
 * services stay its own.
 */
export { assertMayPublish } from "./publishing.policy.ts";
export { publishingRoutes } from "./publishing.routes.ts";
export { uniqueName } from "./resource-edits.service.ts";
