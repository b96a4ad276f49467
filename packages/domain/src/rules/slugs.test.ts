import { describe, expect, it } from "vitest";
import { slugBase } from "./slugs.ts";

describe("a name in a URL made from a title", () => {
  it.each([
    ["Darn Good Fractions!", "darn-good-fractions"],
    ["  Owls & Bats: 2nd grade  ", "owls-bats-2nd-grade"],
    ["???", "resource"],
  ])("%j -> %j", (title, name) => expect(slugBase(title)).toBe(name));

  it("keeps at most 60 characters and never ends in a hyphen", () => {
    const name = slugBase(`${"a".repeat(59)} b`);
    expect(name).toBe("a".repeat(59));
    expect(slugBase("word ".repeat(30)).length).toBeLessThanOrEqual(60);
  });
});
