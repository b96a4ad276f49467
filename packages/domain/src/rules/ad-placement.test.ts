import { describe, expect, it } from "vitest";
import {
  AD_DEFAULT_STATEMENTS,
  adImageCropShare,
  adImageStyle,
  defaultAdStatement,
  isAdCodeMarkup,
  isAdDeletable,
  suggestAdImagePlacement,
} from "./ad-rules.ts";
import { checkAdText } from "./ad-texts.ts";
import { AD_TYPES } from "./enums.ts";

describe("an ad image's placement in its slot (issue 18)", () => {
  it("measures what filling a slot cuts away", () => {
    expect(adImageCropShare({ width: 496, height: 260 }, "1")).toBeCloseTo(0);
    expect(adImageCropShare({ width: 992, height: 520 }, "1")).toBeCloseTo(0);
    // A landscape 496x260 image in the portrait 300x388 card loses most of its width.
    expect(adImageCropShare({ width: 496, height: 260 }, "2")).toBeGreaterThan(0.5);
  });

  it("shows a landscape image whole in a portrait slot, and fills a slot of its own proportions", () => {
    expect(suggestAdImagePlacement({ width: 1200, height: 400 }, "2")).toEqual({
      image_fit: "fit",
      image_focus_x: 50,
      image_focus_y: 50,
    });
    expect(suggestAdImagePlacement({ width: 1000, height: 1000 }, "5").image_fit).toBe("fill");
    expect(suggestAdImagePlacement({ width: 1100, height: 1000 }, "5").image_fit).toBe("fill");
    expect(suggestAdImagePlacement({ width: 1300, height: 1000 }, "5").image_fit).toBe("fit");
  });

  it("draws fill as cover around the focal point, fit as contain, clamping the point to the image", () => {
    expect(adImageStyle({ image_fit: "fill", image_focus_x: 20, image_focus_y: 80 })).toEqual({
      objectFit: "cover",
      objectPosition: "20% 80%",
    });
    expect(adImageStyle({ image_fit: "fit", image_focus_x: 150, image_focus_y: -3 })).toEqual({
      objectFit: "contain",
      objectPosition: "100% 0%",
    });
    expect(adImageStyle({})).toEqual({ objectFit: "cover", objectPosition: "50% 50%" });
  });
});

describe("the default statement (spec 9)", () => {
  it("says a member of the community paid for the ad, a variant per type within the type's limit", () => {
    for (const type of AD_TYPES) {
      const statement = defaultAdStatement(type);
      expect(statement).toMatch(/paid for by a member of (the|our) community/i);
      expect(checkAdText("statement", statement, type)).toBeNull();
    }
    expect(new Set(Object.values(AD_DEFAULT_STATEMENTS)).size).toBe(AD_TYPES.length);
  });
});

describe("deleting an ad", () => {
  const draft = { approval_status: "creating", running_status: null, paid: false };
  it("is possible for an unpaid draft, not once paid, running or in review", () => {
    expect(isAdDeletable(draft, false)).toBe(true);
    expect(isAdDeletable({ ...draft, paid: true }, false)).toBe(false);
    expect(isAdDeletable({ ...draft, approval_status: "awaiting_approval" }, false)).toBe(false);
    expect(
      isAdDeletable({ approval_status: "approved", running_status: "running", paid: false }, false),
    ).toBe(false);
    expect(isAdDeletable({ approval_status: "approved", running_status: "running", paid: false }, true)).toBe(
      true,
    );
  });
});

describe("the admin's code", () => {
  it("is markup when it holds a tag", () => {
    expect(isAdCodeMarkup("<b>20% off</b>")).toBe(true);
    expect(isAdCodeMarkup("<!-- x -->")).toBe(true);
    expect(isAdCodeMarkup("Save 20% < 30%")).toBe(false);
    expect(isAdCodeMarkup("Sponsor 12")).toBe(false);
    expect(isAdCodeMarkup(null)).toBe(false);
  });
});
