import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS } from "./site-setting-defaults.ts";
import { siteSettingsPatchSchema } from "./site-settings.ts";
import { resolveSiteSettings } from "./site-settings-resolve.ts";

describe("site settings", () => {
  it("default to the numbers of DECISIONS.md and spec 5/9", () => {
    expect(DEFAULT_SITE_SETTINGS.adMinimums["1"]).toEqual({ totalCost: 20, spendPerDay: 1 });
    expect(DEFAULT_SITE_SETTINGS.maxCombinedFileSize).toBe(200);
    expect(DEFAULT_SITE_SETTINGS.idleTimeoutSeconds).toBe(300);
    expect(DEFAULT_SITE_SETTINGS.salesFeePercent).toBe(20);
    expect(DEFAULT_SITE_SETTINGS.adCpmCents).toEqual({ "1": 200, "2": 300, "3": 100, "4": 400, "5": 500 });
  });

  it("merge stored values over the defaults and ignore stored values that no longer validate", () => {
    const settings = resolveSiteSettings({ offlineMode: true, idleTimeoutSeconds: "soon", unknownKey: 1 });
    expect(settings.offlineMode).toBe(true);
    expect(settings.idleTimeoutSeconds).toBe(300);
    expect(settings).not.toHaveProperty("unknownKey");
  });

  it("accept a valid partial change and refuse unknown keys or out-of-range values", () => {
    expect(siteSettingsPatchSchema.safeParse({ offlineMode: true }).success).toBe(true);
    expect(
      siteSettingsPatchSchema.safeParse({ restrictedWords: [{ pattern: "darn", replacement: "d***" }] })
        .success,
    ).toBe(true);
    expect(siteSettingsPatchSchema.safeParse({ offline: true }).success).toBe(false);
    expect(siteSettingsPatchSchema.safeParse({ salesFeePercent: 101 }).success).toBe(false);
    expect(
      siteSettingsPatchSchema.safeParse({ adMinimums: { "6": { totalCost: 1, spendPerDay: 1 } } }).success,
    ).toBe(false);
  });
});

describe("site settings an admin sends (spec 3: Site settings; shared/DECISIONS.md)", () => {
  const ok = { totalCost: 20, spendPerDay: 1 };
  it.each([
    ["adMinimums for all five types", { adMinimums: { 1: ok, 2: ok, 3: ok, 4: ok, 5: ok } }, true],
    ["adMinimums missing a type", { adMinimums: { 1: ok } }, false],
    [
      "a day's minimum above the run's",
      { adMinimums: { 1: { totalCost: 5, spendPerDay: 6 }, 2: ok, 3: ok, 4: ok, 5: ok } },
      false,
    ],
    [
      "restricted words as pattern and replacement pairs",
      { restrictedWords: [{ pattern: "darn", replacement: "gosh" }] },
      true,
    ],
    ["a blank restricted pattern", { restrictedWords: [{ pattern: "  ", replacement: "x" }] }, false],
    [
      "the same pattern twice, in any case",
      {
        restrictedWords: [
          { pattern: "Darn", replacement: "a" },
          { pattern: "darn", replacement: "b" },
        ],
      },
      false,
    ],
    ["a known time zone", { timeZone: "Europe/Paris" }, true],
    ["an unknown time zone", { timeZone: "Mars/Olympus" }, false],
    ["showAds.portfolio off", { showAds: { portfolio: false } }, true],
    ["idleTimeoutSeconds under 30", { idleTimeoutSeconds: 29 }, false],
  ])("%s", (_name, patch, valid) => {
    expect(siteSettingsPatchSchema.safeParse(patch).success).toBe(valid);
  });
});
