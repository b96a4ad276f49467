import type { Location } from "react-router";

/**
 * The key a scroll position is kept under (React Router's ScrollRestoration). Its default, the history
 * entry's key, is "default" for the entry a tab opened the site on, for every page: a page opened by
 * typing its address or from another site then came back at the scroll position another page left under
 * "default" (a resource's reviews, far down, opened the home page at its footer). The entry a full load
 * made is kept by its address instead; every entry the app pushed keeps its own key, so Back still returns
 * to where the reader was on that visit of the page.
 */
export function scrollKey(location: Pick<Location, "key" | "pathname" | "search">): string {
  return location.key === "default" ? `${location.pathname}${location.search}` : location.key;
}
