import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  type CatalogueFilters,
  changeFilters,
  clearFilters,
  filtersFromSearch,
  hasActiveFilters,
  resultsCountText,
  searchFromFilters,
  sortOptions,
  toApiQuery,
} from "./filters.ts";

const NONE: CatalogueFilters = {
  page: 1,
  sort: "downloads",
  pageSort: "downloads",
  q: "",
  stopWords: false,
  grade: null,
  subject: null,
  type: null,
  price: null,
  minRating: null,
};

describe("URL -> filters", () => {
  it.each<[string, Partial<CatalogueFilters>]>([
    ["", {}],
    ["?q=fractions+bingo&stopWords=true", { q: "fractions bingo", stopWords: true, sort: "relevance" }],
    ["?stopWords=1", {}],
    [
      "?grade=3&subject=Math&type=Game&price=sale",
      { grade: "3", subject: "Math", type: "Game", price: "sale" },
    ],
    ["?grade=Higher+Education", { grade: "Higher Education" }],
    ["?minRating=4", { minRating: 4 }],
    ["?minRating=2&sort=rating", { minRating: 2, sort: "rating" }],
    // Only the choices the filter offers: anything else is any rating.
    ["?minRating=5", {}],
    ["?minRating=3.5", {}],
    ["?minRating=four", {}],
    ["?minRating=", {}],
    ["?grade=13&subject=Astrology&type=Poem&price=cheap", {}],
    ["?sort=price-asc&page=3", { sort: "price-asc", page: 3 }],
    ["?sort=random&page=-2", {}],
    ["?page=2.5", {}],
    ["?page=10001", {}],
    [`?q=${"a".repeat(150)}`, { q: "a".repeat(100), sort: "relevance" }],
  ])("%s", (query, expected) => {
    expect(filtersFromSearch(new URLSearchParams(query), "downloads")).toEqual({ ...NONE, ...expected });
  });

  it("uses the page's own sort when the URL names none", () => {
    expect(filtersFromSearch(new URLSearchParams(""), "newest").sort).toBe("newest");
  });

  it("orders a search by relevance unless the URL names another order", () => {
    const sortOf = (query: string, pageSort: "downloads" | "newest" = "downloads") =>
      filtersFromSearch(new URLSearchParams(query), pageSort).sort;
    expect(sortOf("?q=fractions")).toBe("relevance");
    expect(sortOf("?q=fractions", "newest")).toBe("relevance");
    expect(sortOf("?q=fractions&sort=downloads")).toBe("downloads");
    expect(sortOf("?q=fractions&sort=price-asc")).toBe("price-asc");
    expect(sortOf("?q=fractions&sort=random")).toBe("relevance");
    // Without words there is nothing to be relevant to: the page's own order.
    expect(sortOf("?q=++")).toBe("downloads");
    expect(sortOf("?sort=relevance")).toBe("downloads");
    expect(sortOf("?sort=relevance", "newest")).toBe("newest");
  });
});

describe("filters -> URL", () => {
  it.each<[Partial<CatalogueFilters>, string]>([
    [{}, ""],
    [{ sort: "downloads" }, ""],
    [{ sort: "newest" }, "sort=newest"],
    [{ q: "  water cycle ", sort: "relevance" }, "q=water+cycle"],
    [{ q: "water cycle", sort: "downloads" }, "q=water+cycle&sort=downloads"],
    [{ q: "water cycle", sort: "newest" }, "q=water+cycle&sort=newest"],
    [{ sort: "relevance" }, ""],
    [{ q: "the water cycle", stopWords: true, sort: "relevance" }, "q=the+water+cycle&stopWords=true"],
    [{ q: "", stopWords: true }, ""],
    [
      { grade: "K", subject: "Science", type: "Worksheet", price: "free" },
      "grade=K&subject=Science&type=Worksheet&price=free",
    ],
    [{ page: 1 }, ""],
    [{ page: 4, price: "paid" }, "price=paid&page=4"],
    [{ minRating: 4 }, "minRating=4"],
    [{ grade: "5", minRating: 3, sort: "rating" }, "grade=5&minRating=3&sort=rating"],
  ])("%j", (filters, expected) => {
    expect(searchFromFilters({ ...NONE, ...filters }, "downloads").toString()).toBe(expected);
  });

  it("round-trips: what the URL says is what the URL becomes", () => {
    const query =
      "q=fractions&stopWords=true&grade=3&subject=Math&type=Game&price=sale&minRating=4&sort=price-desc&page=2";
    expect(
      searchFromFilters(filtersFromSearch(new URLSearchParams(query), "downloads"), "downloads").toString(),
    ).toBe(query);
  });

  it("round-trips a search in its default order and in a chosen one", () => {
    for (const query of ["q=fractions", "q=fractions&sort=downloads", "q=fractions&sort=newest&page=2"]) {
      for (const pageSort of ["downloads", "newest"] as const) {
        const filters = filtersFromSearch(new URLSearchParams(query), pageSort);
        expect(searchFromFilters(filters, pageSort).toString()).toBe(query);
      }
    }
  });

  it("starts again at page 1 when what is shown changes", () => {
    expect(changeFilters({ ...NONE, page: 5 }, { grade: "2" })).toEqual({ ...NONE, grade: "2" });
  });

  it("moves to relevance when a query is typed, and back when it is cleared, unless an order was chosen", () => {
    const typed = changeFilters(NONE, { q: "fractions" });
    expect(typed.sort).toBe("relevance");
    expect(searchFromFilters(typed, "downloads").toString()).toBe("q=fractions");
    expect(changeFilters(typed, { q: "fractions bingo" }).sort).toBe("relevance");
    expect(changeFilters(typed, { q: " " }).sort).toBe("downloads");
    const newPage = { ...NONE, sort: "newest", pageSort: "newest" } as const;
    expect(changeFilters(newPage, { q: "maps" }).sort).toBe("relevance");
    expect(changeFilters(changeFilters(newPage, { q: "maps" }), { q: "" }).sort).toBe("newest");
    // A chosen order stays, with or without words.
    const chosen = changeFilters(NONE, { sort: "price-asc" });
    expect(changeFilters(chosen, { q: "maps" }).sort).toBe("price-asc");
    const chosenWhileSearching = changeFilters(typed, { sort: "downloads" });
    expect(searchFromFilters(chosenWhileSearching, "downloads").toString()).toBe(
      "q=fractions&sort=downloads",
    );
    expect(changeFilters(chosenWhileSearching, { q: "maps" }).sort).toBe("downloads");
    expect(changeFilters(changeFilters(typed, { sort: "newest" }), { q: "" }).sort).toBe("newest");
    // Other filters leave the order alone.
    expect(changeFilters(typed, { grade: "3" }).sort).toBe("relevance");
  });

  it("offers relevance only while a query is typed", () => {
    expect(sortOptions(NONE)).not.toContain("relevance");
    expect(sortOptions({ ...NONE, q: "maps" })[0]).toBe("relevance");
    expect(sortOptions({ ...NONE, q: "maps" })).toHaveLength(6);
  });

  it("offers Top rated with and without a query", () => {
    expect(sortOptions(NONE)).toContain("rating");
    expect(sortOptions({ ...NONE, q: "maps" })).toContain("rating");
  });

  it("starts again at page 1 when the minimum rating changes, and keeps the order", () => {
    expect(changeFilters({ ...NONE, page: 3, sort: "rating" }, { minRating: 4 })).toEqual({
      ...NONE,
      sort: "rating",
      minRating: 4,
    });
  });

  it("counts the rating among the filters, and clearing the filters clears it", () => {
    const set = { ...NONE, q: "maps", grade: "3", minRating: 4, sort: "rating", page: 2 } as const;
    expect(activeFilterCount(set)).toBe(2);
    expect(activeFilterCount({ ...NONE, minRating: 2 })).toBe(1);
    expect(clearFilters(set)).toEqual({ ...NONE, q: "maps", sort: "rating" });
    expect(searchFromFilters(clearFilters(set), "downloads").toString()).toBe("q=maps&sort=rating");
  });
});

describe("filters -> API query", () => {
  it("sends only what is set, stopWords only with words", () => {
    expect(
      toApiQuery({ ...NONE, q: " maps ", sort: "relevance", stopWords: true, price: "free" }, 12, true),
    ).toEqual({
      page: 1,
      pageSize: 12,
      sort: "relevance",
      featured: true,
      q: "maps",
      stopWords: true,
      grade: undefined,
      subject: undefined,
      type: undefined,
      price: "free",
      minRating: undefined,
    });
    expect(toApiQuery({ ...NONE, minRating: 3, sort: "rating" }, 24, false)).toMatchObject({
      sort: "rating",
      minRating: 3,
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
    expect(hasActiveFilters({ ...NONE, minRating: 4 })).toBe(true);
    expect(hasActiveFilters({ ...NONE, sort: "rating" })).toBe(false);
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
