import { describe, expect, it } from "vitest";
import {
  matchesSearch,
  RELEVANCE_WEIGHTS,
  relevanceScore,
  SEARCH_LIMITS,
  SEARCH_WORD_MAX_LENGTH,
  searchTerms,
  searchTextWords,
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
    ["3.nf.b", false],
    ["creator1 bingo", true],
    ["", true],
  ])("%s -> %s", (query, found) => expect(matchesSearch(fractions, query, false)).toBe(found));

  it("needs every word: a resource with one of two words is not found", () => {
    expect(matchesSearch(fractions, "bingo volcano", false)).toBe(false);
    expect(matchesSearch(fractions, "volcano bingo", false)).toBe(false);
  });

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

describe("search by whole words, the last one as it is typed (issue 19)", () => {
  it("finds a word, not a piece of one", () => {
    expect(matchesSearch({ title: "Paragraph Writing" }, "graph writing", false)).toBe(false);
    expect(matchesSearch({ title: "Subfractions Bingo" }, "fractions bingo", false)).toBe(false);
    expect(matchesSearch({ title: "Fractional Bingo" }, "fraction bingo", false)).toBe(false);
  });

  it("finds the start of a longer word for the last word only, from three letters", () => {
    expect(matchesSearch(fractions, "fractions bin", false)).toBe(true);
    expect(matchesSearch(fractions, "frac", false)).toBe(true);
    expect(matchesSearch(fractions, "frac bingo", false)).toBe(false);
    expect(matchesSearch(fractions, "bingo fr", false)).toBe(false);
    expect(matchesSearch({ title: "K 2 Bingo" }, "bingo k", false)).toBe(true);
    expect(searchTerms("fractions bin", false).map((t) => t.prefix)).toEqual([false, true]);
    expect(searchTerms("fractions bi", false).map((t) => t.prefix)).toEqual([false, false]);
    expect(SEARCH_LIMITS.prefixMinLength).toBe(3);
  });

  it("reads no prefix after a stop word the search drops: the words before it were finished", () => {
    expect(searchTerms("fractions the", true)).toEqual([
      { word: "fractions", spellings: expect.arrayContaining(["fraction"]), prefix: false },
    ]);
    expect(matchesSearch({ title: "Fractional Parts" }, "fraction the", true)).toBe(false);
  });

  it("counts a word whose spellings an earlier word has once, keeping the stricter earlier one", () => {
    const terms = searchTerms("Fractions fraction FRACTION", false);
    expect(terms).toHaveLength(1);
    expect(terms[0]).toMatchObject({ word: "fractions", prefix: false });
    expect(searchTerms("the mice", true)).toEqual([
      { word: "mice", spellings: ["mice", "mouse"], prefix: true },
    ]);
    expect(searchTerms("of the", true)).toEqual([]);
  });

  it("searches for at most eight words", () => {
    const terms = searchTerms("one two three four five six seven eight nine ten", false);
    expect(terms.map((t) => t.word)).toEqual([
      "one",
      "two",
      "three",
      "four",
      "five",
      "six",
      "seven",
      "eight",
    ]);
    expect(terms.some((t) => t.prefix)).toBe(false);
  });
});

describe("the words of a text", () => {
  it.each([
    ["Fractions, Bingo!", ["fractions", "bingo"]],
    ["3.NF.A.3", ["3", "nf", "a", "3"]],
    ["K-2 e-mail", ["k", "2", "e", "mail"]],
    ["don't teacher's", ["don", "t", "teacher", "s"]],
    ["search_maker 3rd", ["search", "maker", "3rd"]],
    ["(fractions) & | ! :* \\ 'x'", ["fractions", "x"]],
    ["Español CAFÉ Straße Ærø Łódź", ["espanol", "cafe", "strasse", "aero", "lodz"]],
    ["naïve—résumé", ["naive", "resume"]],
    ["Ελληνικά русский 日本語 🙂", []],
    ["", []],
  ])("%j -> %j", (text, words) => expect(searchTextWords(text)).toEqual(words));

  it(`cuts a word at ${SEARCH_WORD_MAX_LENGTH} letters`, () => {
    expect(searchTextWords(`${"a".repeat(500)} b`)).toEqual(["a".repeat(SEARCH_WORD_MAX_LENGTH), "b"]);
  });

  it("finds accented words by their plain letters, and the other way round", () => {
    expect(matchesSearch({ title: "Los verbos en español" }, "espanol verbos", false)).toBe(true);
    expect(matchesSearch({ title: "Spanish verbs" }, "ESPAÑOL", false)).toBe(false);
    expect(matchesSearch({ title: "Cafe Math" }, "café", false)).toBe(true);
  });
});

describe("word forms (issue 17)", () => {
  it("finds a word in any of its forms, and still needs every word", () => {
    expect(matchesSearch(fractions, "fraction", false)).toBe(true);
    expect(matchesSearch({ title: "Fraction Strips" }, "fractions", false)).toBe(true);
    expect(matchesSearch({ keywords: ["sorting activity"] }, "activities", false)).toBe(true);
    expect(matchesSearch({ description: "Graphing lines" }, "graphs lines", false)).toBe(true);
    expect(matchesSearch({ title: "Fraction Strips" }, "fractions spelling", false)).toBe(false);
    expect(matchesSearch({ title: "Multiplication Facts" }, "multiply facts", false)).toBe(false);
  });
});

describe("relevance (issues 17 and 19)", () => {
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

  it("ranks more query words in the title higher, and a whole word above the start of a longer one", () => {
    const both = score({ title: "Fractions Bingo" }, "fraction bingo");
    const one = score({ title: "Fractions Game", keywords: ["bingo"] }, "fraction bingo");
    expect(both).toBeGreaterThan(one);
    expect(score({ title: "Graph Paper" }, "graph")).toBeGreaterThan(
      score({ title: "Graphic Organizer" }, "graph"),
    );
    expect(score({ title: "Graph Paper" }, "graph")).toBe(
      RELEVANCE_WEIGHTS.title + RELEVANCE_WEIGHTS.titleWholeWord,
    );
    expect(score({ title: "Graphic Organizer" }, "graph")).toBe(RELEVANCE_WEIGHTS.title);
    expect(score({ title: "Graphic Organizer" }, "graph lines")).toBe(0);
  });

  it("keeps its weights a ranking for every query length", () => {
    const { title, tags, titleWholeWord } = RELEVANCE_WEIGHTS;
    expect(SEARCH_LIMITS.maxWords * titleWholeWord).toBeLessThan(tags);
    expect(SEARCH_LIMITS.maxWords * (tags + titleWholeWord)).toBeLessThan(title);
  });
});
