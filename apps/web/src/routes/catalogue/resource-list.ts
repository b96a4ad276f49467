import { GRID, type RESOURCE_LIST_SORTS, type ResourceListResponse } from "@market/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryClient } from "../../state/query-client.ts";

export type ResourceListSort = (typeof RESOURCE_LIST_SORTS)[number];

export interface ResourceListParams {
  page: number;
  sort: ResourceListSort;
  featured: boolean;
}

/** A page of the grid is 12 cells (spec section 2). */
export const PAGE_SIZE = GRID.pageCells;

export function pageFromSearch(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export function resourceListQuery({ page, sort, featured }: ResourceListParams) {
  return queryOptions({
    queryKey: ["resources", "list", { page, sort, featured }],
    queryFn: ({ signal }) =>
      api.get<ResourceListResponse>("/resources", {
        query: { page, pageSize: PAGE_SIZE, sort, featured: featured ? true : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The loader step of the list pages: starts the request while the screen's code loads, without waiting. */
export function prefetchResourceList(sort: ResourceListSort, featured = false) {
  return (url: URL) => {
    void queryClient.prefetchQuery(
      resourceListQuery({ page: pageFromSearch(url.searchParams), sort, featured }),
    );
    return null;
  };
}
