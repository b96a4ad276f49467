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

/** How long what search_lexicon says is kept: as long as a grid's count (CATALOGUE_COUNT_CACHE_MS). */
const LEXICON_CACHE_MS = 15_000;

/**
 * A lexeme as tsquery text, quoted (a quote or backslash escaped, though searchTextWords leaves only a-z
 * and 0-9), so no query text is ever read as tsquery syntax; every query is a bound parameter, cast.
 */
const lexeme = (mark: string, word: string, prefix = false) =>
  `'${mark}${word.replace(/['\\]/g, "\\$&")}'${prefix ? ":*" : ""}`;

/**
 * A term as the index reads it: its spellings that some resource has (search_lexicon), and for a prefix
 * term also the listed words it starts, or null when they are more than PREFIX_WORDS_MAX.
 */
export interface IndexedTerm extends SearchTerm {
  completions: readonly string[] | null;
}

/**
 * Past this many words a prefix is searched as a prefix match (`word:*`), which reads the index entries
 * of every word it starts in full: slower for common words, but the same rows.
 */
const PREFIX_WORDS_MAX = 200;

/**
 * What search_lexicon says, per database: whether a word is listed, and a prefix's words. Kept like the
 * grids' counts and dropped when the catalogue changes (approval, edits, deactivation), so a search
 * seldom asks; a word that reaches the catalogue without such a notice (a bulk load) may be found up to
 * LEXICON_CACHE_MS late by a search that asked for it just before.
 */
interface Lexicon {
  listed: TtlCache<boolean>;
  starts: TtlCache<string[] | null>;
}
const lexicons = new WeakMap<Db, Lexicon>();

function lexicon(db: Db): Lexicon {
  let known = lexicons.get(db);
  if (!known) {
    const created: Lexicon = {
      // Spellings included: most of a word's spellings ("tasked", "tasking") are no word of the catalogue.
      listed: new TtlCache<boolean>(LEXICON_CACHE_MS, 20_000),
      starts: new TtlCache<string[] | null>(LEXICON_CACHE_MS),
    };
    onCatalogueChange(db, () => {
      created.listed.clear();
      created.starts.clear();
    });
    lexicons.set(db, created);
    known = created;
  }
  return known;
}

/** Which of `words` some resource has (one query for those not known already). */
async function listedWords(db: Db, words: readonly string[]): Promise<Set<string>> {
  const { listed } = lexicon(db);
  const found = new Set<string>();
  const unknown: string[] = [];
  for (const word of words) {
    const known = listed.peekSettled(word);
    if (known === undefined) unknown.push(word);
    else if (known) found.add(word);
  }
  if (unknown.length > 0) {
    const rows = await db.execute<{ word: string }>(
      sql`select word from search_lexicon where word in ${unknown}`,
    );
    const present = new Set(rows.rows.map((row) => row.word));
    for (const word of unknown) {
      listed.set(word, present.has(word));
      if (present.has(word)) found.add(word);
    }
  }
  return found;
}

/** The listed words a prefix starts, or null past PREFIX_WORDS_MAX. */
async function completionsOf(db: Db, prefix: string): Promise<string[] | null> {
  const { starts } = lexicon(db);
  // Most searches end with a word asked for a moment ago: answered without a query.
  const known = starts.peekSettled(prefix);
  if (known !== undefined) return known;
  // Words are a-z and 0-9 and the column sorts in "C" order: the prefix's words are a range of the key.
  const next = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return starts.get(prefix, async () => {
    const listed = await db.execute<{ word: string }>(
      sql`select word from search_lexicon where word >= ${prefix} and word < ${next}
          limit ${PREFIX_WORDS_MAX + 1}`,
    );
    const words = listed.rows.map((row) => row.word);
    return words.length > PREFIX_WORDS_MAX ? null : words;
  });
}

/**
 * The terms as the index reads them, from search_lexicon, or null when a term is in no resource (the
 * search finds nothing). A spelling no resource has is left out: every full-text condition, and every
 * score a ranked search computes per match, then tests fewer words. A prefix term also stands for the
 * words it starts: a prefix match cannot skip through the index as an intersection of words does:
 * "sports & test:*" reads every resource with a word starting "test" (a fifth of them) to find the few
 * with "sports", where "sports & (test | tests | testing ...)" reads about as many as "sports" has.
 */
export async function indexedTerms(db: Db, terms: readonly SearchTerm[]): Promise<IndexedTerm[] | null> {
  const last = terms.at(-1);
  const [listed, completions] = await Promise.all([
    listedWords(db, [...new Set(terms.flatMap((term) => term.spellings))]),
    last?.prefix ? completionsOf(db, last.word) : null,
  ]);
  const indexed = terms.map((term) => ({
    ...term,
    spellings: term.spellings.filter((s) => listed.has(s)),
    completions: term === last ? completions : null,
  }));
  const findsNothing = indexed.some(
    (term) => term.spellings.length === 0 && !(term.prefix && (term.completions?.length ?? 1) > 0),
  );
  return findsNothing ? null : indexed;
}

/**
 * A lexeme no search_vector holds (their lexemes are words of a-z and 0-9, some marked): the tsquery of
 * a term with no listed spelling among the marked words, which no row meets.
 */
const NOTHING = "'!'";

/**
 * The term among the words `mark` marks, as tsquery text: one of its spellings, or, unless `whole`, a
 * word its prefix starts.
 */
function forms(term: IndexedTerm, mark = "", whole = false): string {
  const words =
    whole || !term.prefix
      ? term.spellings.map((s) => lexeme(mark, s))
      : term.completions
        ? [...new Set([...term.spellings, ...term.completions])].map((s) => lexeme(mark, s))
        : // A spelling that starts with the prefix adds nothing beside it.
          [
            ...term.spellings.filter((s) => !s.startsWith(term.word)).map((s) => lexeme(mark, s)),
            lexeme(mark, term.word, true),
          ];
  return `(${words.length > 0 ? words.join(" | ") : NOTHING})`;
}

const allOf = (queries: string[]) => queries.join(" & ");
const anyOf = (queries: string[]) => `(${queries.join(" | ")})`;

/** Every term in one of its forms: one full-text condition, served by the GIN index on search_vector. */
export function searchCondition(terms: readonly IndexedTerm[]): SQL {
  return sql`r.search_vector @@ ${allOf(terms.map((term) => forms(term)))}::tsquery`;
}

const points = (n: number) => sql.raw(String(Math.trunc(n)));

/** Relevance's tie-breaks: the most downloaded, then the newest. */
export const RELEVANCE_TIES = sql`r.download_count desc nulls last, r.published_at desc nulls last, r.id`;
const TIES_OF_ROWS = sql`download_count desc nulls last, published_at desc nulls last, id`;

/**
 * A search with more matches than its count's cap ranks by bands (bandedSearchSql), each looked for
 * first among this many of the most downloaded listed resources.
 */
export const RELEVANCE_WINDOW = 1000;

/**
 * A band of a search past the cap is first read from the index, up to this many rows and one more: a band
 * no larger is then sorted whole (the rows of two title words are usually a few dozen), and the window is
 * read only for a broader one. Reading the window first cost about 4.6 ms at 100k for every such search,
 * where the title's band alone took 0.5 ms.
 */
export const BAND_PROBE = 500;

/**
 * The shape of a ranked search, which decides its statements' text: everything else (the words, the
 * filters' values, the page) is a value bound by name, so one statement serves every search of a shape
 * and PostgreSQL parses and plans it once per connection (shaped-statement.ts, runValue).
 */
export interface RankedShape {
  /** How many terms (1 to SEARCH_LIMITS.maxWords). */
  terms: number;
  /** Whether the last term is also the start of longer words. */
  prefix: boolean;
}

/**
 * The tsquery texts a ranked search binds, by name: `all` (every term in one of its forms), the bands'
 * (band1, band2, lastWhole, inTitleOrTags, allInTitle) and each term's for its score (whole0, title0,
 * tags0 ...). Built here, per search, as strings: the statements never change.
 */
export function rankedValues(terms: readonly IndexedTerm[]): Record<string, string> {
  const any = terms.map((t) => forms(t));
  const whole = terms.map((t) => forms(t, TITLE, true));
  const title = terms.map((t) => forms(t, TITLE));
  const tags = terms.map((t) => forms(t, TAGS));
  const values: Record<string, string> = {
    all: allOf(any),
    band1: allOf(whole),
    inTitleOrTags: anyOf([...title, ...tags]),
    allInTitle: allOf(title),
  };
  if (terms.at(-1)!.prefix) {
    values.band2 = allOf([...whole.slice(0, -1), title.at(-1)!]);
    values.lastWhole = whole.at(-1)!;
  }
  terms.forEach((_, i) => {
    values[`whole${i}`] = whole[i]!;
    values[`title${i}`] = title[i]!;
    values[`tags${i}`] = tags[i]!;
  });
  return values;
}

/**
 * A value of a ranked search's statement, read when it runs (an init plan): the planner sees no value,
 * so every run has the same plan and PostgreSQL keeps one (a generic plan) after its first few runs
 * instead of planning each (with the values bound as plain parameters their estimates differ from run
 * to run, and it kept planning: 2 ms a search, more than running it). The plan does not need them: the
 * statements fix how they are read (an index scan of the matches, the window, bands by the index).
 */
export const runValue = (name: string, type: string) =>
  sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;

const bound = (name: string) => runValue(name, "tsquery");
const has = (name: string) => sql`r.search_vector @@ ${bound(name)}`;
const hasNot = (name: string) => sql`not r.search_vector @@ ${bound(name)}`;

/**
 * The domain's relevanceScore over `r` (a resources row or one with its search_vector): per term, the
 * title's weight (and a point more when the title has it whole), else the keywords-and-skills weight,
 * else nothing.
 */
function relevanceScore(shape: RankedShape): SQL {
  const { title, tags, titleWholeWord } = RELEVANCE_WEIGHTS;
  const perTerm = Array.from({ length: shape.terms }, (_, i) => {
    const asPrefix =
      shape.prefix && i === shape.terms - 1 ? sql`when ${has(`title${i}`)} then ${points(title)}` : sql``;
    return sql`case when ${has(`whole${i}`)} then ${points(title + titleWholeWord)} ${asPrefix}
                    when ${has(`tags${i}`)} then ${points(tags)} else 0 end`;
  });
  return sql`(${sql.join(perTerm, sql` + `)})`;
}

/**
 * The relevance bands of a search with more matches than can be scored, best first, none overlapping;
 * each is a condition on a matching row (`implied`: one that only a match meets, so the search's own
 * condition need not be asked again), and only the one whose rows score differently carries the score.
 */
function relevanceBands(shape: RankedShape): { condition: SQL; implied?: boolean; score?: SQL }[] {
  return [
    // Every word whole in the title is every word found.
    { condition: has("band1"), implied: true },
    ...(shape.prefix ? [{ condition: sql`${has("band2")} and ${hasNot("lastWhole")}`, implied: true }] : []),
    {
      condition: sql`${has("inTitleOrTags")} and ${hasNot("allInTitle")}`,
      score: relevanceScore(shape),
    },
    { condition: hasNot("inTitleOrTags") },
  ];
}

const pageOrder = sql`order by band, score desc, ${TIES_OF_ROWS}
  limit ${runValue("limit", "int")} offset ${runValue("offset", "int")}`;

/**
 * A ranked search's matches, counted and, when they are no more than `cap`, its page: `with` clauses
 * defining `total` (one row: n, the matches counted up to `cap` + 1) and `page` (the page's rows, ctid
 * and id, with their band, 0, and score, in relevance order; empty past the cap). `filters` are the
 * grid's conditions on `resources r` (listed, and the filters, bound by name); the statement binds the
 * tsquery texts of rankedValues, `limit` and `offset`.
 *
 * Counting reads every match up to `cap` + 1 (one index scan, one read of each row), and each is scored
 * as it is read: with no more than `cap` matches the page is those rows sorted, exactly the domain's
 * order, for little more than the price of the count. Past the cap, bandedSearchSql reads the page.
 */
export function scoredSearchSql(shape: RankedShape, filters: SQL, cap: number): SQL {
  return sql`with matched as materialized (
      select r.ctid, r.id, r.download_count, r.published_at, ${relevanceScore(shape)} as score
      from resources r where ${filters} and ${has("all")} limit ${points(cap + 1)}),
    total as (select count(*)::int as n from matched),
    page as (select ctid, id, 0 as band, score, download_count, published_at from matched
      where (select n from total) <= ${points(cap)} ${pageOrder})`;
}

/**
 * The page of a ranked search with more matches than can be counted (and so scored), as a `with` clause
 * defining `page` (ctid, id, band and score, in relevance order). It binds what scoredSearchSql binds and
 * `need` (the rows up to the page's end). The page is read by bands that never overlap:
 *   1. every word whole in the title: all the same score, so in the ties' order;
 *   2. every word in the title, the last only as the start of a longer word: likewise, one point less;
 *   3. not every word in the title, but some in the title, a keyword or a skill: scored and sorted;
 *   4. none there (found in descriptions and the like): score 0, in the ties' order.
 * Bands 1 and 2 outrank band 3 because a word in the title outweighs one in a keyword (a row of band 3
 * lacks a title word that they have), and band 3 outranks band 4, which scores nothing. A page takes the
 * bands in turn, each read only as far as the page needs and not at all once the bands before fill it.
 * Bands 1, 2 and 4 are first read from the index, up to BAND_PROBE rows: a band no larger is sorted whole.
 * A broader one is read from a window, the RELEVANCE_WINDOW most downloaded listed resources in the
 * ties' order, whose first rows of a band are the band's first rows: when the window holds enough of
 * them, the page costs a thousand rows however broad the search; when it does not (a sparse band) the
 * band is found by the full-text index and sorted.
 */
export function bandedSearchSql(shape: RankedShape, filters: SQL): SQL {
  const matching = sql`${filters} and ${has("all")}`;
  const bands = relevanceBands(shape);
  const names = bands.map((_, i) => sql.raw(`band${i + 1}`));
  const bandOf = sql.join(
    bands.map((band, i) => sql`when ${band.condition} then ${points(i + 1)}`),
    sql` `,
  );
  // The window's rows carry every column the filters read (resource-list.service.ts's conditions).
  const window = sql`win as materialized (
    select r.ctid, r.id, r.download_count, r.published_at, case ${bandOf} end as band
    from (select r.ctid, r.id, r.download_count, r.published_at, r.search_vector, r.approval_status, r.status,
                 r.is_featured, r.featured_until, r.grade, r.subject_area, r.type, r.price, r.sale_price,
                 r.sale_end, r.rating_average
          from resources r where ${LISTED} order by ${RELEVANCE_TIES}
          limit ${points(RELEVANCE_WINDOW)}) r
    where ${matching})`;
  const need = runValue("need", "int");
  const ctes = bands.map((band, i) => {
    const before = names.slice(0, i).map((name) => sql` - (select count(*) from ${name})`);
    const left = sql`greatest(0, ${need}${sql.join(before, sql``)})`;
    const indexed = (
      rows: SQL,
    ) => sql`(select r.ctid, r.id, ${points(i + 1)} as band, ${band.score ?? sql`0`} as score,
        r.download_count, r.published_at
      from resources r where ${band.implied ? filters : matching} and ${band.condition}
      order by ${band.score ? sql`score desc, ${RELEVANCE_TIES}` : RELEVANCE_TIES} limit ${rows})`;
    if (band.score) return sql`${names[i]} as materialized ${indexed(left)}`;
    // Each condition is asked only when the one before it did not settle the band (a case runs in order):
    // nothing once the bands before fill the page, then the probe, then the window.
    const probe = sql.raw(`probe${i + 1}`);
    const probed = sql`(select count(*) from ${probe}) <= ${points(BAND_PROBE)}`;
    const inWindow = sql`(select count(*) from win where band = ${points(i + 1)}) >= ${left}`;
    return sql`${probe} as materialized (
      select r.ctid, r.id, r.download_count, r.published_at from resources r
      where ${band.implied ? filters : matching} and ${band.condition} limit ${points(BAND_PROBE + 1)}),
    ${names[i]} as materialized (
      (select ctid, id, ${points(i + 1)} as band, 0 as score, download_count, published_at from ${probe}
       where ${probed} order by ${TIES_OF_ROWS} limit ${left})
      union all
      (select ctid, id, band, 0 as score, download_count, published_at from win
       where band = ${points(i + 1)} and case when ${probed} then false else ${inWindow} end
       order by ${TIES_OF_ROWS} limit ${left})
      union all ${indexed(
        sql`case when ${left} = 0 then 0 when ${probed} then 0 when ${inWindow} then 0 else ${left} end`,
      )})`;
  });
  return sql`with ${window}, ${sql.join(ctes, sql`, `)},
    page as (select * from (${sql.join(
      names.map((name) => sql`select * from ${name}`),
      sql` union all `,
    )}) banded ${pageOrder})`;
}
