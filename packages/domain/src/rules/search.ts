import { STOP_WORDS } from "./catalogue-lists.ts";

/**
 * Text search (spec section 2): every word of the query must match one of the chosen fields,
 * case-insensitively; stop words are ignored when asked. "Match" means the field contains the word.
 * The server runs the same rule in SQL (trigram-indexed ILIKE); a test proves the two agree.
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

export const SEARCH_LIMITS = { maxWords: 8, maxLength: 100 } as const;

const STOP = new Set<string>(STOP_WORDS);

/** The words a query searches for: lower case, split on white space, stop words dropped when asked. */
export function searchWords(query: string, ignoreStopWords: boolean): string[] {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const kept = ignoreStopWords ? words.filter((w) => !STOP.has(w)) : words;
  return [...new Set(kept)].slice(0, SEARCH_LIMITS.maxWords);
}

export function matchesSearch(
  fields: Partial<Record<SearchField, string | readonly string[] | null>>,
  query: string,
  ignoreStopWords: boolean,
): boolean {
  const haystacks = Object.values(fields)
    .flatMap((v) => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v as string]))
    .map((v) => v.toLowerCase());
  return searchWords(query, ignoreStopWords).every((word) => haystacks.some((h) => h.includes(word)));
}
