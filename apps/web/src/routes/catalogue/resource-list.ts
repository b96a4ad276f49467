import { GRID, type ResourceListResponse } from "@market/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
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
    queryFn: ({ signal }) => api.get<ResourceListResponse>("/resources", { query, signal }),
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
