import {
  RESULT_COUNT_CAP,
  type ResourceListQuery,
  type ResourceListResponse,
  searchWords,
} from "@market/domain";
import { and, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { TtlCache } from "../../platform/ttl-cache.ts";
import { countCapped, LISTED, SITE_TODAY, selectCards } from "./card-query.ts";

/**
 * Each order matches its partial index exactly (drizzle writes DESC indexes as NULLS LAST), so a page
 * is read straight off the index instead of sorting every listed resource.
 */
const ORDER: Record<ResourceListQuery["sort"], SQL> = {
  newest: sql`r.published_at desc nulls last, r.id`,
  downloads: sql`r.download_count desc nulls last, r.id`,
  "price-asc": sql`r.price asc, r.id asc`,
  "price-desc": sql`r.price desc, r.id desc`,
};

/** LIKE treats % _ and \ specially; a searched word means itself. */
const likeEscape = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filters and the search of the grids. Search is spec 2's rule (the domain's matchesSearch): each
 * word must occur in one of the fields, which search_text holds one per line, lower-cased; LIKE on it
 * is served by the trigram index.
 */
function conditions(query: ResourceListQuery): SQL {
  const parts: SQL[] = [LISTED];
  if (query.featured)
    parts.push(sql`r.is_featured and (r.featured_until is null or r.featured_until > now())`);
  if (query.grade) parts.push(sql`r.grade = ${query.grade}`);
  if (query.subject) parts.push(sql`lower(r.subject_area) = ${query.subject.toLowerCase()}`);
  if (query.type) parts.push(sql`r.type = ${query.type}`);
  if (query.price === "free") parts.push(sql`r.price = 0`);
  if (query.price === "paid") parts.push(sql`r.price > 0`);
  if (query.price === "sale") parts.push(sql`r.sale_price is not null and r.sale_end >= ${SITE_TODAY}`);
  for (const word of searchWords(query.q ?? "", query.stopWords ?? false)) {
    parts.push(sql`r.search_text like ${`%${likeEscape(word)}%`}`);
  }
  return and(...parts)!;
}

/** What decides a grid's total: the filters and the search, not the page or the order. */
function countKey(query: ResourceListQuery): string {
  const words = searchWords(query.q ?? "", query.stopWords ?? false);
  return JSON.stringify([
    query.featured ?? false,
    query.grade,
    query.subject?.toLowerCase(),
    query.type,
    query.price,
    [...words].sort(),
  ]);
}

/** One page of a grid and its (capped) total: two queries whatever the page size, one while the total is cached. */
export async function listPublishedResources(
  db: Db,
  query: ResourceListQuery,
  counts: TtlCache<number>,
): Promise<ResourceListResponse> {
  const where = conditions(query);
  const order = ORDER[query.sort];
  const offset = (query.page - 1) * query.pageSize;
  const [resources, total] = await Promise.all([
    selectCards(
      db,
      sql`select r.id from resources r where ${where} order by ${order} limit ${query.pageSize} offset ${offset}`,
      order,
    ),
    counts.get(countKey(query), () =>
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
