import {
  RESULT_COUNT_CAP,
  type ResourceListQuery,
  type ResourceListResponse,
  type SearchTerm,
  searchTerms,
} from "@market/domain";
import { and, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { TtlCache } from "../../platform/ttl-cache.ts";
import { countCapped, LISTED, SITE_TODAY, selectCards } from "./card-query.ts";
import { relevanceScore, searchConditions } from "./search-sql.ts";

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

/** Relevance's tie-breaks: the most downloaded, then the newest. */
const RELEVANCE_TIES = sql`r.download_count desc nulls last, r.published_at desc nulls last, r.id`;

/** With no query the grids are newest first; with one, the best matches first (issue 17). */
const DEFAULT_SORT: IndexedSort = "newest";

/**
 * The filters and the search of the grids. Search is spec 2's rule (the domain's matchesSearch): each
 * word must occur, in one of its forms, in one of the fields, which search_text holds one per line,
 * lower-cased; LIKE on it is served by the trigram index.
 */
function conditions(query: ResourceListQuery, terms: readonly SearchTerm[]): SQL {
  const parts: SQL[] = [LISTED];
  if (query.featured)
    parts.push(sql`r.is_featured and (r.featured_until is null or r.featured_until > now())`);
  if (query.grade) parts.push(sql`r.grade = ${query.grade}`);
  if (query.subject) parts.push(sql`lower(r.subject_area) = ${query.subject.toLowerCase()}`);
  if (query.type) parts.push(sql`r.type = ${query.type}`);
  if (query.price === "free") parts.push(sql`r.price = 0`);
  if (query.price === "paid") parts.push(sql`r.price > 0`);
  if (query.price === "sale") parts.push(sql`r.sale_price is not null and r.sale_end >= ${SITE_TODAY}`);
  parts.push(...searchConditions(terms));
  return and(...parts)!;
}

/** What decides a grid's total: the filters and the search (its words' forms), not the page or the order. */
function countKey(query: ResourceListQuery, terms: readonly SearchTerm[]): string {
  return JSON.stringify([
    query.featured ?? false,
    query.grade,
    query.subject?.toLowerCase(),
    query.type,
    query.price,
    terms.map((t) => t.forms.join(" ")).sort(),
  ]);
}

/**
 * The page's ids in order. Relevance scores the matching rows (one expression, search-sql.ts) and hands
 * the score to the outer query, which orders the cards by it again.
 */
function pageIds(query: ResourceListQuery, terms: readonly SearchTerm[], where: SQL) {
  const sort = query.sort ?? (terms.length > 0 ? "relevance" : DEFAULT_SORT);
  const limit = sql`limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`;
  if (sort === "relevance" && terms.length > 0) {
    return {
      ids: sql`select r.id, ${relevanceScore(terms)} as score from resources r where ${where}
               order by score desc, ${RELEVANCE_TIES} ${limit}`,
      order: sql`page.score desc, ${RELEVANCE_TIES}`,
    };
  }
  // Relevance without words to rank by is the default order.
  const order = ORDER[sort === "relevance" ? DEFAULT_SORT : sort];
  return { ids: sql`select r.id from resources r where ${where} order by ${order} ${limit}`, order };
}

/** One page of a grid and its (capped) total: two queries whatever the page size, one while the total is cached. */
export async function listPublishedResources(
  db: Db,
  query: ResourceListQuery,
  counts: TtlCache<number>,
): Promise<ResourceListResponse> {
  const terms = searchTerms(query.q ?? "", query.stopWords ?? false);
  const where = conditions(query, terms);
  const page = pageIds(query, terms, where);
  const [resources, total] = await Promise.all([
    selectCards(db, page.ids, page.order),
    counts.get(countKey(query, terms), () =>
      countCapped(db, sql`from resources r where ${where}`, RESULT_COUNT_CAP),
    ),
  ]);
  return {
    resources,
    page: query.page,
    pageSize: query.pageSize,
    total: Math.min(total, RESULT_COUNT_CAP),
    totalIsCapped: total > RESULT_COUNT_CAP,
  };
}
