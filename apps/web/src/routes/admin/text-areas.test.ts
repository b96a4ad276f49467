import { describe, expect, it } from "vitest";
import { ALL_TEXT_DEFAULTS, TEXT_AREAS } from "./text-areas.ts";

describe("the site's texts, area by area", () => {
  it("gives every key to one area only, so an override changes one screen's copy", () => {
    const owners = new Map<string, string[]>();
    for (const [area, texts] of Object.entries(TEXT_AREAS)) {
      for (const key of Object.keys(texts)) owners.set(key, [...(owners.get(key) ?? []), area]);
    }
    const shared = [...owners]
      .filter(([, areas]) => areas.length > 1)
      .map(([key, areas]) => `${key}: ${areas}`);
    expect(shared).toEqual([]);
    expect(Object.keys(ALL_TEXT_DEFAULTS)).toHaveLength(owners.size);
  });
});
