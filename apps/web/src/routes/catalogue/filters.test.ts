import { describe, expect, it } from "vitest";
import {
  type CatalogueFilters,
  changeFilters,
  filtersFromSearch,
  hasActiveFilters,
  resultsCountText,
  searchFromFilters,
  toApiQuery,
} from "./filters.ts";

const NONE: CatalogueFilters = {
  page: 1,
  sort: "downloads",
  q: "",
  stopWords: false,
  grade: null,
  subject: null,
  type: null,
  price: null,
};

describe("URL -> filters", () => {
  it.each<[string, Partial<CatalogueFilters>]>([
    ["", {}],
    ["?q=fractions+bingo&stopWords=true", { q: "fractions bingo", stopWords: true }],
    ["?stopWords=1", {}],
    [
      "?grade=3&subject=Math&type=Game&price=sale",
      { grade: "3", subject: "Math", type: "Game", price: "sale" },
    ],
    ["?grade=Higher+Education", { grade: "Higher Education" }],
    ["?grade=13&subject=Astrology&type=Poem&price=cheap", {}],
    ["?sort=price-asc&page=3", { sort: "price-asc", page: 3 }],
    ["?sort=random&page=-2", {}],
    ["?page=2.5", {}],
    ["?page=10001", {}],
    [`?q=${"a".repeat(150)}`, { q: "a".repeat(100) }],
  ])("%s", (query, expected) => {
    expect(filtersFromSearch(new URLSearchParams(query), "downloads")).toEqual({ ...NONE, ...expected });
  });

  it("uses the page's own sort when the URL names none", () => {
    expect(filtersFromSearch(new URLSearchParams(""), "newest").sort).toBe("newest");
  });
});

describe("filters -> URL", () => {
  it.each<[Partial<CatalogueFilters>, string]>([
    [{}, ""],
    [{ sort: "downloads" }, ""],
    [{ sort: "newest" }, "sort=newest"],
    [{ q: "  water cycle " }, "q=water+cycle"],
    [{ q: "the water cycle", stopWords: true }, "q=the+water+cycle&stopWords=true"],
    [{ q: "", stopWords: true }, ""],
    [
      { grade: "K", subject: "Science", type: "Worksheet", price: "free" },
      "grade=K&subject=Science&type=Worksheet&price=free",
    ],
    [{ page: 1 }, ""],
    [{ page: 4, price: "paid" }, "price=paid&page=4"],
  ])("%j", (filters, expected) => {
    expect(searchFromFilters({ ...NONE, ...filters }, "downloads").toString()).toBe(expected);
  });

  it("round-trips: what the URL says is what the URL becomes", () => {
    const query =
      "q=fractions&stopWords=true&grade=3&subject=Math&type=Game&price=sale&sort=price-desc&page=2";
    expect(
      searchFromFilters(filtersFromSearch(new URLSearchParams(query), "downloads"), "downloads").toString(),
    ).toBe(query);
  });

  it("starts again at page 1 when what is shown changes", () => {
    expect(changeFilters({ ...NONE, page: 5 }, { grade: "2" })).toEqual({ ...NONE, grade: "2" });
  });
});

describe("filters -> API query", () => {
  it("sends only what is set, stopWords only with words", () => {
    expect(toApiQuery({ ...NONE, q: " maps ", stopWords: true, price: "free" }, 12, true)).toEqual({
      page: 1,
      pageSize: 12,
      sort: "downloads",
      featured: true,
      q: "maps",
      stopWords: true,
      grade: undefined,
      subject: undefined,
      type: undefined,
      price: "free",
    });
    expect(toApiQuery({ ...NONE, stopWords: true }, 12, false)).toMatchObject({
      q: undefined,
      stopWords: undefined,
    });
  });

  it("knows when a search or filter is active", () => {
    expect(hasActiveFilters(NONE)).toBe(false);
    expect(hasActiveFilters({ ...NONE, sort: "newest", page: 3 })).toBe(false);
    expect(hasActiveFilters({ ...NONE, q: "x" })).toBe(true);
    expect(hasActiveFilters({ ...NONE, price: "sale" })).toBe(true);
  });
});

describe("results count", () => {
  const texts = { one: "1 result", many: "{count} results", capped: "{count}+ results" };
  it.each<[number, boolean, string]>([
    [0, false, "0 results"],
    [1, false, "1 result"],
    [1234, false, "1,234 results"],
    [10_000, true, "10,000+ results"],
  ])("%d (capped %s)", (total, capped, expected) => {
    expect(resultsCountText(total, capped, texts)).toBe(expected);
  });
});
