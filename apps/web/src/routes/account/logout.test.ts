import { COOKIE_NAMES } from "@market/domain";
import { describe, expect, it, vi } from "vitest";
import { getAppNotice } from "../../components/Toast.tsx";
import { getFooterFlags, resetFooterFlags } from "../../state/footer-flags.ts";
import { createQueryClient } from "../../state/query-client.ts";
import { getSession, STORAGE_KEYS, storeSession } from "../../state/session.ts";
import { siteQueries } from "../../state/site-config.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import { logout, logoutRoute } from "./logout.ts";

describe("logout (spec section 4)", () => {
  it.each([
    ["ads shown: offers", null, false, "/offers?logout"],
    ["ads shown to a donor when ad-free mode is off", "2030-01-01", false, "/offers?logout"],
    ["donor in ad-free mode: no ads, donation page", "2030-01-01", true, "/donation?placement=logout"],
    ["no donation, ad-free mode on: ads shown", null, true, "/offers?logout"],
  ] as const)("%s", (_name, donationDate, mode, route) => {
    expect(logoutRoute(donationDate, mode)).toBe(route);
  });

  it("ends the session on the server with the token it is about to forget", () => {
    const fetch = vi.fn(async () => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    const token = makeToken({ exp: inOneHour() });
    storeSession(token, makeSelfUser());
    logout(createQueryClient());
    expect(fetch).toHaveBeenCalledWith("/api/auth/logout", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      keepalive: true,
    });
    vi.unstubAllGlobals();
  });

  it("clears the token, the user and the cookie, then redirects", () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(siteQueries.settings.queryKey, { donatedAdFreeMode: true } as never);
    storeSession(makeToken({ exp: inOneHour() }), makeSelfUser({ donation_date: "2030-01-01" }));
    expect(getSession()).not.toBeNull();
    const response = logout(queryClient);
    expect(response.headers.get("Location")).toBe("/donation?placement=logout");
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(document.cookie).not.toContain(`${COOKIE_NAMES.accessToken}=ey`);
  });

  it("says so where the eye is and in the footer, even when /logout is the first page loaded", () => {
    resetFooterFlags();
    storeSession(makeToken({ exp: inOneHour() }), makeSelfUser());
    logout(createQueryClient());
    expect(getAppNotice()?.text).toBe("You are signed out. See you soon!");
    expect(getFooterFlags().justLoggedOut).toBe(true);
    resetFooterFlags();
  });
});
