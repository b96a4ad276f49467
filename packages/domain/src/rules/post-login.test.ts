import { describe, expect, it } from "vitest";
import {
  decidePostLoginRoute,
  isDonationPromptRoute,
  isSettingsRoute,
  type PostLoginState,
} from "./post-login.ts";

const base: PostLoginState = {
  postSignUpRoute: null,
  reloadFlag: false,
  bufferedRefCode: null,
  donateAmount: null,
  donationPromptActive: false,
  user: { username: "ms_rivera", isMasterAccount: false, isAdmin: false, donationDate: null },
  adsShown: false,
  settingsFlag: false,
  storedRedirect: null,
};
const decide = (over: Partial<PostLoginState>) => decidePostLoginRoute({ ...base, ...over });

describe("decidePostLoginRoute (spec 4: after login, in this order)", () => {
  it("(1) a stored post-sign-up route wins over everything", () => {
    expect(
      decide({
        postSignUpRoute: "/resources/x/purchase",
        reloadFlag: true,
        donateAmount: 500,
        settingsFlag: true,
      }),
    ).toEqual({ route: "/resources/x/purchase", reload: false, postRefCode: null });
  });

  it("(2) reloads when flagged", () => {
    expect(decide({ reloadFlag: true, storedRedirect: "/support", donateAmount: 500 })).toEqual({
      route: "/support",
      reload: true,
      postRefCode: null,
    });
  });

  it("(3) posts a buffered referral code and carries on", () => {
    expect(decide({ bufferedRefCode: "K7PQ2MZX", storedRedirect: "/favorites" })).toEqual({
      route: "/favorites",
      reload: false,
      postRefCode: "K7PQ2MZX",
    });
  });

  it("(4) goes to the donate route when a donate amount is stored", () => {
    expect(decide({ donateAmount: 500, donationPromptActive: true }).route).toBe("/donate/payment");
  });

  it("(5) with an active donation prompt: master account, never donated, shown ads, anyone else", () => {
    const user = base.user;
    expect(decide({ donationPromptActive: true, user: { ...user, isMasterAccount: true } }).route).toBe(
      "/admin/users",
    );
    expect(decide({ donationPromptActive: true }).route).toBe("/donation");
    const donor = { ...user, donationDate: "2026-01-05T00:00:00Z" };
    expect(decide({ donationPromptActive: true, user: donor, adsShown: true }).route).toBe("/offers");
    expect(decide({ donationPromptActive: true, user: donor, adsShown: false }).route).toBe("/donation");
  });

  it("(6) a settings flag sends a user to their settings and an admin to admin settings", () => {
    expect(decide({ settingsFlag: true }).route).toBe("/profile/@ms_rivera/settings");
    expect(decide({ settingsFlag: true, user: { ...base.user, isAdmin: true } }).route).toBe(
      "/admin/settings",
    );
  });

  it("(7) otherwise goes to the stored redirect, or home", () => {
    expect(decide({ storedRedirect: "/resources/fractions-bingo" }).route).toBe("/resources/fractions-bingo");
    expect(decide({}).route).toBe("/");
    const master = { ...base.user, isMasterAccount: true, isAdmin: true };
    expect(decide({ user: master }).route).toBe("/admin/users");
    expect(decide({ user: master, storedRedirect: "/support" }).route).toBe("/support");
  });
});

describe("what raises the flags of steps (5) and (6)", () => {
  it("a login started from a donation prompt makes the prompt active; payment pages do not", () => {
    expect(isDonationPromptRoute("/donation")).toBe(true);
    expect(isDonationPromptRoute("/donation?placement=logout")).toBe(true);
    expect(isDonationPromptRoute("/donation/cancel")).toBe(true);
    expect(isDonationPromptRoute("/resources/fractions-bingo/donation")).toBe(true);
    expect(isDonationPromptRoute("/donation/payment")).toBe(false);
    expect(isDonationPromptRoute("/donation/payment/completed")).toBe(false);
    expect(isDonationPromptRoute("/donate")).toBe(false);
    expect(isDonationPromptRoute("/resources/7")).toBe(false);
    expect(isDonationPromptRoute(null)).toBe(false);
  });

  it("a login on the way to account settings raises the settings flag", () => {
    expect(isSettingsRoute("/profile/settings")).toBe(true);
    expect(isSettingsRoute("/profile/@ms_rivera/settings")).toBe(true);
    expect(isSettingsRoute("/admin/settings")).toBe(true);
    expect(isSettingsRoute("/admin/settings?tab=texts")).toBe(true);
    expect(isSettingsRoute("/profile/@ms_rivera/status")).toBe(false);
    expect(isSettingsRoute("/admin/users")).toBe(false);
    expect(isSettingsRoute(null)).toBe(false);
  });
});
