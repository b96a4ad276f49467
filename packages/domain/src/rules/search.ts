import { STOP_WORDS } from "./catalogue-lists.ts";
import { wordForms } from "./word-forms.ts";

/**
 * Text search (spec section 2): every word of the query must match one of the chosen fields,
 * case-insensitively; stop words are ignored when asked. "Match" means the field contains the word in
 * one of its forms (issue 17: "fraction" and "fractions" find each other; word-forms.ts says which).
 * The server runs the same rule in SQL (trigram-indexed LIKE); a test proves the two agree.
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

/** A word of a resource search and the forms it is found by: a field matches when it contains one of them. */
export interface SearchTerm {
  word: string;
  forms: string[];
}

/** The terms of a resource search: its words with their forms; two spellings of one word count once. */
export function searchTerms(query: string, ignoreStopWords: boolean): SearchTerm[] {
  const seen = new Set<string>();
  const terms: SearchTerm[] = [];
  for (const word of searchWords(query, ignoreStopWords)) {
    const forms = wordForms(word);
    const key = forms.join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push({ word, forms });
  }
  return terms;
}

type SearchableFields = Partial<Record<SearchField, string | readonly string[] | null>>;

const texts = (value: string | readonly string[] | null | undefined): string[] =>
  value === null || value === undefined
    ? []
    : (Array.isArray(value) ? value : [value as string]).map((v) => v.toLowerCase());

const foundIn = (term: SearchTerm, haystacks: readonly string[]) =>
  haystacks.some((h) => term.forms.some((form) => h.includes(form)));

export function matchesSearch(fields: SearchableFields, query: string, ignoreStopWords: boolean): boolean {
  const haystacks = Object.values(fields).flatMap(texts);
  return searchTerms(query, ignoreStopWords).every((term) => foundIn(term, haystacks));
}

/**
 * The "Relevance" order (issue 17). Each word of the query scores by the best place it is found: in the
 * title, else in a keyword or skill, else elsewhere (description, subtitle, subject, standards, creator:
 * nothing); one point more when it starts a word of the title ("graph" in "Graphing Lines", not in
 * "Paragraph Writing"). The weights make the sum a ranking by these in turn: more words in the title
 * first, then more in keywords and skills, then more at the start of a title word. Ties go to the most
 * downloaded, then the newest. The server's SQL (resources/search-sql.ts) computes the same sum over
 * every match; issue 19 moves it onto weighted full-text search.
 */
export const RELEVANCE_WEIGHTS = { title: 100, tags: 10, titleWordStart: 1 } as const;

export function relevanceScore(fields: SearchableFields, query: string, ignoreStopWords: boolean): number {
  const title = texts(fields.title);
  const titleWords = title.map((t) => ` ${t}`);
  const tags = [...texts(fields.keywords), ...texts(fields.skills)];
  let score = 0;
  for (const term of searchTerms(query, ignoreStopWords)) {
    if (foundIn(term, title)) score += RELEVANCE_WEIGHTS.title;
    else if (foundIn(term, tags)) score += RELEVANCE_WEIGHTS.tags;
    if (foundIn({ ...term, forms: term.forms.map((f) => ` ${f}`) }, titleWords))
      score += RELEVANCE_WEIGHTS.titleWordStart;
  }
  return score;
}
