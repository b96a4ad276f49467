import { describe, expect, it } from "vitest";
import {
  AD_DERIVED_STATUSES,
  AD_EDIT_STEPS,
  AD_EXTRA_STEPS,
  AD_IMAGE_RULES,
  AD_REQUIRED_BASE,
  AD_SPEND_DEFAULTS,
  type AdDerivedStatus,
  type AdDraft,
  type AdEditStep,
  type AdImageProblem,
  type AdSpendProblem,
  adEditSteps,
  applyRestrictedWordsToAd,
  canOpenAdStep,
  checkAdImage,
  checkAdSpend,
  deriveAdStatus,
  isAdEditable,
  isAdSpendEditable,
  isIdentityComplete,
  isTargetingComplete,
  missingAdFields,
  nextAdStep,
  requiredAdFields,
  resolveAdStep,
} from "./ad-rules.ts";
import { AD_TYPES, type AdType } from "./enums.ts";
import { DEFAULT_SITE_SETTINGS } from "./site-setting-defaults.ts";

/** A type 1 ad with every required field. */
const complete1: AdDraft = {
  ad_type: "1",
  image_name: "ad.png",
  click_url: "https://example.com",
  title: "Math Centers",
  description: "Forty centers.",
  button: "See more",
  spend_per_day: 500,
  run_days_total: 7,
};

/** A type 2 ad with every required field. */
const complete2: AdDraft = {
  ad_type: "2",
  image_name: "ad.png",
  click_url: "https://example.com",
  title: "Science Labs",
  subtitle: "Low-prep labs",
  subject: "Science",
  gradesArray: ["5"],
  spend_per_day: 500,
  run_days_total: 7,
};

describe("adEditSteps (spec 2: image ... status; type 2 swaps description and button for subtitle and subject)", () => {
  const base = [
    "image",
    "url",
    "title",
    "description",
    "button",
    "statement",
    "targeting",
    "ad-spend",
    "payment",
    "status",
  ];
  const type2 = [
    "image",
    "url",
    "title",
    "subtitle",
    "subject",
    "statement",
    "targeting",
    "ad-spend",
    "payment",
    "status",
  ];

  it.each<[AdType, boolean, string[]]>([
    ["1", false, base],
    ["3", false, base],
    ["4", false, base],
    ["5", false, base],
    ["2", false, type2],
    ["1", true, [...base, "styling", "code", "review"]],
    ["2", true, [...type2, "styling", "code", "review"]],
  ])("type %s (admin %s)", (adType, isAdmin, steps) => expect(adEditSteps(adType, isAdmin)).toEqual(steps));

  it("gives every type the same number of steps, so step n is at the same place", () => {
    for (const adType of AD_TYPES) {
      expect(adEditSteps(adType, false)).toHaveLength(10);
      expect(adEditSteps(adType, true)).toHaveLength(13);
    }
  });

  it("names only known steps, and puts delete in no sequence", () => {
    const known = new Set<string>([...AD_EDIT_STEPS, ...AD_EXTRA_STEPS]);
    for (const adType of AD_TYPES)
      for (const isAdmin of [false, true]) {
        const steps = adEditSteps(adType, isAdmin);
        expect(steps.every((s) => known.has(s))).toBe(true);
        expect(steps).not.toContain("delete");
      }
  });
});

describe("resolveAdStep (no name opens the first step; unknown is null)", () => {
  it.each<[string | undefined, AdEditStep | null]>([
    [undefined, "image"],
    ["", "image"],
    ["  ", "image"],
    ["image", "image"],
    ["ad-spend", "ad-spend"],
    [" Ad-Spend ", "ad-spend"],
    ["discount-code", "discount-code"],
    ["title-description", "title-description"],
    ["identity", "identity"],
    ["review", "review"],
    ["delete", "delete"],
    ["spend", null],
    ["constructor", null],
    ["toString", null],
    ["3", null],
  ])("%j -> %s", (name, step) => expect(resolveAdStep(name)).toBe(step));
});

describe("nextAdStep (along the type's sequence)", () => {
  it.each<[AdEditStep, AdType, boolean, AdEditStep | null]>([
    ["image", "1", false, "url"],
    ["title", "1", false, "description"],
    ["title", "2", false, "subtitle"],
    ["subject", "2", false, "statement"],
    ["button", "1", false, "statement"],
    ["status", "1", false, null],
    ["status", "1", true, "styling"],
    ["review", "5", true, null],
    ["description", "2", false, null],
    ["subtitle", "1", false, null],
    ["review", "1", false, null],
    ["delete", "1", true, null],
  ])("%s (type %s, admin %s): next %s", (step, adType, isAdmin, next) => {
    expect(nextAdStep(step, adType, isAdmin)).toBe(next);
  });
});

describe("canOpenAdStep (styling, code and review are for admins)", () => {
  it.each<[AdEditStep, boolean, boolean]>([
    ["styling", false, false],
    ["code", false, false],
    ["review", false, false],
    ["styling", true, true],
    ["review", true, true],
    ["image", false, true],
    ["identity", false, true],
    ["delete", false, true],
  ])("%s (admin %s) -> %s", (step, isAdmin, open) => expect(canOpenAdStep(step, isAdmin)).toBe(open));
});

describe("requiredAdFields (spec 5: base; type 2 + subtitle, subject, gradesArray; type 5 + description; others + description, button)", () => {
  it.each<[AdType, string[]]>([
    ["1", [...AD_REQUIRED_BASE, "description", "button"]],
    ["2", [...AD_REQUIRED_BASE, "subtitle", "subject", "gradesArray"]],
    ["3", [...AD_REQUIRED_BASE, "description", "button"]],
    ["4", [...AD_REQUIRED_BASE, "description", "button"]],
    ["5", [...AD_REQUIRED_BASE, "description"]],
  ])("type %s -> %j", (adType, fields) => expect(requiredAdFields(adType)).toEqual(fields));

  it("the base is image_name, click_url, title, spend_per_day, run_days_total", () =>
    expect(AD_REQUIRED_BASE).toEqual([
      "image_name",
      "click_url",
      "title",
      "spend_per_day",
      "run_days_total",
    ]));
});

describe("missingAdFields (blank text, absent numbers and empty grade lists are missing)", () => {
  it.each<[string, AdDraft, string[]]>([
    ["complete type 1", complete1, []],
    ["complete type 2", complete2, []],
    ["nothing, type 1", { ad_type: "1" }, [...AD_REQUIRED_BASE, "description", "button"]],
    ["nothing, type 5", { ad_type: "5" }, [...AD_REQUIRED_BASE, "description"]],
    ["blank title", { ...complete1, title: "   " }, ["title"]],
    ["null click_url", { ...complete1, click_url: null }, ["click_url"]],
    ["null spend", { ...complete1, spend_per_day: null }, ["spend_per_day"]],
    ["zero spend is present (checkAdSpend judges it)", { ...complete1, spend_per_day: 0 }, []],
    ["no grades, type 2", { ...complete2, gradesArray: [] }, ["gradesArray"]],
    ["no grades, type 1 (not required)", { ...complete1, gradesArray: [] }, []],
    ["type 5 without a button", { ...complete1, ad_type: "5", button: null }, []],
    ["type 2 needs no description or button", { ...complete2, description: null, button: null }, []],
  ])("%s -> %j", (_, ad, missing) => expect(missingAdFields(ad)).toEqual(missing));
});

describe("isIdentityComplete (business name and business image) and isTargetingComplete (at least one grade)", () => {
  it.each<[string | null | undefined, string | null | undefined, boolean]>([
    ["Lopez Lab", "ads/logo.png", true],
    ["Lopez Lab", null, false],
    [null, "ads/logo.png", false],
    ["  ", "ads/logo.png", false],
    [undefined, undefined, false],
  ])("name %j, image %j -> %s", (business_name, business_image, done) =>
    expect(isIdentityComplete({ business_name, business_image })).toBe(done),
  );

  it.each<[string[] | undefined, boolean]>([
    [undefined, false],
    [[], false],
    [["K"], true],
    [["1", "2"], true],
  ])("grades %j -> %s", (gradesArray, done) => expect(isTargetingComplete({ gradesArray })).toBe(done));
});

describe("checkAdSpend (spec 5: total >= 100 x minimum total (20), spend per day >= 100 x minimum per day (1))", () => {
  const minimums = { totalCost: 20, spendPerDay: 1 };
  it.each<[number, number, boolean, number, AdSpendProblem[]]>([
    [500, 7, false, 3500, []], // the spec 9 defaults
    [100, 20, false, 2000, []], // exactly both minimums: $1 a day, $20 in all
    [100, 19, false, 1900, ["total_below_minimum"]],
    [99, 30, false, 2970, ["spend_per_day_below_minimum"]],
    [2000, 1, false, 2000, []],
    [1999, 1, false, 1999, ["total_below_minimum"]],
    [50, 10, false, 500, ["total_below_minimum", "spend_per_day_below_minimum"]],
    [500, 0, false, 0, ["total_below_minimum", "run_days_required"]],
    [5000, 1.5, false, 7500, ["run_days_required"]],
    [0, 0, false, 0, ["total_below_minimum", "spend_per_day_below_minimum", "run_days_required"]],
    [0, 0, true, 0, []], // admins skip run-days and spend requirements
    [50, 3, true, 150, []],
  ])(
    "%i cents a day for %s days (admin %s): total %i, %j",
    (spendPerDayCents, runDaysTotal, isAdmin, total, problems) =>
      expect(checkAdSpend({ spendPerDayCents, runDaysTotal, minimums, isAdmin })).toEqual({
        totalCostCents: total,
        problems,
      }),
  );

  it.each<[number, number, number, number, AdSpendProblem[]]>([
    [50, 5, 1000, 5, []],
    [50, 5, 999, 5, ["total_below_minimum"]],
    [50, 5, 1000, 4, ["total_below_minimum"]],
    [50, 5, 499, 3, ["total_below_minimum", "spend_per_day_below_minimum"]],
  ])(
    "site minimums $%i total, $%i a day: %i cents x %i days -> %j",
    (totalCost, spendPerDay, spend, days, problems) =>
      expect(
        checkAdSpend({
          spendPerDayCents: spend,
          runDaysTotal: days,
          minimums: { totalCost, spendPerDay },
          isAdmin: false,
        }).problems,
      ).toEqual(problems),
  );

  it("the defaults (500 cents for 7 days) meet the default minimums of every type", () => {
    for (const adType of AD_TYPES) {
      const minimums = DEFAULT_SITE_SETTINGS.adMinimums[adType];
      expect(checkAdSpend({ ...AD_SPEND_DEFAULTS, minimums, isAdmin: false }).problems).toEqual([]);
    }
    expect(AD_SPEND_DEFAULTS).toEqual({ spendPerDayCents: 500, runDaysTotal: 7 });
  });
});

describe("deriveAdStatus (spec 4)", () => {
  it.each<[string, string | undefined, string | null | undefined, AdDerivedStatus]>([
    ["creating", "creating", null, "creating"],
    ["no approval yet", undefined, undefined, "creating"],
    ["awaiting_approval", "awaiting_approval", null, "inReview"],
    ["rejected", "rejected", null, "rejected"],
    ["approved + running", "approved", "running", "running"],
    ["approved + stopped", "approved", "stopped", "stopped"],
    ["approved + expired", "approved", "expired", "expired"],
    ["creating + expired (a renewal being edited)", "creating", "expired", "expired"],
    ["awaiting_approval + expired (renewal resubmitted)", "awaiting_approval", "expired", "inReview"],
    ["rejected + expired", "rejected", "expired", "rejected"],
    ["approved, not started", "approved", null, "creating"],
    ["creating + running (not approved)", "creating", "running", "creating"],
    ["unknown approval", "archived", null, "creating"],
  ])("complete ad, %s -> %s", (_, approval_status, running_status, status) =>
    expect(deriveAdStatus({ ...complete1, approval_status, running_status })).toBe(status),
  );

  // The precedence decision: recorded life states first, field completeness only for drafts.
  it.each<[string, string, string | null, AdDerivedStatus]>([
    ["creating", "creating", null, "incomplete"],
    ["no approval", "", null, "incomplete"],
    ["approved, not started", "approved", null, "incomplete"],
    ["approved + running (e.g. an admin cleared the title)", "approved", "running", "running"],
    ["approved + stopped", "approved", "stopped", "stopped"],
    ["awaiting_approval", "awaiting_approval", null, "inReview"],
    ["rejected", "rejected", null, "rejected"],
    ["expired", "approved", "expired", "expired"],
  ])("ad missing its title, %s -> %s", (_, approval_status, running_status, status) =>
    expect(deriveAdStatus({ ...complete1, title: null, approval_status, running_status })).toBe(status),
  );

  it("a draft type 2 ad with no grades is incomplete, with one grade creating", () => {
    expect(deriveAdStatus({ ...complete2, gradesArray: [], approval_status: "creating" })).toBe("incomplete");
    expect(deriveAdStatus({ ...complete2, approval_status: "creating" })).toBe("creating");
  });

  it("can produce every derived status", () => {
    const seen = new Set<AdDerivedStatus>([
      deriveAdStatus({ ad_type: "1" }),
      deriveAdStatus({ ...complete1, approval_status: "awaiting_approval" }),
      deriveAdStatus({ ...complete1, approval_status: "rejected" }),
      deriveAdStatus({ ...complete1, approval_status: "approved", running_status: "running" }),
      deriveAdStatus({ ...complete1, approval_status: "approved", running_status: "stopped" }),
      deriveAdStatus({ ...complete1, approval_status: "approved", running_status: "expired" }),
      deriveAdStatus({ ...complete1, approval_status: "creating" }),
    ]);
    expect([...seen].sort()).toEqual([...AD_DERIVED_STATUSES].sort());
  });
});

describe("isAdEditable (spec 4: admin, or neither running nor awaiting approval)", () => {
  it.each<[string, string | null, boolean, boolean]>([
    ["creating", null, false, true],
    ["rejected", null, false, true],
    ["approved", "stopped", false, true],
    ["approved", "expired", false, true],
    ["approved", null, false, true],
    ["approved", "running", false, false],
    ["awaiting_approval", null, false, false],
    ["awaiting_approval", "expired", false, false],
    ["approved", "running", true, true],
    ["awaiting_approval", null, true, true],
  ])("approval %s, running %s, admin %s -> %s", (approval_status, running_status, isAdmin, editable) =>
    expect(isAdEditable({ approval_status, running_status }, isAdmin)).toBe(editable),
  );
});

describe("isAdSpendEditable (spec 4: editable, and no running status or expired)", () => {
  it.each<[string, string | null | undefined, boolean, boolean]>([
    ["creating", null, false, true],
    ["creating", undefined, false, true],
    ["rejected", null, false, true],
    ["approved", "expired", false, true],
    ["approved", "stopped", false, false],
    ["approved", "stopped", true, false],
    ["approved", "running", false, false],
    ["approved", "running", true, false],
    ["awaiting_approval", null, false, false],
    ["awaiting_approval", null, true, true],
    ["awaiting_approval", "expired", false, false],
  ])("approval %s, running %s, admin %s -> %s", (approval_status, running_status, isAdmin, editable) =>
    expect(isAdSpendEditable({ approval_status, running_status }, isAdmin)).toBe(editable),
  );
});

describe("checkAdImage (spec 5: at most 1,048,576 bytes; minimums 496x260, 300x388, 100x100, 1044x496, 900x900; business 50x50)", () => {
  it.each<[number, number, number, AdType | "business", AdImageProblem | null]>([
    [1_048_576, 496, 260, "1", null],
    [1_048_577, 496, 260, "1", "too_large"],
    [1_048_577, 10, 10, "1", "too_large"], // size first
    [1000, 495, 260, "1", "too_small"],
    [1000, 496, 259, "1", "too_small"],
    [1000, 300, 388, "2", null],
    [1000, 300, 387, "2", "too_small"],
    [1000, 100, 100, "3", null],
    [1000, 99, 100, "3", "too_small"],
    [1000, 1044, 496, "4", null],
    [1000, 1043, 496, "4", "too_small"],
    [1000, 900, 900, "5", null],
    [1000, 900, 899, "5", "too_small"],
    [1000, 4000, 4000, "5", null],
    [1000, 50, 50, "business", null],
    [1000, 49, 50, "business", "too_small"],
    [1_048_577, 50, 50, "business", "too_large"],
  ])("%i bytes, %ix%i, %s -> %s", (bytes, width, height, kind, problem) =>
    expect(checkAdImage({ bytes, width, height }, kind)).toBe(problem),
  );

  it("carries the spec's messages", () => {
    expect(AD_IMAGE_RULES.tooLargeMessage).toBe(
      "The file you selected exceeds maximum file size requirements.",
    );
    expect(AD_IMAGE_RULES.tooSmallMessage).toBe(
      "The file you selected doesn't meet the minimum dimension requirements.",
    );
  });
});

describe("applyRestrictedWordsToAd (spec 5: title, description, button and statement)", () => {
  const words = [{ pattern: "darn", replacement: "gosh" }];

  it("replaces in the four fields, keeping the first letter's case, and leaves the rest", () => {
    const ad = {
      title: "Darn good math",
      description: "no darn prep",
      button: "Darn!",
      statement: "paid, darn it",
      subtitle: "darn subtitle",
      business_name: "Darn Co",
      click_url: "https://darn.example.com",
    };
    expect(applyRestrictedWordsToAd(ad, words)).toEqual({
      title: "Gosh good math",
      description: "no gosh prep",
      button: "Gosh!",
      statement: "paid, gosh it",
      subtitle: "darn subtitle",
      business_name: "Darn Co",
      click_url: "https://darn.example.com",
    });
  });

  it("keeps null and absent fields, and does not change its argument", () => {
    const ad = { title: "darn", description: null, ad_type: "1" as const };
    const result = applyRestrictedWordsToAd(ad, words);
    expect(result).toEqual({ title: "gosh", description: null, ad_type: "1" });
    expect("button" in result).toBe(false);
    expect(ad.title).toBe("darn");
  });
});
