import { describe, expect, it } from "vitest";
import { parseByteRange } from "./byte-range.ts";

describe("HTTP byte ranges (RFC 9110 section 14) for a 1,000-byte file", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["bytes=0-99", { start: 0, end: 99 }],
    ["bytes=100-", { start: 100, end: 999 }],
    ["bytes=-200", { start: 800, end: 999 }],
    ["bytes=-5000", { start: 0, end: 999 }],
    ["bytes=900-5000", { start: 900, end: 999 }],
    ["bytes=1000-", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=50-10", null],
    ["bytes=0-10,20-30", null],
    ["items=0-10", null],
    ["bytes=-", null],
  ] as const)("%s -> %o", (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });
});
