import { describe, expect, it } from "vitest";
import { decideLogoutRoute, shouldShowAds } from "./ads-visibility.ts";

describe("shouldShowAds (spec 1)", () => {
  it.each([
    [false, false, null, true],
    [true, false, null, false],
    [false, true, null, true],
    [false, true, "2026-03-01T00:00:00Z", false],
    [false, false, "2026-03-01T00:00:00Z", true],
  ])(
    "ad blocker %s, donatedAdFreeMode %s, donation_date %s -> %s",
    (adBlockerDetected, donatedAdFreeMode, donationDate, shown) =>
      expect(shouldShowAds({ adBlockerDetected, donatedAdFreeMode, donationDate })).toBe(shown),
  );
});

describe("decideLogoutRoute (spec 4)", () => {
  it("goes to /offers?logout when ads are shown, else /donation", () => {
    expect(decideLogoutRoute(true)).toBe("/offers?logout");
    expect(decideLogoutRoute(false)).toBe("/donation");
  });
});
