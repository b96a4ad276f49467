import type { ResourceDetail } from "@market/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryClient } from "../../state/query-client.ts";

/** GET /api/resources/{id}: the id may be the resource's uuid or its name. */
export function resourceDetailQuery(id: string) {
  return queryOptions({
    queryKey: ["resources", "detail", id],
    queryFn: ({ signal }) => api.get<ResourceDetail>(`/resources/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The loader step of the resource page: starts the request while the screen's code loads. */
export function prefetchResource(url: URL) {
  const id = url.pathname.split("/")[2];
  if (id) void queryClient.prefetchQuery(resourceDetailQuery(decodeURIComponent(id)));
  return null;
}
