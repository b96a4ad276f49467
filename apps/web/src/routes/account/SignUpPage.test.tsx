import { SIGN_UP_MESSAGES } from "@market/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getAppNotice } from "../../components/Toast.tsx";
import { getFooterFlags, resetFooterFlags } from "../../state/footer-flags.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import SignUpPage from "./SignUpPage.tsx";

afterEach(() => vi.unstubAllGlobals());

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const valid = {
  "E-mail address": "ada@school.org",
  "First name": "Ada",
  "Last name": "Lovelace",
  Username: "ada_l",
  Password: "secret123",
};

describe("SignUpPage", () => {
  it("shows the password rule before it is broken, and the broken rule as the user types", async () => {
    stubFetch({});
    renderScreen(SignUpPage, "/sign-up");
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    expect(screen.getByText("8 to 24 characters, at least one number.")).toBeTruthy();
    fill({ Password: "abcdefgh" });
    expect(await screen.findByText(SIGN_UP_MESSAGES.password_needs_number)).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows a name problem on the name that needs fixing", async () => {
    stubFetch({});
    renderScreen(SignUpPage, "/sign-up");
    fill({ "First name": "Ada", "Last name": "lovelace" });
    expect(await screen.findByText(SIGN_UP_MESSAGES.name_last_uppercase)).toBeTruthy();
    expect(screen.getByLabelText("Last name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("First name").getAttribute("aria-invalid")).toBeNull();
    fill({ "First name": "Dr" });
    expect(await screen.findByText(SIGN_UP_MESSAGES.name_honorific)).toBeTruthy();
    expect(screen.getByLabelText("First name").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows 'An account with this e-mail address already exists' with a link to log in on 409", async () => {
    const { calls } = stubFetch({
      "GET /api/auth/username-validation": [404, { error: "not_found", message: "Unknown" }],
      "POST /api/auth/sign-up": [
        409,
        { error: "account_exists", message: "An account exists", fields: { email: "account_exists" } },
      ],
    });
    renderScreen(SignUpPage, "/sign-up");
    fill(valid);
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    const alert = await screen.findByText(/An account with this e-mail address already exists/);
    expect(alert).toBeTruthy();
    expect(screen.getByRole("link", { name: "Log in instead" }).getAttribute("href")).toBe("/login");
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      email: "ada@school.org",
      username: "ada_l",
    });
  });

  it("puts server field errors on their fields and says when a username is taken", async () => {
    stubFetch({
      "GET /api/auth/username-validation": [200, {}],
      "POST /api/auth/sign-up": [
        400,
        { error: "validation_failed", message: "x", fields: { firstName: "name_honorific" } },
      ],
    });
    renderScreen(SignUpPage, "/sign-up");
    fill(valid);
    expect(await screen.findByText(SIGN_UP_MESSAGES.username_taken, {}, { timeout: 2000 })).toBeTruthy();
    fill({ Username: "ada_free" });
    stubFetch({
      "GET /api/auth/username-validation": [404, {}],
      "POST /api/auth/sign-up": [
        400,
        { error: "validation_failed", message: "x", fields: { firstName: "name_honorific" } },
      ],
    });
    expect(await screen.findByText("This username is available.", {}, { timeout: 2000 })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText(SIGN_UP_MESSAGES.name_honorific)).toBeTruthy();
  });

  it("stores the session and goes to /sign-up/success", async () => {
    stubFetch({
      "GET /api/auth/username-validation": [404, {}],
      "POST /api/auth/sign-up": [
        200,
        { accessToken: makeToken({ exp: inOneHour() }), user: makeSelfUser(), tokenEvent: "sign-up" },
      ],
    });
    const { router } = renderScreen(SignUpPage, "/sign-up");
    fill(valid);
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/sign-up/success"));
    expect(localStorage.getItem("access_token")).toBeTruthy();
  });

  it("welcomes the new account as new, in a toast and in the footer (issue 18)", async () => {
    resetFooterFlags();
    stubFetch({
      "GET /api/auth/username-validation": [404, {}],
      "POST /api/auth/sign-up": [
        200,
        { accessToken: makeToken({ exp: inOneHour() }), user: makeSelfUser(), tokenEvent: "sign-up" },
      ],
    });
    const { router } = renderScreen(SignUpPage, "/sign-up");
    fill(valid);
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/sign-up/success"));
    expect(getAppNotice()?.text).toBe("Welcome to Lesson Loft, Ada! Your account is ready.");
    expect(getFooterFlags().justSignedUp).toBe(true);
    resetFooterFlags();
  });
});
