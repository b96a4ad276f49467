import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useSession } from "../../state/session.ts";
import { pageFromSearch } from "../catalogue/filters.ts";

/**
 * The page of one of the signed-in user's own lists (favorites, following) that the URL asks for. The cache
 * keys it by user, so another account never sees it, and the page on view stays until the next arrives.
 */
export function useOwnListPage<T>(
  listKey: readonly unknown[],
  fetchPage: (page: number, signal: AbortSignal) => Promise<T>,
) {
  const session = useSession();
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  const query = useQuery({
    queryKey: [...listKey, session?.claims.sub ?? "", page],
    queryFn: ({ signal }) => fetchPage(page, signal),
    placeholderData: keepPreviousData,
    enabled: session !== null,
  });
  return { page, query };
}
