import { RELEVANCE_WEIGHTS, type SearchTerm } from "@market/domain";
import { type SQL, sql } from "drizzle-orm";

/**
 * Resource search in SQL, the domain's rule (rules/search.ts) on `resources r`: the match, served by the
 * trigram index on search_text, and the relevance score. Issue 19 moves both onto full-text search.
 */

/** LIKE treats % _ and \ specially; a searched form means itself. */
const likeEscape = (form: string) => form.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `text` contains one of the term's forms. */
function containsTerm(text: SQL, term: SearchTerm): SQL {
  return sql`(${sql.join(
    term.forms.map((form) => sql`${text} like ${`%${likeEscape(form)}%`}`),
    sql` or `,
  )})`;
}

/** Every term in one of its forms: one condition per term, each a trigram index condition. */
export function searchConditions(terms: readonly SearchTerm[]): SQL[] {
  return terms.map((term) => containsTerm(sql`r.search_text`, term));
}

const weight = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * The relevance score of the domain's relevanceScore, one expression over `resources r`: per term, the
 * title's weight if one of its forms is in the title, else the keywords-and-skills weight if it is in one
 * of those, plus a point when it starts a word of the title. It is computed for every matching row, so
 * it reads only short texts (the title, the keywords and skills), never the description.
 */
export function relevanceScore(terms: readonly SearchTerm[]): SQL {
  const title = sql`lower(r.title)`;
  const tags = sql`lower(array_to_string(r.keywords || r.skills, chr(10)))`;
  const perTerm = terms.map((term) => {
    const titleWordStart = containsTerm(sql`(' ' || ${title})`, {
      ...term,
      forms: term.forms.map((f) => ` ${f}`),
    });
    return sql`case when ${containsTerm(title, term)} then ${weight(RELEVANCE_WEIGHTS.title)}
                    when ${containsTerm(tags, term)} then ${weight(RELEVANCE_WEIGHTS.tags)} else 0 end
      + case when ${titleWordStart} then ${weight(RELEVANCE_WEIGHTS.titleWordStart)} else 0 end`;
  });
  return perTerm.length === 0 ? sql`0` : sql`(${sql.join(perTerm, sql` + `)})`;
}
