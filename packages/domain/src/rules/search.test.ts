import { describe, expect, it } from "vitest";
import { matchesSearch, searchWords } from "./search.ts";

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
