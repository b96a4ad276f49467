import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size.ts";
import { formatAmount, formatMoney, parseDollars } from "./money.ts";
import { abbreviateNumber } from "./numbers.ts";

describe("formatMoney (spec 1: money is shown in USD; DECISIONS: Free for 0)", () => {
  it.each([
    [0, "Free"],
    [1, "$0.01"],
    [100, "$1.00"],
    [499, "$4.99"],
    [10000, "$100.00"],
    [123456789, "$1,234,567.89"],
    [-250, "-$2.50"],
  ])("%i cents -> %s", (cents, text) => expect(formatMoney(cents)).toBe(text));

  it("refuses fractions of a cent", () => expect(() => formatMoney(1.5)).toThrow(RangeError));
  it("shows $0.00 for a zero amount where Free would mislead", () => expect(formatAmount(0)).toBe("$0.00"));
});

describe("parseDollars (money fields take dollars; the API speaks cents)", () => {
  it.each([
    ["5", 500],
    ["$5", 500],
    ["4.99", 499],
    ["4.9", 490],
    [" 100 ", 10000],
    ["0", 0],
  ])("%s -> %i", (text, cents) => expect(parseDollars(text)).toBe(cents));
  it.each(["", "abc", "4.999", "-5", "1e3", "5,00"])("%s is not an amount", (text) =>
    expect(parseDollars(text)).toBeNull(),
  );
});

describe("abbreviateNumber (spec 1: k, m and b)", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1k"],
    [1200, "1.2k"],
    [15_300, "15.3k"],
    [999_999, "999.9k"],
    [1_000_000, "1m"],
    [15_300_000, "15.3m"],
    [2_500_000_000, "2.5b"],
    [-1500, "-1.5k"],
  ])("%i -> %s", (n, text) => expect(abbreviateNumber(n)).toBe(text));
});

describe("formatFileSize (spec 1: B, KB, MB and GB)", () => {
  it.each([
    [0, "0 B"],
    [999, "999 B"],
    [1000, "1 KB"],
    [1536, "1.5 KB"],
    [1_000_000, "1 MB"],
    [1_048_576, "1 MB"],
    [200_000_000, "200 MB"],
    [3_200_000_000, "3.2 GB"],
    [5_000_000_000_000, "5000 GB"],
  ])("%i bytes -> %s", (bytes, text) => expect(formatFileSize(bytes)).toBe(text));
  it("refuses negative sizes", () => expect(() => formatFileSize(-1)).toThrow(RangeError));
});
