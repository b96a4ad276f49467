import { describe, expect, it } from "vitest";
import {
  focusAtPoint,
  isAdStepLocked,
  isTextStep,
  missingFieldSteps,
  TEXT_STEP_FIELDS,
  textStepProblem,
} from "./ad-step-rules.ts";

describe("the ad wizard's text steps", () => {
  it("are the one-text steps, each with its field", () => {
    expect(isTextStep("url")).toBe(true);
    expect(isTextStep("discount-code")).toBe(true);
    expect(TEXT_STEP_FIELDS["discount-code"]).toBe("discount_code");
    expect(TEXT_STEP_FIELDS.url).toBe("click_url");
    for (const step of ["image", "title-description", "identity", "targeting", "status"] as const) {
      expect(isTextStep(step)).toBe(false);
    }
  });

  it("refuse an empty required text, but let the code and the discount code stay empty", () => {
    expect(textStepProblem("title", "  ", "1")).toBe("required");
    expect(textStepProblem("code", "", "1")).toBeNull();
    expect(textStepProblem("discount_code", "   ", "3")).toBeNull();
  });

  it("still check an optional text that is given against its limit", () => {
    expect(textStepProblem("discount_code", "x".repeat(21), "1")).toBe("too_long");
    expect(textStepProblem("click_url", "not an address", "1")).toBe("invalid_url");
    expect(textStepProblem("title", "Reading kits", "1")).toBeNull();
  });
});

describe("isAdStepLocked", () => {
  it("closes the editing steps of an ad that can no longer be changed", () => {
    expect(isAdStepLocked({ editable: false }, "title")).toBe(true);
    expect(isAdStepLocked({ editable: false }, "ad-spend")).toBe(true);
    expect(isAdStepLocked({ editable: true }, "title")).toBe(false);
  });

  it("keeps its status, review, payment and delete open", () => {
    for (const step of ["status", "review", "payment", "delete"] as const) {
      expect(isAdStepLocked({ editable: false }, step)).toBe(false);
    }
  });
});

describe("focusAtPoint", () => {
  const box = { left: 100, top: 50, width: 200, height: 100 };

  it("gives the click's place in the box as whole percentages", () => {
    expect(focusAtPoint(box, 150, 75)).toEqual({ image_focus_x: 25, image_focus_y: 25 });
    expect(focusAtPoint(box, 301, 49)).toEqual({ image_focus_x: 100, image_focus_y: 0 });
  });

  it("gives nothing for a box that has no size yet", () => {
    expect(focusAtPoint({ ...box, width: 0 }, 150, 75)).toBeNull();
  });
});

describe("the missing fields, named by their steps", () => {
  it("names each step once, in the fields' order, and keeps a field no step fills as it is", () => {
    expect(missingFieldSteps(["image_name", "spend_per_day", "run_days_total", "gradesArray"])).toEqual([
      "image",
      "ad-spend",
      "targeting",
    ]);
    expect(missingFieldSteps(["click_url", "something_new"])).toEqual(["url", "something_new"]);
  });
});
