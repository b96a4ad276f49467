import { describe, expect, it } from "vitest";
import {
  AD_RESTRICTED_FIELDS,
  applyRestrictedWordsToResource,
  RESOURCE_RESTRICTED_FIELDS,
  type RestrictedWord,
  replaceRestrictedWords,
} from "./restricted-words.ts";

const darn: RestrictedWord = { pattern: "darn", replacement: "gosh" };

describe("replaceRestrictedWords (spec 5: case-insensitive, keeps the first letter's capitalization)", () => {
  it.each<[string, RestrictedWord[], string]>([
    ["Darn", [darn], "Gosh"],
    ["darn", [darn], "gosh"],
    ["DARN", [darn], "Gosh"],
    ["dARN", [darn], "gosh"],
    ["Darn it, darn it all", [darn], "Gosh it, gosh it all"],
    ["Oh darn.", [darn], "Oh gosh."],
    ["(darn)", [darn], "(gosh)"],
    ["nothing here", [darn], "nothing here"],
    ["", [darn], ""],
    ["Darn", [], "Darn"],
    ["Darn", [{ pattern: "darn", replacement: "Gosh" }], "Gosh"],
    ["darn", [{ pattern: "darn", replacement: "Gosh" }], "gosh"],
    ["darn", [{ pattern: "darn", replacement: "" }], ""],
    ["Darn", [{ pattern: "darn", replacement: "" }], ""],
    ["darn", [{ pattern: "", replacement: "x" }], "darn"],
  ])("%j with %j -> %j", (text, words, replaced) =>
    expect(replaceRestrictedWords(text, words)).toBe(replaced),
  );

  it.each<[string, RestrictedWord[], string]>([
    ["classroom class", [{ pattern: "class", replacement: "group" }], "classroom group"],
    ["subclass", [{ pattern: "class", replacement: "group" }], "subclass"],
    ["class2 class_", [{ pattern: "class", replacement: "group" }], "class2 group_"],
    ["darn-it", [darn], "gosh-it"],
    ["darnéd darn", [darn], "darnéd gosh"],
    ["Ödland öd", [{ pattern: "öd", replacement: "leer" }], "Ödland leer"],
    ["Öd", [{ pattern: "öd", replacement: "leer" }], "Leer"],
  ])("whole words only (decision): %j with %j -> %j", (text, words, replaced) =>
    expect(replaceRestrictedWords(text, words)).toBe(replaced),
  );

  it.each<[string, RestrictedWord[], string]>([
    ["a.b and axb", [{ pattern: "a.b", replacement: "z" }], "z and axb"],
    ["c++ rocks", [{ pattern: "c++", replacement: "code" }], "code rocks"],
    ["pay $5 now", [{ pattern: "$5", replacement: "five" }], "pay five now"],
    ["darn", [{ pattern: "darn", replacement: "$& $1 $$" }], "$& $1 $$"],
    ["gee whiz, Gee Whiz", [{ pattern: "gee whiz", replacement: "wow" }], "wow, Wow"],
    ["[x] (y)", [{ pattern: "[x]", replacement: "ok" }], "ok (y)"],
    ["well-known wellknown", [{ pattern: "well-known", replacement: "famous" }], "famous wellknown"],
    ["a/b a\\b", [{ pattern: "a\\b", replacement: "c" }], "a/b c"],
    ["1/2 cup", [{ pattern: "1/2", replacement: "half" }], "half cup"],
    ["{x} ^x|y", [{ pattern: "^x|y", replacement: "z" }], "{x} z"],
  ])("patterns and replacements are literal: %j with %j -> %j", (text, words, replaced) =>
    expect(replaceRestrictedWords(text, words)).toBe(replaced),
  );

  it("applies the pairs in list order", () => {
    const words = [darn, { pattern: "gosh", replacement: "golly" }];
    expect(replaceRestrictedWords("Darn", words)).toBe("Golly");
  });
});

describe("applyRestrictedWordsToResource (spec 5: resource fields, not the title)", () => {
  it("replaces in every listed field and leaves the title and other fields alone", () => {
    const fields = {
      title: "Darn Fractions",
      description: "A darn good lesson",
      subject_area: "Darn Math",
      subtitle: "darn",
      reading_levels: "Darn easy",
      keywords: ["darn", "fractions"],
      skills: ["Darn"],
      standards: ["darn it"],
      price: 499,
    };
    const result = applyRestrictedWordsToResource(fields, [darn]);
    expect(result).toEqual({
      title: "Darn Fractions",
      description: "A gosh good lesson",
      subject_area: "Gosh Math",
      subtitle: "gosh",
      reading_levels: "Gosh easy",
      keywords: ["gosh", "fractions"],
      skills: ["Gosh"],
      standards: ["gosh it"],
      price: 499,
    });
    expect(fields.description).toBe("A darn good lesson");
    expect(fields.keywords).toEqual(["darn", "fractions"]);
    expect(result).not.toBe(fields);
  });

  it.each([
    [{}, {}],
    [
      { subtitle: null, reading_levels: null },
      { subtitle: null, reading_levels: null },
    ],
    [{ keywords: [] }, { keywords: [] }],
  ])("keeps null, empty and absent fields: %j", (fields, expected) =>
    expect(applyRestrictedWordsToResource(fields, [darn])).toEqual(expected),
  );

  it("lists the spec's fields", () => {
    expect(RESOURCE_RESTRICTED_FIELDS).toEqual([
      "description",
      "subject_area",
      "subtitle",
      "reading_levels",
      "keywords",
      "skills",
      "standards",
    ]);
    expect(AD_RESTRICTED_FIELDS).toEqual(["title", "description", "button", "statement"]);
  });
});
