import type { ResourceDetail } from "@market/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryClient } from "../../state/query-client.ts";

/** GET /api/resources/{id}: the id may be the resource's uuid or its name. */
export function resourceDetailQuery(id: string) {
  return queryOptions({
    queryKey: ["resources", "detail", id],
    queryFn: ({ signal }) => api.call("GET /resources/:id", { params: { id }, signal }),
  });
}

/**
 * GET /api/users/self/library/{id}: how the signed-in viewer owns this resource (bought, a gift, a free
 * download), or null. Under the "library" key, which a purchase, a claim or a download refreshes.
 */
export function libraryEntryQuery(viewerId: string, resourceId: string) {
  return queryOptions({
    queryKey: ["library", viewerId, "entry", resourceId],
    queryFn: ({ signal }) =>
      api.call("GET /users/self/library/:resourceId", { params: { resourceId }, signal }),
  });
}

/** The loader step of the resource page: starts the request while the screen's code loads. */
export function prefetchResource(url: URL) {
  const id = url.pathname.split("/")[2];
  if (id) void queryClient.prefetchQuery(resourceDetailQuery(decodeURIComponent(id)));
  return null;
}

type DetailFile = ResourceDetail["resources_files_models"][number];

/**
 * The file a resource's main button downloads: for an owner the premium file (what buying gives), else the
 * first free file; null when the viewer may have none of them.
 */
export function mainFileOf(resource: ResourceDetail, owned: boolean): DetailFile | null {
  const files = resource.resources_files_models;
  if (owned) return files.find((f) => f.is_premium_file) ?? files[0] ?? null;
  return resource.price === 0 ? (files.find((f) => !f.is_premium_file) ?? null) : null;
}

const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** A moment (an ISO timestamp) as the day it was where the reader is: "Nov 24, 2026". */
export function formatDay(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : day.format(time);
}
