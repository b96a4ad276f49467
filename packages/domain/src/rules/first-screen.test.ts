import { describe, expect, it } from "vitest";
import { HOME_SHELVES, resourcePageId, shelfParams, withQuery } from "./first-screen.ts";

describe("the first screen's addresses", () => {
  it("writes a query's defined values in their order, leaving out empty ones", () => {
    expect(withQuery("/api/resources", { page: 1, q: undefined, featured: true, grade: null })).toBe(
      "/api/resources?page=1&featured=true",
    );
    expect(withQuery("/api/resources", {})).toBe("/api/resources");
    expect(withQuery("/x", { q: "a&b c" })).toBe("/x?q=a%26b+c");
  });

  it("asks a shelf for its list's first four", () => {
    expect(shelfParams(HOME_SHELVES.featured.query)).toEqual({
      featured: true,
      sort: "newest",
      page: 1,
      pageSize: 4,
    });
  });

  it("reads a resource page's id, and nothing else as one", () => {
    expect(resourcePageId("/resources/fraction-strips")).toBe("fraction-strips");
    expect(resourcePageId("/resources/fraction-strips/view")).toBe("fraction-strips");
    expect(resourcePageId("/resources/caf%C3%A9-words")).toBe("café-words");
    for (const path of [
      "/resources",
      "/resources/",
      "/resources/edit",
      "/resources/x/purchase",
      "/resources/%E0%A4%A",
    ]) {
      expect(resourcePageId(path), path).toBeNull();
    }
  });
});
