import {
  BUNDLE_TYPE,
  BUNDLE_TYPE_QUERY,
  PAGE_SIZE_MAX,
  RESULT_COUNT_CAP,
  type ResourceCard,
  type ResourceListQuery,
  type ResourceListResponse,
  searchTerms,
} from "@market/domain";
import { and, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { TtlCache } from "../../platform/ttl-cache.ts";
import { withStoreSaleCards } from "../commerce/index.ts";
import { cardsSql, countCapped, LISTED, SALE_RUNS, selectCards, withBundleContents } from "./card-query.ts";
import type { ResourceCardRow } from "./resource.presenter.ts";
import { presentResourceCard } from "./resource.presenter.ts";
import {
  bandedSearchSql,
  type IndexedTerm,
  indexedTerms,
  rankedValues,
  runValue,
  scoredSearchSql,
  searchCondition,
} from "./search-sql.ts";
import { executeShaped } from "./shaped-statement.ts";

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
  rating: sql`r.rating_score desc nulls last, r.download_count desc nulls last, r.id`,
};

/** With no query the grids are newest first; with one, the best matches first (issue 17). */
const DEFAULT_SORT: IndexedSort = "newest";

/**
 * A filter's value in the SQL: a parameter of this query, or a named one of a shaped statement, read as
 * `type` (a plain parameter takes its type from the column it is compared with).
 */
type Bind = (name: string, value: unknown, type?: "text" | "numeric") => SQL;
const asParameter: Bind = (_, value) => sql`${value}`;
const byName: Bind = (name, _, type = "text") => runValue(name, type);

/** The type a filter asks for as stored: `type=bundle` lists bundles, whose type is "Bundle" (issue 22). */
const storedType = (type: ResourceListQuery["type"]) => (type === BUNDLE_TYPE_QUERY ? BUNDLE_TYPE : type);

/**
 * The filters and the search of the grids. Search is spec 2's rule (the domain's matchesSearch): each
 * word must be a word of one of the fields, in one of its spellings (the last word also the start of
 * one), which one full-text condition on search_vector asks of its GIN index. The columns read here are
 * those search-sql.ts's window selects.
 */
function conditions(query: ResourceListQuery, search: SQL | undefined, bind: Bind): SQL {
  const parts: SQL[] = [LISTED];
  if (query.featured)
    parts.push(sql`r.is_featured and (r.featured_until is null or r.featured_until > now())`);
  if (query.grade) parts.push(sql`r.grade = ${bind("grade", query.grade)}`);
  if (query.subject) parts.push(sql`lower(r.subject_area) = ${bind("subject", query.subject.toLowerCase())}`);
  if (query.type) parts.push(sql`r.type = ${bind("type", storedType(query.type))}`);
  if (query.price === "free") parts.push(sql`r.price = 0`);
  if (query.price === "paid") parts.push(sql`r.price > 0`);
  if (query.price === "sale") parts.push(SALE_RUNS);
  // The average as cards show it (one decimal), so a card saying 4.0 is in "4 stars & up"; an unrated
  // resource's is null and never passes.
  if (query.minRating !== undefined)
    parts.push(sql`r.rating_average >= ${bind("minRating", query.minRating, "numeric")}`);
  if (search) parts.push(search);
  return and(...parts)!;
}

/** Which filters a query sets: with the order or the search's shape, what a shaped statement's text depends on. */
const filterShape = (query: ResourceListQuery) => [
  query.featured ?? false,
  !!query.grade,
  !!query.subject,
  !!query.type,
  query.price,
  query.minRating !== undefined,
];

/** The values a shaped statement binds by name (conditions with byName, and the page). */
const filterValues = (query: ResourceListQuery) => ({
  grade: query.grade,
  subject: query.subject?.toLowerCase(),
  type: storedType(query.type),
  minRating: query.minRating,
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

/**
 * What decides a grid's total: the filters and the search (its terms), not the page or the order (the
 * key of the counts' cache; exported for the tests that take a search past the count's cap).
 */
export function countKey(query: ResourceListQuery, terms: readonly IndexedTerm[]): string {
  return JSON.stringify([
    query.featured ?? false,
    query.grade,
    query.subject?.toLowerCase(),
    query.type,
    query.price,
    query.minRating,
    terms.map((t) => `${[...t.spellings].sort().join(" ")}${t.prefix ? ` ${t.word}*` : ""}`).sort(),
  ]);
}

/** With words to rank by, relevance is the default order. */
const ranked = (query: ResourceListQuery, terms: readonly IndexedTerm[]) =>
  terms.length > 0 && (query.sort ?? "relevance") === "relevance";

/** A card of a ranked search (with what it is ordered by), or nothing but the total on an empty page. */
type RankedRow = (ResourceCardRow | { [K in keyof ResourceCardRow]: null }) & { total?: number };

/**
 * The cards of a ranked statement's `page`, with what they are ordered by. Each row is fetched by the
 * ctid it was read at, in the same statement (so the same snapshot): no second look-up by id.
 */
const rankedCards = cardsSql(
  sql`page`,
  undefined,
  sql`, page.band, page.score, r.published_at as ranked_published_at`,
  sql`r.ctid = page.ctid`,
);
const RANKED_ORDER = sql`c.band, c.score desc, c.download_count desc nulls last,
  c.ranked_published_at desc nulls last, c.id`;

/**
 * A ranked search's page and total. Its statements are shaped (shaped-statement.ts): their text depends
 * on the number of words, whether the last is a prefix and which filters are set, never on the values.
 * The first counts the matches and, up to the cap, ranks them all (search-sql.ts's scoredSearchSql);
 * past the cap a second reads the page by bands (bandedSearchSql). A total past the cap counted in the
 * last CATALOGUE_COUNT_CACHE_MS (paging on through a broad search) goes straight to the second.
 */
async function rankedSearch(
  db: Db,
  query: ResourceListQuery,
  terms: readonly IndexedTerm[],
  counts: TtlCache<number>,
): Promise<ResourceListResponse> {
  const shape = { terms: terms.length, prefix: terms.at(-1)!.prefix };
  const shapeKey = JSON.stringify([shape.terms, shape.prefix, ...filterShape(query)]);
  const filters = () => conditions(query, undefined, byName);
  const offset = (query.page - 1) * query.pageSize;
  const values = { ...rankedValues(terms), ...filterValues(query) };
  const key = countKey(query, terms);
  let total = counts.peekSettled(key);
  let rows: RankedRow[] = [];
  if (total === undefined || total <= RESULT_COUNT_CAP) {
    rows = await executeShaped<RankedRow>(
      db,
      "scored_search",
      shapeKey,
      () => sql`${scoredSearchSql(shape, filters(), RESULT_COUNT_CAP)}
        select c.*, t.n as total from total t left join (${rankedCards}) c on true
        order by ${RANKED_ORDER}`,
      values,
    );
    total = Number(rows[0]?.total ?? 0);
    counts.set(key, total);
  }
  if (total > RESULT_COUNT_CAP) {
    rows = await executeShaped<RankedRow>(
      db,
      "banded_search",
      shapeKey,
      () =>
        sql`${bandedSearchSql(shape, filters())} select * from (${rankedCards}) c order by ${RANKED_ORDER}`,
      { ...values, need: offset + query.pageSize },
    );
  }
  return {
    resources: await withBundleContents(
      db,
      rows.flatMap((row) => (row.id === null ? [] : [presentResourceCard(row)])),
    ),
    page: query.page,
    pageSize: query.pageSize,
    total: Math.min(total, RESULT_COUNT_CAP),
    totalIsCapped: total > RESULT_COUNT_CAP,
  };
}

/**
 * A page of a grid without a search, as a shaped statement (shaped-statement.ts): its text depends only on
 * which filters are set and the order, and every value (the filters', the page's) is read by an init plan,
 * so PostgreSQL plans it once per connection and keeps that plan. With the values bound as plain
 * parameters it planned every page anew (about 0.8 ms of a 1-2 ms page at 100k: a plan for the values'
 * own estimates always looked cheaper than the one kept). The outer constant limit tells the planner a
 * page is a few dozen rows (a limit it cannot read is 10% of the table to it), so the cards are joined
 * row by row, as for a page of known size.
 */
async function gridPage(db: Db, query: ResourceListQuery, sort: IndexedSort): Promise<ResourceCard[]> {
  const shapeKey = JSON.stringify([...filterShape(query), sort]);
  const rows = await executeShaped<ResourceCardRow>(
    db,
    "grid_page",
    shapeKey,
    () => {
      const ids = sql`select r.id from resources r where ${conditions(query, undefined, byName)}
        order by ${ORDER[sort]} limit ${runValue("limit", "int")} offset ${runValue("offset", "int")}`;
      return cardsSql(
        sql`(select * from (${ids}) ids limit ${sql.raw(String(PAGE_SIZE_MAX))}) page`,
        ORDER[sort],
      );
    },
    filterValues(query),
  );
  return withBundleContents(db, rows.map(presentResourceCard));
}

/**
 * One page of a grid and its (capped) total. A search first asks search_lexicon which of its words'
 * spellings the catalogue has (kept a while: most searches ask nothing); one with a word no resource
 * has finds nothing without a query. A ranked search is one statement (two past the count's cap, see
 * rankedSearch); any other page is two queries whatever the page size, one while the total is cached
 * (a grid page without a search is planned once per connection: gridPage).
 */
export async function listPublishedResources(
  db: Db,
  query: ResourceListQuery,
  counts: TtlCache<number>,
): Promise<ResourceListResponse> {
  const terms = await indexedTerms(db, searchTerms(query.q ?? "", query.stopWords ?? false));
  if (!terms) {
    return { resources: [], page: query.page, pageSize: query.pageSize, total: 0, totalIsCapped: false };
  }
  // Each card at its best running sale, the creator's store-wide sale included (commerce, issue 22).
  if (ranked(query, terms)) {
    const found = await rankedSearch(db, query, terms, counts);
    return { ...found, resources: await withStoreSaleCards(db, found.resources) };
  }
  const where = conditions(query, terms.length > 0 ? searchCondition(terms) : undefined, asParameter);
  const counted = counts.get(countKey(query, terms), () =>
    countCapped(db, sql`from resources r where ${where}`, RESULT_COUNT_CAP),
  );
  // Relevance without words to rank by is the default order.
  const sort = query.sort === undefined || query.sort === "relevance" ? DEFAULT_SORT : query.sort;
  const order = ORDER[sort];
  const page =
    terms.length === 0
      ? gridPage(db, query, sort)
      : selectCards(
          db,
          sql`select r.id from resources r where ${where} order by ${order}
              limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
          order,
        );
  const [resources, total] = await Promise.all([
    page.then((cards) => withStoreSaleCards(db, cards)),
    counted,
  ]);
  return {
    resources,
    page: query.page,
    pageSize: query.pageSize,
    total: Math.min(total, RESULT_COUNT_CAP),
    totalIsCapped: total > RESULT_COUNT_CAP,
  };
}
