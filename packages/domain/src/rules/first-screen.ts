import { GRID } from "./limits.ts";

/**
 * What a visitor's first screen asks the API for, written once for the web app (which asks) and the
 * server (which carries the answers in the page it serves, so a phone on a slow network skips a round
 * trip, and hints the largest picture so it loads while the scripts do). The addresses must be exactly
 * the web app's: an answer is found by its address.
 */
export type QueryValue = string | number | boolean | null | undefined;

/** `/api/resources?page=1&…`: the query's defined values in their order, as URLSearchParams writes them. */
export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${path}${qs ? `?${qs}` : ""}`;
}

/**
 * An answer the same for every viewer, signed in or not (the server's `sameForEveryone` routes: the grids
 * and search), which a signed-in user's first ask may take from the page too. A resource page's answer
 * carries the viewer's own flags (favourited, owned), so it is a visitor's only.
 */
export function isSharedAnswer(url: string): boolean {
  return url === "/api/resources" || url.startsWith("/api/resources?");
}

/** A shelf (the home page's featured and new rows) shows its list's first four. */
export const SHELF_SIZE = 4;

/** The home page's shelves: what each lists, and the page with all of it. */
export const HOME_SHELVES = {
  featured: { query: { featured: true, sort: "newest" }, to: "/featured" },
  new: { query: { sort: "newest" }, to: "/new" },
} as const;

/** A shelf's request: its list's first page of SHELF_SIZE. */
export function shelfParams(query: Readonly<Record<string, QueryValue>>): Record<string, QueryValue> {
  return { ...query, page: 1, pageSize: SHELF_SIZE };
}

/** The home page's grid before any search or filter: the first page, most downloaded first (spec 2). */
export const HOME_GRID_PARAMS = { page: 1, pageSize: GRID.pageCells, sort: "downloads" } as const;

/** A resource page's address (`/resources/{id}` or `/resources/{id}/view`): the id, else null. */
export function resourcePageId(pathname: string): string | null {
  const match = /^\/resources\/([^/]+)(?:\/view)?\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    const id = decodeURIComponent(match[1]);
    return id === "edit" ? null : id;
  } catch {
    return null;
  }
}
