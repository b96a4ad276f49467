import { describe, expect, it } from "vitest";
import {
  checkDonationAmountCents,
  donationBase,
  donationCloseWarns,
  donationPaths,
  donationPlacement,
} from "./donation.ts";

describe("donation placement (spec 3: placement (default prompt); spec 4: starts at prompt)", () => {
  it.each([
    [undefined, "prompt"],
    [null, "prompt"],
    ["", "prompt"],
    ["prompt", "prompt"],
    ["footer", "footer"],
    ["idle", "idle"],
    ["logout", "logout"],
    ["page", "page"],
    ["banner", "prompt"],
  ])("%s -> %s", (value, expected) => {
    expect(donationPlacement(value)).toBe(expected);
  });
});

describe("closing warning (spec 2: on donation payment and completion routes, or after user interaction)", () => {
  it.each([
    ["/donation", false, false],
    ["/donation", true, true],
    ["/donation/cancel", false, false],
    ["/donation/payment", false, true],
    ["/donation/payment/", false, true],
    ["/donation/payment/completed", false, true],
    ["/donate", false, false],
    ["/donate/payment", false, true],
    ["/donate/completed", false, true],
    ["/donate/cancel", false, false],
    ["/donate/cancel", true, true],
  ])("%s, interacted %s -> warns %s", (pathname, hasUserInteracted, warns) => {
    expect(donationCloseWarns({ pathname, hasUserInteracted })).toBe(warns);
  });
});

describe("donation amounts ($1 to $1,000, whole cents)", () => {
  it.each([
    [99, "invalid_donation_amount"],
    [100, null],
    [100_000, null],
    [100_001, "invalid_donation_amount"],
    [150.5, "invalid_donation_amount"],
    [Number.NaN, "invalid_donation_amount"],
  ])("%s cents -> %s", (cents, code) => {
    expect(checkDonationAmountCents(cents)).toBe(code);
  });
});

describe("donation routes (spec 2: /donation with cancel, payment, payment/completed; /donate with cancel, completed, payment)", () => {
  it("maps each family to its children", () => {
    expect(donationBase("/donation/payment")).toBe("/donation");
    expect(donationBase("/donate/completed")).toBe("/donate");
    expect(donationPaths("/donation")).toEqual({
      start: "/donation",
      payment: "/donation/payment",
      completed: "/donation/payment/completed",
      cancel: "/donation/cancel",
    });
    expect(donationPaths("/donate").completed).toBe("/donate/completed");
  });
});
