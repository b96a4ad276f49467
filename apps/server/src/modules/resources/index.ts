/**
 * What other modules use of the resources module: finding a resource as a URL names it, what is listed
 * on the public grids, the cards of a grid, and a rating as shown. Its services stay its own.
 */
export { bundleContents } from "./bundle-detail.ts";
export { LISTED, selectCards } from "./card-query.ts";
export { boughtBy } from "./ownership.ts";
export { presentRating } from "./resource.presenter.ts";
export { canView } from "./resource-detail.service.ts";
export { byIdOrName } from "./resource-lookup.ts";
