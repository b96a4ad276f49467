import { GRID, HOME_SHELVES, shelfParams } from "@market/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, type QueryValue } from "../../api/client.ts";
import { queryClient } from "../../state/query-client.ts";
import { type CatalogueFilters, filtersFromSearch, type ResourceListSort, toApiQuery } from "./filters.ts";

export type { ResourceListSort } from "./filters.ts";
export { pageFromSearch } from "./filters.ts";

/** A page of the grid is 12 cells (spec section 2). */
export const PAGE_SIZE = GRID.pageCells;

export function resourceListQuery(filters: CatalogueFilters, featured: boolean) {
  const query = toApiQuery(filters, PAGE_SIZE, featured);
  return queryOptions({
    queryKey: ["resources", "list", query],
    queryFn: ({ signal }) => api.call("GET /resources", { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The loader step of the list pages: starts the request while the screen's code loads, without waiting. */
export function prefetchResourceList(sort: ResourceListSort, featured = false) {
  return (url: URL) => {
    void queryClient.prefetchQuery(resourceListQuery(filtersFromSearch(url.searchParams, sort), featured));
    return null;
  };
}

/** The first few of a list, for a shelf; the query is shared with the route's prefetch. */
export function shelfQuery(query: Readonly<Record<string, QueryValue>>) {
  const params = shelfParams(query);
  return queryOptions({
    queryKey: ["resources", "list", params],
    queryFn: ({ signal }) => api.call("GET /resources", { query: params, signal }),
    staleTime: 60_000,
  });
}

/**
 * The home page's data: its grid (most downloaded first) and, when it is not showing search results (no
 * query, filter or page in the URL), its two shelves.
 */
export function prefetchHome(url: URL) {
  prefetchResourceList("downloads")(url);
  if ([...url.searchParams.keys()].length > 0) return;
  for (const shelf of Object.values(HOME_SHELVES)) void queryClient.prefetchQuery(shelfQuery(shelf.query));
}
