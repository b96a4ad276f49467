import { STOP_WORDS } from "./catalogue-lists.ts";
import { wordSpellings } from "./word-forms.ts";

/**
 * Text search (spec section 2): every word of the query must match one of the chosen fields,
 * case-insensitively; stop words are ignored when asked. Since issue 19 a query word matches a word of a
 * field: the same word in one of its forms ("fraction" and "fractions" find each other, word-forms.ts
 * says which), and the query's last word also the start of a longer word, as the user types ("fractions
 * bin" finds "Fractions Bingo"). The server runs the same rule on a full-text index (resources/
 * search-sql.ts and migration 0016); a test proves the two agree.
 */
export const SEARCH_FIELDS = [
  "title",
  "subtitle",
  "description",
  "subject",
  "keywords",
  "skills",
  "standards",
  "creator",
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const SEARCH_LIMITS = {
  maxWords: 8,
  maxLength: 100,
  /**
   * The last word of a query finds longer words it starts only from this many letters: "b" or "bi" would
   * find a good part of the catalogue's words, which costs a scan of most of it and narrows nothing.
   */
  prefixMinLength: 3,
} as const;

/**
 * A word longer than this is cut to its first letters (no word of a query is that long, so none is
 * missed); it keeps a text's index entries small whatever a description holds.
 */
export const SEARCH_WORD_MAX_LENGTH = 200;

/**
 * Letters read as plain letters: accented Latin letters and capitals as the small letter a to z, so
 * "Español" is found by "espanol" and "CAFÉ" by "cafe". Letters that stand for two ("ß", "æ") are
 * SEARCH_FOLD_PAIRS. Migration 0016's search_fold() holds the same lists (a server test keeps them together).
 */
export const SEARCH_FOLD = {
  from:
    "ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïð" +
    "ñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĸĹĺ" +
    "ĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſ",
  to:
    "abcdefghijklmnopqrstuvwxyzaaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiid" +
    "noooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkkll" +
    "llllllllnnnnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs",
} as const;
export const SEARCH_FOLD_PAIRS: readonly (readonly [string, string])[] = [
  ["Æ", "ae"],
  ["æ", "ae"],
  ["Œ", "oe"],
  ["œ", "oe"],
  ["ß", "ss"],
  ["Þ", "th"],
  ["þ", "th"],
  ["Ĳ", "ij"],
  ["ĳ", "ij"],
];

const FOLD = new Map<string, string>([
  ...[...SEARCH_FOLD.from].map((c, i): [string, string] => [c, SEARCH_FOLD.to[i]!]),
  ...SEARCH_FOLD_PAIRS,
]);

/**
 * The words search reads in a text: letters folded (SEARCH_FOLD), then every run of the letters a to z
 * and the digits, which everything else separates ("3.NF.A.3" is 3, nf, a, 3; "don't" is don, t;
 * "search_maker" is search, maker). Other alphabets have no words here: the catalogue is written in
 * Latin letters. A full-text parser would keep "3.nf" or "e-mail" whole in some places and split them in
 * others; this rule is one the database and this code can both follow exactly.
 */
export function searchTextWords(text: string): string[] {
  const folded = text.replace(/[^a-z0-9]/g, (c) => FOLD.get(c) ?? " ");
  return folded
    .split(" ")
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, SEARCH_WORD_MAX_LENGTH));
}

const STOP = new Set<string>(STOP_WORDS);

/**
 * The words a query searches for, split on white space, lower case, stop words dropped when asked. The
 * help centre's and the admin's searches use it; the catalogue's search reads words with searchTerms.
 */
export function searchWords(query: string, ignoreStopWords: boolean): string[] {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const kept = ignoreStopWords ? words.filter((w) => !STOP.has(w)) : words;
  return [...new Set(kept)].slice(0, SEARCH_LIMITS.maxWords);
}

/**
 * A word of a resource search: the words of a field it finds (its spellings), and with `prefix` also
 * every word that starts with it.
 */
export interface SearchTerm {
  word: string;
  spellings: string[];
  prefix: boolean;
}

/**
 * The terms of a resource search: its words (searchTextWords) with their spellings; a word whose
 * spellings an earlier word already has counts once. The query's last word is also a prefix when it is
 * searched for (not a dropped stop word) and long enough.
 */
export function searchTerms(query: string, ignoreStopWords: boolean): SearchTerm[] {
  const words = searchTextWords(query);
  const seen = new Set<string>();
  const terms: SearchTerm[] = [];
  words.forEach((word, i) => {
    if (ignoreStopWords && STOP.has(word)) return;
    const spellings = wordSpellings(word);
    const key = [...spellings].sort().join(" ");
    if (seen.has(key)) return;
    seen.add(key);
    const prefix = i === words.length - 1 && word.length >= SEARCH_LIMITS.prefixMinLength;
    terms.push({ word, spellings, prefix });
  });
  return terms.slice(0, SEARCH_LIMITS.maxWords);
}

type SearchableFields = Partial<Record<SearchField, string | readonly string[] | null>>;

/** The words of some fields' texts. */
function fieldWords(...values: (string | readonly string[] | null | undefined)[]): Set<string> {
  const texts = values.flatMap((value) =>
    value === null || value === undefined ? [] : Array.isArray(value) ? value : [value as string],
  );
  return new Set(texts.flatMap(searchTextWords));
}

/** Whether the term finds one of the words as it is spelled, not only as the start of a longer word. */
const findsWhole = (term: SearchTerm, words: ReadonlySet<string>) => term.spellings.some((s) => words.has(s));

const finds = (term: SearchTerm, words: ReadonlySet<string>) =>
  findsWhole(term, words) || (term.prefix && [...words].some((w) => w.startsWith(term.word)));

export function matchesSearch(fields: SearchableFields, query: string, ignoreStopWords: boolean): boolean {
  const words = fieldWords(...Object.values(fields));
  return searchTerms(query, ignoreStopWords).every((term) => finds(term, words));
}

/**
 * The "Relevance" order (issues 17 and 19). Each word of the query scores by the best place it is found:
 * in the title, else in a keyword or skill, else elsewhere (description, subtitle, subject, standards,
 * creator: nothing); one point more when the title has it whole, not only as the start of a longer word
 * ("graph" in "Graph Paper" above "Graphic Organizer"). The weights make the sum a ranking by these in
 * turn: more words in the title first, then more in keywords and skills, then more whole. Ties go to the
 * most downloaded, then the newest. The server's SQL (resources/search-sql.ts) reads the same places from
 * the full-text index, which marks a word of the title and of a keyword or skill.
 */
export const RELEVANCE_WEIGHTS = { title: 100, tags: 10, titleWholeWord: 1 } as const;

export function relevanceScore(fields: SearchableFields, query: string, ignoreStopWords: boolean): number {
  const title = fieldWords(fields.title);
  const tags = fieldWords(fields.keywords, fields.skills);
  let score = 0;
  for (const term of searchTerms(query, ignoreStopWords)) {
    if (finds(term, title)) score += RELEVANCE_WEIGHTS.title;
    else if (finds(term, tags)) score += RELEVANCE_WEIGHTS.tags;
    if (findsWhole(term, title)) score += RELEVANCE_WEIGHTS.titleWholeWord;
  }
  return score;
}
