import { describe, expect, it } from "vitest";
import { decideIdleRoute, decideLogoutRoute, displayAdTypes, shouldShowAds } from "./ads-visibility.ts";

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

describe("decideIdleRoute (spec 2: idle behaviour)", () => {
  it.each([
    [true, true, null, "/", "/offers"],
    [true, true, "2026-01-01", "/new", "/offers"],
    [true, false, null, "/", "/donation"],
    [true, false, "2026-01-01", "/", null],
    [false, true, null, "/", null],
    [true, true, null, "/offers", null],
    [true, false, null, "/offers/2", null],
    [true, true, null, "/offersale", "/offers"],
  ] as const)(
    "signed in %s, ads %s, donated %s, on %s -> %s",
    (signedIn, adsShown, donationDate, path, route) =>
      expect(decideIdleRoute({ signedIn, adsShown, donationDate, path })).toBe(route),
  );

  it("never redirects from a page that holds work (unsaved input, checkout, wizard, bulk e-mail)", () => {
    const user = { signedIn: true, donationDate: null, path: "/resources/edit/title", held: true };
    expect(decideIdleRoute({ ...user, adsShown: true })).toBeNull();
    expect(decideIdleRoute({ ...user, adsShown: false })).toBeNull();
    expect(decideIdleRoute({ ...user, adsShown: true, held: false })).toBe("/offers");
  });

  it("does not send a user already on the donation page to it again", () => {
    const user = { signedIn: true, adsShown: false, donationDate: null };
    expect(decideIdleRoute({ ...user, path: "/donation" })).toBeNull();
    expect(decideIdleRoute({ ...user, path: "/donation/payment" })).toBeNull();
    expect(decideIdleRoute({ ...user, path: "/donationx" })).toBe("/donation");
  });
});

describe("displayAdTypes (spec 9: optional type 3 or 4, also type 1 with exceptions)", () => {
  it.each([
    [undefined, ["1", "2"]],
    ["1", ["1"]],
    ["2", ["2"]],
    ["3", ["3"]],
    ["4", ["4"]],
    ["5", ["5"]],
  ] as const)("type %s -> %j", (type, types) => expect(displayAdTypes(type)).toEqual(types));
});
