import {
  BUNDLE_TYPE_QUERY,
  GRADES,
  type Grade,
  type PRICE_FILTERS,
  type RESOURCE_LIST_SORTS,
  RESOURCE_TYPES,
  type ResourceType,
  SEARCH_LIMITS,
  SUBJECTS,
} from "@market/domain";
import type { QueryValue } from "../../api/client.ts";

export type ResourceListSort = (typeof RESOURCE_LIST_SORTS)[number];
export type PriceFilter = (typeof PRICE_FILTERS)[number];
export type TypeFilter = ResourceType | typeof BUNDLE_TYPE_QUERY;
/** The type filter's choices: every resource type, then bundles. */
export const TYPE_OPTIONS: readonly TypeFilter[] = [...RESOURCE_TYPES, BUNDLE_TYPE_QUERY];

/**
 * The sorts and price filters of the contract, checked against its unions by the compiler. Records rather than
 * the contract's arrays, whose module carries zod into the first bundle.
 */
const SORTS: Record<ResourceListSort, true> = {
  relevance: true,
  downloads: true,
  newest: true,
  "price-asc": true,
  "price-desc": true,
  rating: true,
};
const PRICES: Record<PriceFilter, true> = { free: true, paid: true, sale: true };
export const SORT_OPTIONS = Object.keys(SORTS) as ResourceListSort[];
export const PRICE_OPTIONS = Object.keys(PRICES) as PriceFilter[];

/**
 * The rating filter's choices: "4 stars & up" and so on, as the API's minRating (resources whose shown
 * average is at least that; unrated ones never). Other values in a URL fall back to any rating.
 */
export const RATING_OPTIONS = [4, 3, 2] as const;
export type RatingFilter = (typeof RATING_OPTIONS)[number];

/** The best matches first: the order a typed query gets unless the user chose another (issue 17). */
export const SEARCH_SORT: ResourceListSort = "relevance";

/** What a grid shows, as the URL says it: shareable, and Back and Forward step through it. */
export interface CatalogueFilters {
  page: number;
  /** The order in force: the one chosen, else "relevance" with a query, else the page's own. */
  sort: ResourceListSort;
  /** The page's own order (home: most downloaded; new and featured: newest), with no query and no choice. */
  pageSort: ResourceListSort;
  q: string;
  stopWords: boolean;
  grade: Grade | null;
  subject: string | null;
  /** A resource type, or "bundle" for bundles (issue 22). */
  type: TypeFilter | null;
  price: PriceFilter | null;
  minRating: RatingFilter | null;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

export function pageFromSearch(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The order when none is chosen: relevance while a query is typed, else the page's own. */
export function defaultSort(q: string, pageSort: ResourceListSort): ResourceListSort {
  return q.trim() ? SEARCH_SORT : pageSort;
}

/** The orders to offer: relevance only while there is a query to be relevant to. */
export function sortOptions(filters: CatalogueFilters): ResourceListSort[] {
  return filters.q.trim() ? SORT_OPTIONS : SORT_OPTIONS.filter((s) => s !== SEARCH_SORT);
}

/**
 * Reads the filters from a query string; unknown values fall back to "any" and the default order (relevance
 * with a query, else the page's own). Relevance named without a query is the page's own order too.
 */
export function filtersFromSearch(search: URLSearchParams, pageSort: ResourceListSort): CatalogueFilters {
  const named = search.get("sort");
  const price = search.get("price");
  const rating = Number(search.get("minRating"));
  const q = (search.get("q") ?? "").slice(0, SEARCH_LIMITS.maxLength);
  const sort = named !== null && Object.hasOwn(SORTS, named) ? (named as ResourceListSort) : null;
  return {
    page: pageFromSearch(search),
    sort: sort === null || (sort === SEARCH_SORT && !q.trim()) ? defaultSort(q, pageSort) : sort,
    pageSort,
    q,
    stopWords: search.get("stopWords") === "true",
    grade: oneOf(GRADES, search.get("grade")),
    subject: oneOf(SUBJECTS, search.get("subject")),
    type: oneOf(TYPE_OPTIONS, search.get("type")),
    price: price !== null && Object.hasOwn(PRICES, price) ? (price as PriceFilter) : null,
    minRating: RATING_OPTIONS.find((stars) => stars === rating) ?? null,
  };
}

/**
 * The query string of some filters: defaults are left out, so the plain page has a plain address (and a
 * search in relevance order names no sort).
 */
export function searchFromFilters(filters: CatalogueFilters, pageSort: ResourceListSort): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (q && filters.stopWords) params.set("stopWords", "true");
  if (filters.grade) params.set("grade", filters.grade);
  if (filters.subject) params.set("subject", filters.subject);
  if (filters.type) params.set("type", filters.type);
  if (filters.price) params.set("price", filters.price);
  if (filters.minRating) params.set("minRating", String(filters.minRating));
  const sort = filters.sort === SEARCH_SORT && !q ? pageSort : filters.sort;
  if (sort !== defaultSort(q, pageSort)) params.set("sort", sort);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/**
 * A change of what is shown starts again at page 1; only a change of page keeps the rest. Typing a query
 * (or clearing it) moves the order with it, from the default order before to the default after, unless the
 * user chose another order.
 */
export function changeFilters(
  filters: CatalogueFilters,
  change: Partial<Omit<CatalogueFilters, "page" | "pageSort">>,
): CatalogueFilters {
  const next = { ...filters, ...change, page: 1 };
  if (change.sort === undefined && filters.sort === defaultSort(filters.q, filters.pageSort)) {
    next.sort = defaultSort(next.q, next.pageSort);
  }
  return next;
}

/** How many of the narrowing filters are set (grade, subject, type, price, rating): the Filters button's count. */
export function activeFilterCount(filters: CatalogueFilters): number {
  return [filters.grade, filters.subject, filters.type, filters.price, filters.minRating].filter(
    (f) => f !== null,
  ).length;
}

/** The narrowing filters cleared (the filter sheet's "Clear all"); the search and the order stay. */
export function clearFilters(filters: CatalogueFilters): CatalogueFilters {
  return { ...filters, grade: null, subject: null, type: null, price: null, minRating: null, page: 1 };
}

export function hasActiveFilters(filters: CatalogueFilters): boolean {
  return (
    filters.q.trim() !== "" ||
    filters.grade !== null ||
    filters.subject !== null ||
    filters.type !== null ||
    filters.price !== null ||
    filters.minRating !== null
  );
}

/** GET /api/resources parameters for a page of the grid. */
export function toApiQuery(
  filters: CatalogueFilters,
  pageSize: number,
  featured: boolean,
): Record<string, QueryValue> {
  const q = filters.q.trim();
  return {
    page: filters.page,
    pageSize,
    sort: filters.sort,
    featured: featured ? true : undefined,
    q: q || undefined,
    stopWords: q && filters.stopWords ? true : undefined,
    grade: filters.grade ?? undefined,
    subject: filters.subject ?? undefined,
    type: filters.type ?? undefined,
    price: filters.price ?? undefined,
    minRating: filters.minRating ?? undefined,
  };
}

/** "1 result", "1,234 results", "10,000+ results" when the server stopped counting. */
export function resultsCountText(
  total: number,
  capped: boolean,
  texts: { one: string; many: string; capped: string },
): string {
  const count = total.toLocaleString("en-US");
  if (capped) return texts.capped.replace("{count}", count);
  return total === 1 ? texts.one : texts.many.replace("{count}", count);
}
