/**
 * What other modules use of the resources module: finding a resource as a URL names it, what is listed
 * on the public grids, and the cards of a grid. Its services stay its own.
 */
export { LISTED, selectCards } from "./card-query.ts";
export { byIdOrName } from "./resource-lookup.ts";
