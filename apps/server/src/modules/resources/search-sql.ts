import { RELEVANCE_WEIGHTS, type SearchTerm } from "@market/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { onCatalogueChange } from "../../platform/catalogue-changes.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import { LISTED } from "./card-query.ts";

/**
 * Resource search in SQL, the domain's rule (rules/search.ts) on `resources r`, read from search_vector
 * (migration 0016) and its GIN index. Every word of a resource is a lexeme of it; a word of the title is
 * also one marked TITLE, a word of a keyword or skill one marked TAGS, so "the title has this word" is an
 * index look-up like any other (a tsvector's weights are not in its GIN index: asking for them reads
 * every matching row).
 */
const TITLE = "^";
const TAGS = "#";

/** How long a prefix's words are kept (as long as a grid's count, CATALOGUE_COUNT_CACHE_MS's default). */
const COMPLETIONS_CACHE_MS = 15_000;

/**
 * A lexeme as tsquery text, quoted (a quote or backslash escaped, though searchTextWords leaves only a-z
 * and 0-9), so no query text is ever read as tsquery syntax; every query is a bound parameter, cast.
 */
const lexeme = (mark: string, word: string, prefix = false) =>
  `'${mark}${word.replace(/['\\]/g, "\\$&")}'${prefix ? ":*" : ""}`;

const anyOf = (parts: SQL[]) => sql`(${sql.join(parts, sql` || `)})`;
const allOf = (parts: SQL[]) => sql`(${sql.join(parts, sql` && `)})`;

/**
 * A term as the index reads it: a prefix term also with the listed words it starts (search_lexicon),
 * or null when they are more than PREFIX_WORDS_MAX.
 */
export interface IndexedTerm extends SearchTerm {
  completions: readonly string[] | null;
}

/**
 * Past this many words a prefix is searched as a prefix match (`word:*`), which reads the index entries
 * of every word it starts in full: slower for common words, but the same rows.
 */
const PREFIX_WORDS_MAX = 200;

/** A prefix's words, per database: kept like the grids' counts, and dropped when the catalogue changes. */
const completionCaches = new WeakMap<Db, TtlCache<string[] | null>>();

function completionCache(db: Db): TtlCache<string[] | null> {
  let cache = completionCaches.get(db);
  if (!cache) {
    const created = new TtlCache<string[] | null>(COMPLETIONS_CACHE_MS);
    onCatalogueChange(db, () => created.clear());
    completionCaches.set(db, created);
    cache = created;
  }
  return cache;
}

/**
 * The terms with the words a prefix term stands for, from search_lexicon. A prefix match cannot skip
 * through the index as an intersection of words does: "sports & test:*" reads every resource with a
 * word starting "test" (a fifth of them) to find the few with "sports", where "sports & (test | tests |
 * testing ...)" reads about as many as "sports" has.
 */
export async function indexedTerms(db: Db, terms: readonly SearchTerm[]): Promise<IndexedTerm[]> {
  return Promise.all(
    terms.map(async (term) => {
      if (!term.prefix) return { ...term, completions: null };
      // Words are a-z and 0-9 and the column sorts in "C" order: the prefix's words are a range of the key.
      const next =
        term.word.slice(0, -1) + String.fromCharCode(term.word.charCodeAt(term.word.length - 1) + 1);
      const completions = await completionCache(db).get(term.word, async () => {
        const listed = await db.execute<{ word: string }>(
          sql`select word from search_lexicon where word >= ${term.word} and word < ${next}
              limit ${PREFIX_WORDS_MAX + 1}`,
        );
        const words = listed.rows.map((row) => row.word);
        return words.length > PREFIX_WORDS_MAX ? null : words;
      });
      return { ...term, completions };
    }),
  );
}

const tsquery = (lexemes: string[]) => sql`${`(${lexemes.join(" | ")})`}::tsquery`;

/** The term among the words `mark` marks: one of its spellings, or, unless `whole`, a word its prefix starts. */
function found(term: IndexedTerm, mark = "", whole = false): SQL {
  if (whole || !term.prefix) return tsquery(term.spellings.map((s) => lexeme(mark, s)));
  if (term.completions) {
    return tsquery([...new Set([...term.spellings, ...term.completions])].map((s) => lexeme(mark, s)));
  }
  // A spelling that starts with the prefix adds nothing beside it.
  const others = term.spellings.filter((s) => !s.startsWith(term.word));
  return tsquery([...others.map((s) => lexeme(mark, s)), lexeme(mark, term.word, true)]);
}

const has = (query: SQL) => sql`r.search_vector @@ ${query}`;
const hasNot = (query: SQL) => sql`not r.search_vector @@ ${query}`;

/** Every term in one of its forms: one full-text condition, served by the GIN index on search_vector. */
export function searchCondition(terms: readonly IndexedTerm[]): SQL {
  return has(allOf(terms.map((term) => found(term))));
}

const points = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * The domain's relevanceScore over `resources r`: per term, the title's weight (and a point more when
 * the title has it whole), else the keywords-and-skills weight, else nothing.
 */
function relevanceScore(terms: readonly IndexedTerm[]): SQL {
  const { title, tags, titleWholeWord } = RELEVANCE_WEIGHTS;
  const perTerm = terms.map((term) => {
    const asPrefix = term.prefix ? sql`when ${has(found(term, TITLE))} then ${points(title)}` : sql``;
    return sql`case when ${has(found(term, TITLE, true))} then ${points(title + titleWholeWord)} ${asPrefix}
                    when ${has(found(term, TAGS))} then ${points(tags)} else 0 end`;
  });
  return sql`(${sql.join(perTerm, sql` + `)})`;
}

/** Relevance's tie-breaks: the most downloaded, then the newest. */
export const RELEVANCE_TIES = sql`r.download_count desc nulls last, r.published_at desc nulls last, r.id`;
const TIES_OF_ROWS = sql`download_count desc nulls last, published_at desc nulls last, id`;

/**
 * Below this many (capped) matches relevance scores every match and sorts them: each costs a read of
 * its row, a few microseconds. From it on, relevance reads bands (rankedPageIds), each from a window of
 * this many of the most downloaded listed resources when the window holds enough of the band.
 */
export const RELEVANCE_WINDOW = 1000;

/**
 * The relevance bands of rankedPageIds, best first, none overlapping; each is a condition on a matching
 * row, and only the one whose rows score differently carries the score.
 */
function relevanceBands(terms: readonly IndexedTerm[]): { condition: SQL; score?: SQL }[] {
  const last = terms.at(-1)!;
  const inTitleOrTags = anyOf(terms.flatMap((t) => [found(t, TITLE), found(t, TAGS)]));
  const wholeInTitle = terms.map((t) => found(t, TITLE, true));
  return [
    { condition: has(allOf(wholeInTitle)) },
    ...(last.prefix
      ? [
          {
            condition: sql`${has(allOf([...wholeInTitle.slice(0, -1), found(last, TITLE)]))}
              and ${hasNot(found(last, TITLE, true))}`,
          },
        ]
      : []),
    {
      condition: sql`${has(allOf([...terms.map((t) => found(t)), inTitleOrTags]))}
        and ${hasNot(allOf(terms.map((t) => found(t, TITLE))))}`,
      score: relevanceScore(terms),
    },
    { condition: sql`${searchCondition(terms)} and ${hasNot(inTitleOrTags)}` },
  ];
}

/**
 * The ids of one page in relevance order (with their band and score, which the caller orders by again).
 * A narrow search (fewer than RELEVANCE_WINDOW matches) scores every match. A broad one would read a
 * good part of the catalogue that way; its scores fall instead into bands that never overlap:
 *   1. every word whole in the title: all the same score, so in the ties' order;
 *   2. every word in the title, the last only as the start of a longer word: likewise, one point less;
 *   3. not every word in the title, but some in the title, a keyword or a skill: scored and sorted;
 *   4. none there (found in descriptions and the like): score 0, in the ties' order.
 * Bands 1 and 2 outrank band 3 because a word in the title outweighs one in a keyword (a row of band 3
 * lacks a title word that they have), and band 3 outranks band 4, which scores nothing. A page takes the bands in turn, each read only as far as the page needs
 * and not at all once the bands before fill it. Bands 1, 2 and 4 are read from a window, the
 * RELEVANCE_WINDOW most downloaded listed resources in the ties' order, whose first rows of a band are
 * the band's first rows: when the window holds enough of them, the page costs a thousand rows however
 * broad the search; when it does not (a sparse band) the band is found by the full-text index and sorted.
 */
export function rankedPageIds(
  terms: readonly IndexedTerm[],
  where: SQL,
  page: { limit: number; offset: number; broad: boolean },
): SQL {
  const limit = sql`limit ${page.limit} offset ${page.offset}`;
  if (!page.broad) {
    return sql`select r.id, 0 as band, ${relevanceScore(terms)} as score from resources r where ${where}
      order by score desc, ${RELEVANCE_TIES} ${limit}`;
  }
  const bands = relevanceBands(terms);
  const names = bands.map((_, i) => sql.raw(`band${i + 1}`));
  const bandOf = sql.join(
    bands.map((band, i) => sql`when ${band.condition} then ${points(i + 1)}`),
    sql` `,
  );
  const window = sql`win as materialized (
    select r.id, r.download_count, r.published_at, case ${bandOf} end as band
    from (select r.* from resources r where ${LISTED} order by ${RELEVANCE_TIES}
          limit ${points(RELEVANCE_WINDOW)}) r
    where ${where})`;
  const ctes = bands.map((band, i) => {
    const before = names.slice(0, i).map((name) => sql` - (select count(*) from ${name})`);
    const need = sql`greatest(0, ${points(page.limit + page.offset)}${sql.join(before, sql``)})`;
    const indexed = (
      rows: SQL,
    ) => sql`(select r.id, ${points(i + 1)} as band, ${band.score ?? sql`0`} as score,
        r.download_count, r.published_at
      from resources r where ${where} and ${band.condition}
      order by ${band.score ? sql`score desc, ${RELEVANCE_TIES}` : RELEVANCE_TIES} limit ${rows})`;
    if (band.score) return sql`${names[i]} as materialized ${indexed(need)}`;
    const inWindow = sql`(select count(*) from win where band = ${points(i + 1)}) >= ${need}`;
    return sql`${names[i]} as materialized (
      (select id, band, 0 as score, download_count, published_at from win
       where band = ${points(i + 1)} and ${inWindow} order by ${TIES_OF_ROWS} limit ${need})
      union all ${indexed(sql`case when ${inWindow} then 0 else ${need} end`)})`;
  });
  return sql`with ${sql.join([window, ...ctes], sql`, `)}
    select id, band, score from (${sql.join(
      names.map((name) => sql`select * from ${name}`),
      sql` union all `,
    )}) banded
    order by band, score desc, ${TIES_OF_ROWS} ${limit}`;
}
