import { describe, expect, it } from "vitest";
import {
  matchesSearch,
  RELEVANCE_WEIGHTS,
  relevanceScore,
  SEARCH_LIMITS,
  searchTerms,
  searchWords,
} from "./search.ts";

const fractions = {
  title: "Fractions Bingo",
  subtitle: "Equivalent fractions",
  description: "A game for the whole class.",
  subject: "Math",
  keywords: ["bingo", "games"],
  skills: ["comparing"],
  standards: ["3.NF.A.3"],
  creator: "creator1",
};

describe("search (spec 2: every word must match a chosen field, case-insensitively)", () => {
  it.each([
    ["fractions", true],
    ["FRACTIONS bingo", true],
    ["bingo math", true],
    ["fractions spelling", false],
    ["3.nf", true],
    ["creator1 bingo", true],
    ["frac", true],
    ["", true],
  ])("%s -> %s", (query, found) => expect(matchesSearch(fractions, query, false)).toBe(found));

  it("ignores stop words only when asked", () => {
    expect(matchesSearch(fractions, "the fractions bingo", false)).toBe(true);
    expect(matchesSearch(fractions, "the fractions of bingo", false)).toBe(false);
    expect(matchesSearch(fractions, "the fractions of bingo", true)).toBe(true);
    expect(matchesSearch({ title: "Fractions Bingo" }, "the bingo", false)).toBe(false);
    expect(matchesSearch({ title: "Fractions Bingo" }, "the bingo", true)).toBe(true);
    expect(searchWords("The Cat  and the HAT", true)).toEqual(["cat", "hat"]);
    expect(searchWords("The Cat and the HAT", false)).toEqual(["the", "cat", "and", "hat"]);
  });

  it("does not let a word match across two fields", () => {
    expect(matchesSearch({ title: "Fractions", subtitle: "Bingo" }, "fractionsbingo", false)).toBe(false);
  });
});

describe("search with word forms (issue 17)", () => {
  it("finds a word in any of its forms, and still needs every word", () => {
    expect(matchesSearch(fractions, "fraction", false)).toBe(true);
    expect(matchesSearch({ title: "Fraction Strips" }, "fractions", false)).toBe(true);
    expect(matchesSearch({ keywords: ["sorting activity"] }, "activities", false)).toBe(true);
    expect(matchesSearch({ description: "Graphing lines" }, "graphs", false)).toBe(true);
    expect(matchesSearch({ title: "Fraction Strips" }, "fractions spelling", false)).toBe(false);
    expect(matchesSearch({ title: "Multiplication Facts" }, "multiply", false)).toBe(false);
  });

  it("counts two spellings of one word once", () => {
    expect(searchTerms("Fractions fraction FRACTION", false)).toEqual([
      { word: "fractions", forms: ["fraction"] },
    ]);
    expect(searchTerms("the mice", true)).toEqual([{ word: "mice", forms: ["mouse", "mice"] }]);
    expect(searchTerms("of the", true)).toEqual([]);
  });
});

describe("relevance (issue 17)", () => {
  const score = (fields: Parameters<typeof relevanceScore>[0], q: string) => relevanceScore(fields, q, true);

  it("ranks a title match above a keyword or skill match above a description-only match", () => {
    const title = score({ title: "Fraction Bingo", description: "x" }, "fractions");
    const keyword = score({ title: "Bingo", keywords: ["fractions"] }, "fractions");
    const skill = score({ title: "Bingo", skills: ["Comparing fractions"] }, "fractions");
    const description = score({ title: "Bingo", description: "Equivalent fractions" }, "fractions");
    expect(title).toBeGreaterThan(keyword);
    expect(keyword).toBe(skill);
    expect(keyword).toBeGreaterThan(description);
    expect(description).toBe(0);
  });

  it("ranks more query words in the title higher, and a word start above a match inside a word", () => {
    const both = score({ title: "Fractions Bingo" }, "fraction bingo");
    const one = score({ title: "Fractions Game", keywords: ["bingo"] }, "fraction bingo");
    expect(both).toBeGreaterThan(one);
    expect(score({ title: "Graphing Lines" }, "graph")).toBeGreaterThan(
      score({ title: "Paragraph Lines" }, "graph"),
    );
    expect(score({ title: "Graphing Lines" }, "graph")).toBe(
      RELEVANCE_WEIGHTS.title + RELEVANCE_WEIGHTS.titleWordStart,
    );
  });

  it("keeps its weights a ranking for every query length", () => {
    const { title, tags, titleWordStart } = RELEVANCE_WEIGHTS;
    expect(SEARCH_LIMITS.maxWords * titleWordStart).toBeLessThan(tags);
    expect(SEARCH_LIMITS.maxWords * (tags + titleWordStart)).toBeLessThan(title);
  });
});
