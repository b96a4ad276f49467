import {
  RESULT_COUNT_CAP,
  type ResourceListQuery,
  type ResourceListResponse,
  searchTerms,
} from "@market/domain";
import { and, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { TtlCache } from "../../platform/ttl-cache.ts";
import { countCapped, LISTED, SALE_RUNS, selectCards } from "./card-query.ts";
import {
  type IndexedTerm,
  indexedTerms,
  RELEVANCE_TIES,
  RELEVANCE_WINDOW,
  rankedPageIds,
  searchCondition,
} from "./search-sql.ts";

type IndexedSort = Exclude<NonNullable<ResourceListQuery["sort"]>, "relevance">;

/**
 * Each order matches its partial index exactly (drizzle writes DESC indexes as NULLS LAST), so a page
 * is read straight off the index instead of sorting every listed resource.
 */
const ORDER: Record<IndexedSort, SQL> = {
  newest: sql`r.published_at desc nulls last, r.id`,
  downloads: sql`r.download_count desc nulls last, r.id`,
  "price-asc": sql`r.price asc, r.id asc`,
  "price-desc": sql`r.price desc, r.id desc`,
};

/** With no query the grids are newest first; with one, the best matches first (issue 17). */
const DEFAULT_SORT: IndexedSort = "newest";

/**
 * The filters and the search of the grids. Search is spec 2's rule (the domain's matchesSearch): each
 * word must be a word of one of the fields, in one of its spellings (the last word also the start of
 * one), which one full-text condition on search_vector asks of its GIN index.
 */
function conditions(query: ResourceListQuery, terms: readonly IndexedTerm[]): SQL {
  const parts: SQL[] = [LISTED];
  if (query.featured)
    parts.push(sql`r.is_featured and (r.featured_until is null or r.featured_until > now())`);
  if (query.grade) parts.push(sql`r.grade = ${query.grade}`);
  if (query.subject) parts.push(sql`lower(r.subject_area) = ${query.subject.toLowerCase()}`);
  if (query.type) parts.push(sql`r.type = ${query.type}`);
  if (query.price === "free") parts.push(sql`r.price = 0`);
  if (query.price === "paid") parts.push(sql`r.price > 0`);
  if (query.price === "sale") parts.push(SALE_RUNS);
  if (terms.length > 0) parts.push(searchCondition(terms));
  return and(...parts)!;
}

/** What decides a grid's total: the filters and the search (its terms), not the page or the order. */
function countKey(query: ResourceListQuery, terms: readonly IndexedTerm[]): string {
  return JSON.stringify([
    query.featured ?? false,
    query.grade,
    query.subject?.toLowerCase(),
    query.type,
    query.price,
    terms.map((t) => `${[...t.spellings].sort().join(" ")}${t.prefix ? ` ${t.word}*` : ""}`).sort(),
  ]);
}

/**
 * The page's ids in order. Relevance reads the matches as search-sql.ts's rankedPageIds says (how
 * depends on how `broad` the search is) and hands each id's band and score to the outer query, which
 * orders the cards by them again.
 */
function pageIds(query: ResourceListQuery, terms: readonly IndexedTerm[], where: SQL, broad: boolean) {
  const offset = (query.page - 1) * query.pageSize;
  if (ranked(query, terms)) {
    return {
      ids: rankedPageIds(terms, where, { limit: query.pageSize, offset, broad }),
      order: sql`page.band, page.score desc, ${RELEVANCE_TIES}`,
    };
  }
  // Relevance without words to rank by is the default order.
  const sort = query.sort ?? DEFAULT_SORT;
  const order = ORDER[sort === "relevance" ? DEFAULT_SORT : sort];
  return {
    ids: sql`select r.id from resources r where ${where} order by ${order}
             limit ${query.pageSize} offset ${offset}`,
    order,
  };
}

/** With words to rank by, relevance is the default order. */
const ranked = (query: ResourceListQuery, terms: readonly IndexedTerm[]) =>
  terms.length > 0 && (query.sort ?? "relevance") === "relevance";

/**
 * One page of a grid and its (capped) total: two queries whatever the page size, one while the total is
 * cached (and one more for the words a search's last word starts, while they are not). A ranked page
 * waits for its total, which says how broad the search is.
 */
export async function listPublishedResources(
  db: Db,
  query: ResourceListQuery,
  counts: TtlCache<number>,
): Promise<ResourceListResponse> {
  const terms = await indexedTerms(db, searchTerms(query.q ?? "", query.stopWords ?? false));
  const where = conditions(query, terms);
  const counted = counts.get(countKey(query, terms), () =>
    countCapped(db, sql`from resources r where ${where}`, RESULT_COUNT_CAP),
  );
  const broad = ranked(query, terms) && (await counted) >= RELEVANCE_WINDOW;
  const page = pageIds(query, terms, where, broad);
  const [resources, total] = await Promise.all([selectCards(db, page.ids, page.order), counted]);
  return {
    resources,
    page: query.page,
    pageSize: query.pageSize,
    total: Math.min(total, RESULT_COUNT_CAP),
    totalIsCapped: total > RESULT_COUNT_CAP,
  };
}
