import { describe, expect, it } from "vitest";
import { scrollKey } from "./scroll-key.ts";

describe("scrollKey", () => {
  it("keeps a tab's first page by its address, so another page opened afresh starts at its top", () => {
    const reviews = scrollKey({ key: "default", pathname: "/resources/fractions", search: "" });
    const home = scrollKey({ key: "default", pathname: "/", search: "?sort=rating" });
    expect(reviews).toBe("/resources/fractions");
    expect(home).toBe("/?sort=rating");
    expect(home).not.toBe(reviews);
  });

  it("keeps a page the app opened by its history entry, so each visit returns to its own place", () => {
    expect(scrollKey({ key: "k2x9", pathname: "/", search: "" })).toBe("k2x9");
  });
});
