import { describe, expect, it } from "vitest";
import { MIN_ROOT, sameWord, wordRoot, wordSpellings } from "./word-forms.ts";

/** Whether a search for `query` finds `text` by word forms alone: one of the query's spellings is a word of it. */
const finds = (query: string, text: string) =>
  text.split(/[^a-z]+/).some((word) => wordSpellings(query).includes(word));

describe("word forms (issue 17)", () => {
  it.each([
    // plurals: -s, -es, -ies
    ["fractions", "fraction"],
    ["worksheets", "worksheet"],
    ["graphs", "graph"],
    ["games", "game"],
    ["activities", "activity"],
    ["studies", "study"],
    ["boxes", "box"],
    ["classes", "class"],
    ["matches", "match"],
    ["wishes", "wish"],
    ["buzzes", "buzz"],
    ["heroes", "hero"],
    ["potatoes", "potato"],
    ["shoes", "shoe"],
    // -ing and -ed
    ["graphing", "graph"],
    ["graphed", "graph"],
    ["multiplying", "multiply"],
    ["multiplied", "multiply"],
    ["reading", "read"],
    ["spelling", "spell"],
    ["running", "run"],
    ["stopped", "stop"],
    ["beginning", "begin"],
    ["making", "make"],
    ["sharing", "share"],
    ["shared", "share"],
    ["writing", "write"],
    ["typing", "type"],
    ["studying", "study"],
    ["feelings", "feel"],
    // plurals of words kept whole
    ["things", "thing"],
    ["evenings", "evening"],
    // irregular plurals
    ["children", "child"],
    ["mice", "mouse"],
    ["leaves", "leaf"],
    ["analyses", "analysis"],
    ["people", "person"],
    ["quizzes", "quiz"],
    ["criteria", "criterion"],
  ])("%s -> %s", (word, root) => {
    expect(wordRoot(word)).toBe(root);
    expect(wordRoot(root)).toBe(root);
  });

  it.each([
    // words that only look inflected, and what is too short to read
    "news",
    "lens",
    "series",
    "species",
    "during",
    "evening",
    "string",
    "spring",
    "sing",
    "being",
    "using",
    "need",
    "speed",
    "used",
    "class",
    "analysis",
    "bus",
    "virus",
    "this",
    "hundred",
    "united",
    // derivations are other words
    "multiplication",
    "teacher",
    "paper",
    "water",
    "number",
    "poster",
    "center",
    "quickly",
    // not plain words of letters: kept as typed
    "3.nf",
    "ccss.2",
    "poet_maker",
    "fra%",
    "c++",
    "a",
    "of",
  ])("keeps %s", (word) => expect(wordRoot(word)).toBe(word));

  it.each<[string, string, boolean]>([
    // the cases, both ways
    ["fraction", "fractions bingo", true],
    ["fractions", "fraction bingo", true],
    ["activity", "activities for centers", true],
    ["activities", "a sorting activity", true],
    ["worksheets", "a worksheet", true],
    ["worksheet", "worksheets", true],
    ["graph", "graphing lines", true],
    ["graphing", "bar graph", true],
    ["multiply", "multiplying fractions", true],
    ["multiplying", "multiply by ten", true],
    ["multiplied", "multiplies", true],
    ["children", "for every child", true],
    ["child", "children's books", true],
    ["mice", "a mouse", true],
    ["mouse", "three blind mice", true],
    ["leaves", "leaf rubbing", true],
    ["leaf", "autumn leaves", true],
    ["analysis", "data analyses", true],
    ["analyses", "character analysis", true],
    ["make", "making ten", true],
    ["making", "make ten", true],
    ["coding", "code a game", true],
    ["shared", "sharing circle", true],
    ["studies", "social studied", true],
    ["movies", "movie night", true],
    ["games", "gaming", true],
    ["houses", "a house", true],
    ["house", "two houses", true],
    ["housing", "house plans", true],
    ["run", "running", true],
    ["stopped", "stop signs", true],
    ["quiz", "quizzes", true],
    ["boxes", "box", true],
    ["things", "a thing", true],
    ["thing", "things", true],
    // must not merge
    ["multiply", "multiplication facts", false],
    ["multiplication", "multiply", false],
    ["paper", "pap smear", false],
    ["teacher", "teaching", false],
    ["news", "new words", false],
    ["evening", "even numbers", false],
    ["united", "unit plan", false],
    ["earring", "ear", false],
    ["sharing", "sharp pencils", false],
    ["things", "thin", false],
    ["species", "special", false],
    ["the", "thing", false],
    // whole words only: a word is not found inside another or as its start
    ["graph", "paragraph", false],
    ["graph", "graphic organizer", false],
    ["fraction", "fractional", false],
    ["plan", "plane", false],
    ["plans", "planets", false],
    ["note", "not", false],
    ["cut", "cute", false],
    ["map", "maple", false],
  ])("%s finds %j: %s", (query, text, found) => expect(finds(query, text)).toBe(found));

  it("searches for a word's spellings: itself and its inflections that read back as it", () => {
    expect(wordSpellings("fraction")).toEqual(expect.arrayContaining(["fraction", "fractions"]));
    expect(wordSpellings("children")).toEqual(expect.arrayContaining(["children", "child"]));
    expect(wordSpellings("activities")).toEqual(expect.arrayContaining(["activities", "activity"]));
    expect(wordSpellings("mice")).toEqual(["mice", "mouse"]);
    expect(wordSpellings("share")).toEqual(["share", "shares", "shared", "sharing"]);
    expect(wordSpellings("plan")).toEqual(["plan", "plans", "planned", "planning"]);
    // Only plain words of letters have other spellings.
    expect(wordSpellings("3rd")).toEqual(["3rd"]);
    expect(wordSpellings("k")).toEqual(["k"]);
  });

  it("reads two words as forms of one only when each starts with the other's stem", () => {
    expect(sameWord("houses", "house")).toBe(true);
    expect(sameWord("house", "houses")).toBe(true);
    expect(sameWord("graphing", "graphs")).toBe(true);
    expect(sameWord("plan", "plane")).toBe(false);
    expect(sameWord("plane", "plan")).toBe(false);
    expect(sameWord("multiply", "multiplication")).toBe(false);
  });

  it("finds every spelling from every other: each spelling's spellings hold the word searched for", () => {
    for (const word of [
      "fraction",
      "activity",
      "graph",
      "share",
      "run",
      "house",
      "study",
      "child",
      "box",
      "quiz",
    ]) {
      for (const spelling of wordSpellings(word)) expect(sameWord(spelling, word)).toBe(true);
    }
  });

  it(`never searches for less than ${MIN_ROOT} letters of a longer word`, () => {
    const words = ["using", "ties", "bed", "sings", "added", "aces", "goes", "its", "does", "axes", "ring"];
    for (const word of words) {
      const root = wordRoot(word);
      expect(root.length).toBeGreaterThanOrEqual(Math.min(MIN_ROOT, word.length));
      for (const spelling of wordSpellings(word))
        expect(spelling.length).toBeGreaterThanOrEqual(Math.min(MIN_ROOT, word.length));
    }
  });
});
