/**
 * Restricted words (spec 5): the site setting `restrictedWords` lists pattern and replacement pairs,
 * replaced in an ad's title, description, button and statement and in a resource's description,
 * subject_area, subtitle, reading_levels and keyword, skill and standard lists before they are saved.
 */
export interface RestrictedWord {
  pattern: string;
  replacement: string;
}

/** Escapes the syntax characters only: in a "u" regular expression any other escape is an error. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Letters, digits and combining marks: what continues a word, so a match must not touch one. */
const WORD_CHAR = "[\\p{L}\\p{M}\\p{N}]";

function firstLetterCase(matched: string, replacement: string): string {
  const [first = "", ...rest] = Array.from(replacement);
  const [initial = ""] = Array.from(matched);
  const upper = initial.toLocaleUpperCase();
  const lower = initial.toLocaleLowerCase();
  if (upper === lower) return replacement; // the match starts with no letter: nothing to keep
  const cased = initial === upper ? first.toLocaleUpperCase() : first.toLocaleLowerCase();
  return cased + rest.join("");
}

/**
 * Every occurrence of each pattern, case-insensitively and taken literally (no regular expression
 * syntax), becomes its replacement, with the first letter's case kept from the text ("Darn" ->
 * "Gosh", "darn" -> "gosh"; only the first letter, so "DARN" -> "Gosh").
 * Whole words only, a decision the spec leaves open: a pattern matches only where no letter or digit
 * touches it on either side, so "class" does not change "classroom" (word boundaries by Unicode
 * letters and digits, so "café" and "naïve" are words too). Pairs apply in list order.
 */
export function replaceRestrictedWords(text: string, words: readonly RestrictedWord[]): string {
  let result = text;
  for (const { pattern, replacement } of words) {
    if (pattern.length === 0) continue;
    const regex = new RegExp(`(?<!${WORD_CHAR})${escapeRegExp(pattern)}(?!${WORD_CHAR})`, "giu");
    result = result.replace(regex, (matched) => firstLetterCase(matched, replacement));
  }
  return result;
}

export const RESOURCE_RESTRICTED_FIELDS = [
  "description",
  "subject_area",
  "subtitle",
  "reading_levels",
  "keywords",
  "skills",
  "standards",
] as const;

export const AD_RESTRICTED_FIELDS = ["title", "description", "button", "statement"] as const;

type RestrictedResourceFields = {
  description?: string;
  subject_area?: string;
  subtitle?: string | null;
  reading_levels?: string | null;
  keywords?: string[];
  skills?: string[];
  standards?: string[];
};

/**
 * A copy of the resource fields with restricted words replaced in the spec's fields. The title is
 * left alone, as the spec lists it for ads but not for resources. Null and absent fields stay so.
 */
export function applyRestrictedWordsToResource<T extends RestrictedResourceFields>(
  fields: T,
  words: readonly RestrictedWord[],
): T {
  const copy: T = { ...fields };
  const target = copy as Record<string, unknown>;
  for (const field of RESOURCE_RESTRICTED_FIELDS) {
    const value = target[field];
    if (typeof value === "string") target[field] = replaceRestrictedWords(value, words);
    else if (Array.isArray(value)) {
      target[field] = value.map((item) =>
        typeof item === "string" ? replaceRestrictedWords(item, words) : item,
      );
    }
  }
  return copy;
}
