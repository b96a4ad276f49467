import { describe, expect, it } from "vitest";
import {
  AD_TEXT_FIELDS,
  type AdTextField,
  type AdTextProblem,
  adTextLimit,
  checkAdText,
  checkAdTexts,
} from "./ad-texts.ts";
import { AD_TYPES, type AdType } from "./enums.ts";

const text = (length: number) => "x".repeat(length);
/** An https address of exactly `length` characters (length >= 12). */
const url = (length: number) => `https://a.co${"/".padEnd(length - 12, "p")}`.slice(0, length);

describe("adTextLimit (spec 5 table: minimum 1 unless noted)", () => {
  it.each<[AdTextField, AdType, number, number]>([
    ["title", "1", 1, 30],
    ["title", "2", 1, 32],
    ["title", "3", 1, 28],
    ["title", "4", 1, 30],
    ["title", "5", 1, 24],
    ["description", "1", 1, 75],
    ["description", "2", 1, 60],
    ["description", "3", 1, 100],
    ["description", "4", 1, 36],
    ["description", "5", 1, 150],
    ["statement", "1", 1, 75],
    ["statement", "2", 1, 75],
    ["statement", "3", 1, 48],
    ["statement", "4", 1, 48],
    ["statement", "5", 1, 75],
    ["button", "1", 1, 15],
    ["button", "2", 1, 12],
    ["button", "3", 1, 18],
    ["button", "4", 1, 12],
    ["button", "5", 1, 15],
  ])("%s, type %s: %i to %i", (field, adType, min, max) =>
    expect(adTextLimit(field, adType)).toEqual({ min, max }),
  );

  it.each<[AdTextField, number, number]>([
    ["subtitle", 1, 25],
    ["subject", 1, 15],
    ["business_name", 1, 25],
    ["discount_code", 1, 20],
    ["code", 1, 75],
    ["click_url", 11, 1000],
  ])("%s: %i to %i for every type", (field, min, max) => {
    for (const adType of AD_TYPES) expect(adTextLimit(field, adType)).toEqual({ min, max });
  });
});

describe("checkAdText (trimmed length in characters; click_url must be http(s))", () => {
  it.each<[AdTextField, string | null | undefined, AdType, AdTextProblem | null]>([
    ["title", undefined, "1", "required"],
    ["title", null, "1", "required"],
    ["title", "", "1", "required"],
    ["title", "   ", "1", "required"],
    ["title", "x", "1", null],
    ["title", text(30), "1", null],
    ["title", text(31), "1", "too_long"],
    ["title", `  ${text(30)}  `, "1", null],
    ["title", text(32), "2", null],
    ["title", text(33), "2", "too_long"],
    ["title", text(28), "3", null],
    ["title", text(29), "3", "too_long"],
    ["title", text(24), "5", null],
    ["title", text(25), "5", "too_long"],
    ["title", "🍎".repeat(30), "1", null],
    ["description", text(75), "1", null],
    ["description", text(76), "1", "too_long"],
    ["description", text(61), "2", "too_long"],
    ["description", text(100), "3", null],
    ["description", text(37), "4", "too_long"],
    ["description", text(150), "5", null],
    ["description", text(151), "5", "too_long"],
    ["statement", text(75), "1", null],
    ["statement", text(49), "3", "too_long"],
    ["statement", text(48), "4", null],
    ["button", text(15), "1", null],
    ["button", text(13), "2", "too_long"],
    ["button", text(18), "3", null],
    ["button", text(19), "3", "too_long"],
    ["button", text(16), "5", "too_long"],
    ["subtitle", text(25), "2", null],
    ["subtitle", text(26), "2", "too_long"],
    ["subject", text(15), "2", null],
    ["subject", text(16), "2", "too_long"],
    ["business_name", text(26), "1", "too_long"],
    ["discount_code", text(20), "3", null],
    ["discount_code", text(21), "3", "too_long"],
    ["code", text(75), "1", null],
    ["code", text(76), "1", "too_long"],
  ])("%s %j (type %s) -> %s", (field, value, adType, problem) =>
    expect(checkAdText(field, value, adType)).toBe(problem),
  );

  it.each<[string, string, AdTextProblem | null]>([
    ["11 characters, the minimum", "https://a.c", null],
    ["http, 11 characters", "http://a.co", null],
    ["10 characters", "http://a.c", "too_short"],
    ["empty", "", "required"],
    ["1000 characters, the maximum", url(1000), null],
    ["1001 characters", url(1001), "too_long"],
    ["surrounded by spaces", "  https://example.com/x  ", null],
    ["upper-case scheme", "HTTPS://EXAMPLE.COM", null],
    ["ftp", "ftp://example.com", "invalid_url"],
    ["javascript:", "javascript:alert(1)", "invalid_url"],
    ["mailto:", "mailto:someone@example.com", "invalid_url"],
    ["no scheme", "www.example.com", "invalid_url"],
    ["a space inside", "https://example.com/a b", "invalid_url"],
    ["an unparseable host", "https://[bad].example", "invalid_url"],
    ["only a scheme", "https://", "too_short"],
    ["words", "not a url at all", "invalid_url"],
  ])("click_url, %s -> %s", (_, value, problem) =>
    expect(checkAdText("click_url", value, "1")).toBe(problem),
  );

  it("url() builds addresses of the asked length", () => {
    expect(url(1000)).toHaveLength(1000);
    expect(url(1001)).toHaveLength(1001);
  });
});

describe("checkAdTexts (the given non-empty fields, or exactly `only`)", () => {
  it("checks only the fields given, skipping undefined, null and empty ones", () => {
    expect(
      checkAdTexts(
        { title: text(31), description: null, button: "", statement: undefined, subtitle: "ok" },
        "1",
      ),
    ).toEqual({ title: "too_long" });
  });

  it("reports a whitespace-only field as required", () => {
    expect(checkAdTexts({ title: "  ", button: "Go" }, "1")).toEqual({ title: "required" });
  });

  it("is empty for a valid type 5 ad (title 24, description 150, button 15)", () => {
    expect(
      checkAdTexts(
        { title: text(24), description: text(150), button: text(15), click_url: "https://example.com" },
        "5",
      ),
    ).toEqual({});
  });

  it("uses the type's limits: the same 32-character title is fine for type 2 only", () => {
    expect(checkAdTexts({ title: text(32) }, "2")).toEqual({});
    expect(checkAdTexts({ title: text(32) }, "1")).toEqual({ title: "too_long" });
  });

  it("with `only`, checks exactly those fields and absent ones are required", () => {
    expect(checkAdTexts({ title: text(40), subject: "" }, "2", ["subtitle", "subject"])).toEqual({
      subtitle: "required",
      subject: "required",
    });
  });

  it("checks click_url's form as well as its length", () => {
    expect(checkAdTexts({ click_url: "ftp://example.com/file" }, "3")).toEqual({ click_url: "invalid_url" });
  });

  it("ignores keys that are not ad text fields", () => {
    const ad = { title: "Fine", image_name: text(5000) } as Partial<Record<AdTextField, string>>;
    expect(checkAdTexts(ad, "1")).toEqual({});
  });

  it("knows ten fields", () => expect(AD_TEXT_FIELDS).toHaveLength(10));
});
