import {
  API_BASE,
  coverImage,
  HOME_GRID_PARAMS,
  HOME_SHELVES,
  previewLargeImage,
  type QueryValue,
  type ResponsiveImage,
  resourcePageId,
  SHELF_COVER_SIZES,
  shelfParams,
  withQuery,
} from "@market/domain";

/**
 * A page whose first screen the served document helps draw: the API answers it starts with (carried in
 * the page as SiteBootData.answers, by their exact address) and the picture likely to be its largest
 * (hinted with `<link rel="preload">`, so it loads beside the scripts rather than after them). Only the
 * pages a newcomer lands on: home and a resource page, without a query (a search or a filter is a second
 * step, whose answers the web app asks for itself).
 */
export interface FirstScreen {
  /** The same key means the same document: the page is kept per key. */
  key: string;
  /** The screen's module in the web app (as the build's manifest names it): its files are hinted too. */
  screen: string;
  /** API addresses (with /api) the web app asks for first on this page, exactly as it writes them. */
  answers: string[];
  /** The pictures to hint, from those answers. */
  pictures(answers: ReadonlyMap<string, unknown>): ResponsiveImage[];
}

interface ListAnswer {
  resources: { cover_locator: string | null }[];
}
interface DetailAnswer {
  resources_previews_models: { order_index: number; locator: string }[];
}

const list = (query: Readonly<Record<string, QueryValue>>) => withQuery(`${API_BASE}/resources`, query);

export function firstScreenOf(url: URL): FirstScreen | null {
  if (url.search !== "") return null;
  if (url.pathname === "/") {
    const featured = list(shelfParams(HOME_SHELVES.featured.query));
    return {
      key: "/",
      screen: "src/routes/catalogue/HomePage.tsx",
      answers: [list(HOME_GRID_PARAMS), featured, list(shelfParams(HOME_SHELVES.new.query))],
      // On a phone the featured shelf's first two covers are the first screen's pictures.
      pictures: (answers) =>
        ((answers.get(featured) as ListAnswer | undefined)?.resources ?? [])
          .slice(0, 2)
          .flatMap((r) => (r.cover_locator ? [coverImage(r.cover_locator, SHELF_COVER_SIZES)] : [])),
    };
  }
  const id = resourcePageId(url.pathname);
  if (id === null) return null;
  const detail = `${API_BASE}/resources/${encodeURIComponent(id)}`;
  return {
    key: `resource:${id}`,
    screen: "src/routes/resources/ResourcePage.tsx",
    answers: [detail],
    // The gallery shows the first preview large: the resource page's largest picture.
    pictures: (answers) => {
      const previews = (answers.get(detail) as DetailAnswer | undefined)?.resources_previews_models ?? [];
      const first = [...previews].sort((a, b) => a.order_index - b.order_index)[0];
      return first ? [previewLargeImage(first.locator)] : [];
    },
  };
}

/** `<link rel="preload" as="image">` for a picture, with its srcset and sizes (the same the `<img>` has). */
export function preloadLink(picture: ResponsiveImage): string {
  const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<link rel="preload" as="image" href="${attr(picture.src)}" imagesrcset="${attr(picture.srcSet)}" imagesizes="${attr(picture.sizes)}" fetchpriority="high">`;
}

/** `<link rel="modulepreload">` for a script the screen will import (crossorigin, as Vite's own tags). */
export function modulePreloadLink(file: string): string {
  return `<link rel="modulepreload" crossorigin href="${file}">`;
}
