import { describe, expect, it } from "vitest";
import {
  CUSTOM_TIP_UNSET,
  checkTipAmountCents,
  checkTipNote,
  DEFAULT_TIP_INDEX,
  TIP_AMOUNTS_DOLLARS,
  TIP_NOTE_MAX,
  tipAmountCents,
  tipModalClosable,
} from "./tips.ts";

describe("tip presets (spec 5 Tips, spec 9)", () => {
  it("offers 1, 2, 3, 4, 5, 10, 25, 50, 100 dollars", () =>
    expect(TIP_AMOUNTS_DOLLARS).toEqual([1, 2, 3, 4, 5, 10, 25, 50, 100]));

  it("defaults to index 4, amount 5", () => {
    expect(DEFAULT_TIP_INDEX).toBe(4);
    expect(tipAmountCents(DEFAULT_TIP_INDEX, CUSTOM_TIP_UNSET)).toBe(500);
  });
});

describe("tipAmountCents (a custom amount of -1 means unset)", () => {
  it.each([
    [0, -1, 100],
    [4, -1, 500],
    [5, -1, 1000],
    [8, -1, 10_000],
    [9, -1, null],
    [-1, -1, null],
    [1.5, -1, null],
    [4, 7, 700],
    [4, 7.5, 750],
    [4, 7.01, 701],
    [4, 0.29, null],
    [-1, 12.34, 1234],
    [4, 1, 100],
    [4, 500, 50_000],
    [4, 500.01, null],
    [4, 0.99, null],
    [4, 0, null],
    [4, -2, null],
    [4, 7.015, null],
    [4, Number.NaN, null],
    [4, Number.POSITIVE_INFINITY, null],
  ])("index %s, custom %s dollars -> %s cents", (index, custom, cents) =>
    expect(tipAmountCents(index, custom)).toBe(cents),
  );
});

describe("checkTipAmountCents (custom tips $1 to $500, whole cents)", () => {
  it.each([
    [100, null],
    [99, "invalid_tip_amount"],
    [50_000, null],
    [50_001, "invalid_tip_amount"],
    [0, "invalid_tip_amount"],
    [-500, "invalid_tip_amount"],
    [500.5, "invalid_tip_amount"],
    [Number.NaN, "invalid_tip_amount"],
  ])("%s cents -> %s", (cents, problem) => expect(checkTipAmountCents(cents)).toBe(problem));
});

describe("checkTipNote (at most 280 characters)", () => {
  it.each([
    ["no note", undefined, null],
    ["null", null, null],
    ["empty", "", null],
    ["280 characters", "a".repeat(TIP_NOTE_MAX), null],
    ["281 characters", "a".repeat(TIP_NOTE_MAX + 1), "too_long"],
    ["280 emoji, each one character", "🍎".repeat(TIP_NOTE_MAX), null],
    ["281 emoji", "🍎".repeat(TIP_NOTE_MAX + 1), "too_long"],
  ])("%s -> %s", (_title, note, problem) => expect(checkTipNote(note)).toBe(problem));
});

describe("closing the tip modal (spec 4: deactivated users cannot close it, except on the tip summary)", () => {
  it.each([
    [false, false, true],
    [false, true, true],
    [true, false, false],
    [true, true, true],
  ])("deactivated %s, on summary %s -> closable %s", (deactivated, onSummary, closable) => {
    expect(tipModalClosable({ deactivated, onSummary })).toBe(closable);
  });
});
