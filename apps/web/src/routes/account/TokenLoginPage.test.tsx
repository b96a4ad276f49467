import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getAppNotice } from "../../components/Toast.tsx";
import { getFooterFlags, raiseFooterFlag, resetFooterFlags } from "../../state/footer-flags.ts";
import { clearSession, getSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import TokenLoginPage from "./TokenLoginPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  resetFooterFlags();
  localStorage.clear();
});

const permissions = {
  permissions: {
    controls: true,
    payments: true,
    messages: true,
    upload: true,
    editing: true,
    advertise: true,
  },
  isAdmin: false,
  isDeactivated: false,
};

describe("TokenLoginPage", () => {
  it("says the address is verified when a verification link signs the user in (issue 18)", async () => {
    // The reminder raised while the address was unverified must not outlive the verification.
    raiseFooterFlag("needsMailVerification");
    stubFetch({
      "POST /api/auth/token/login-token": [
        200,
        {
          accessToken: makeToken({ exp: inOneHour() }),
          user: makeSelfUser({ email_verified: true }),
          tokenEvent: "verify-email",
        },
      ],
      "GET /api/users/self/permissions": [200, permissions],
    });
    const { router } = renderScreen(TokenLoginPage, "/token-login?token=verify-1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(getSession()).not.toBeNull();
    expect(getAppNotice()?.text).toBe("Your e-mail address is verified. You are signed in.");
    expect(getFooterFlags().needsMailVerification).toBe(false);
  });

  it("greets a login link's user as signed in", async () => {
    stubFetch({
      "POST /api/auth/token/login-token": [
        200,
        { accessToken: makeToken({ exp: inOneHour() }), user: makeSelfUser(), tokenEvent: "login-link" },
      ],
      "GET /api/users/self/permissions": [200, permissions],
    });
    const { router } = renderScreen(TokenLoginPage, "/token-login?token=login-1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(getAppNotice()?.text).toBe("You are signed in. Welcome back, Ada!");
  });
});
