import type { LoginResponse } from "@market/domain";
import { beforeEach, describe, expect, it } from "vitest";
import { makeSelfUser } from "../test/factories.ts";
import { inOneHour, makeToken } from "../test/tokens.ts";
import {
  ACCOUNT_STORAGE_KEYS,
  decideAfterLogin,
  flagReloadAfterLogin,
  gatherPostLoginState,
  keepPostSignUpRoute,
} from "./post-login.ts";
import { STORAGE_KEYS } from "./session.ts";

const login = (overrides: Partial<LoginResponse["user"]> = {}, scopes: string[] = []): LoginResponse => ({
  accessToken: makeToken({ exp: inOneHour(), scopes }),
  user: makeSelfUser(overrides),
  tokenEvent: "login",
});

beforeEach(() => localStorage.clear());

describe("after login (spec section 4 order)", () => {
  it.each([
    ["nothing stored: home", {}, null, "/", null],
    [
      "a remembered path",
      { [STORAGE_KEYS.redirectPath]: "/resources/7/purchase" },
      null,
      "/resources/7/purchase",
      null,
    ],
    ["?next=area without a remembered path", {}, "favorites", "/favorites", null],
    [
      "(1) a post-sign-up route wins over everything",
      {
        [ACCOUNT_STORAGE_KEYS.postSignUpRoute]: "/resources/7/purchase?refCode=AB12CD34",
        [ACCOUNT_STORAGE_KEYS.bufferedRefCode]: "AB12CD34",
        [STORAGE_KEYS.redirectPath]: "/support",
      },
      null,
      "/resources/7/purchase?refCode=AB12CD34",
      null,
    ],
    [
      "(3) a buffered ref code is posted",
      { [ACCOUNT_STORAGE_KEYS.bufferedRefCode]: "AB12CD34" },
      null,
      "/",
      "AB12CD34",
    ],
    [
      "(4) a stored donate amount",
      { [ACCOUNT_STORAGE_KEYS.donateAmount]: "500" },
      null,
      "/donate/payment",
      null,
    ],
    [
      "an off-site remembered path is ignored",
      { [STORAGE_KEYS.redirectPath]: "//evil.example" },
      null,
      "/",
      null,
    ],
  ] as [string, Record<string, string>, string | null, string, string | null][])(
    "%s",
    (_name, stored, next, route, postRefCode) => {
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      const decision = decideAfterLogin(login(), { storage: localStorage, next, donatedAdFreeMode: false });
      expect(decision.route).toBe(route);
      expect(decision.postRefCode).toBe(postRefCode);
      expect(localStorage.getItem(ACCOUNT_STORAGE_KEYS.postSignUpRoute)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.redirectPath)).toBeNull();
    },
  );

  it("shows ads unless the donated ad-free mode applies to a donor (ad-blocker detection passes false)", () => {
    const context = { storage: localStorage, next: null, donatedAdFreeMode: true };
    expect(gatherPostLoginState(login(), context).adsShown).toBe(true);
    expect(gatherPostLoginState(login({ donation_date: "2030-01-01" }), context).adsShown).toBe(false);
    expect(gatherPostLoginState(login({}, ["admin"]), context).user.isAdmin).toBe(true);
  });

  it("keeps the gift path as the post-sign-up route only for a sign-up from a gift link", () => {
    localStorage.setItem(STORAGE_KEYS.redirectPath, "/resources/7/purchase?refCode=AB12CD34");
    keepPostSignUpRoute(localStorage, false);
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEYS.postSignUpRoute)).toBeNull();
    keepPostSignUpRoute(localStorage, true);
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEYS.postSignUpRoute)).toBe(
      "/resources/7/purchase?refCode=AB12CD34",
    );
    expect(localStorage.getItem(STORAGE_KEYS.redirectPath)).toBeNull();
  });
});

describe("steps (2), (5) and (6) read real state (issue 18: they were hard-coded off)", () => {
  const context = { storage: localStorage, next: null, donatedAdFreeMode: false };

  it("(2) a tab whose session the server ended reloads after the next login, once", () => {
    localStorage.setItem(STORAGE_KEYS.redirectPath, "/support");
    flagReloadAfterLogin(localStorage);
    expect(decideAfterLogin(login(), context)).toEqual({
      route: "/support",
      reload: true,
      postRefCode: null,
    });
    expect(decideAfterLogin(login(), context).reload).toBe(false);
  });

  it("(5) a login started from the donation prompt follows the prompt's order", () => {
    localStorage.setItem(STORAGE_KEYS.redirectPath, "/donation?placement=logout");
    expect(gatherPostLoginState(login(), context).donationPromptActive).toBe(true);
    // A donor who is shown ads goes to the offers rather than being asked again.
    expect(decideAfterLogin(login({ donation_date: "2026-02-01T00:00:00Z" }), context).route).toBe("/offers");
    localStorage.setItem(STORAGE_KEYS.redirectPath, "/donation");
    expect(decideAfterLogin(login({ is_master_account: true }), context).route).toBe("/admin/users");
    localStorage.setItem(STORAGE_KEYS.redirectPath, "/resources/7");
    expect(gatherPostLoginState(login(), context).donationPromptActive).toBe(false);
  });

  it("(6) a login on the way to settings opens the user's own settings, or the admin's site settings", () => {
    localStorage.setItem(STORAGE_KEYS.redirectPath, "/profile/@someone_else/settings");
    expect(decideAfterLogin(login({ username: "ada_l" }), context).route).toBe("/profile/@ada_l/settings");
    // A teacher sent to log in from the admin's settings lands on their own settings, not in a login loop.
    localStorage.setItem(STORAGE_KEYS.redirectPath, "/admin/settings");
    expect(decideAfterLogin(login({ username: "ada_l" }), context).route).toBe("/profile/@ada_l/settings");
    localStorage.setItem(STORAGE_KEYS.redirectPath, "/admin/settings");
    expect(decideAfterLogin(login({}, ["admin"]), context).route).toBe("/admin/settings");
  });
});
