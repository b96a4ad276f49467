import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getAppNotice } from "../../components/Toast.tsx";
import { clearSession, getSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import LoginPage from "./LoginPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  localStorage.clear();
});

const allFlags = {
  controls: true,
  payments: true,
  messages: true,
  upload: true,
  editing: true,
  advertise: true,
};
const permissions = [200, { permissions: allFlags, isAdmin: false, isDeactivated: false }] as [
  number,
  unknown,
];

function logIn(username = "ada", password = "secret123") {
  fireEvent.change(screen.getByLabelText("Username or e-mail"), { target: { value: username } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Log in" }));
}

const success = () =>
  [200, { accessToken: makeToken({ exp: inOneHour() }), user: makeSelfUser(), tokenEvent: "login" }] as [
    number,
    unknown,
  ];

describe("LoginPage", () => {
  it("shows 'Invalid credentials' on 403", async () => {
    stubFetch({
      "POST /api/auth/token": [403, { error: "invalid_credentials", message: "Invalid credentials" }],
    });
    renderScreen(LoginPage, "/login");
    logIn();
    expect(await screen.findByText("Invalid credentials")).toBeTruthy();
  });

  it("asks for what is missing in its own words and sends nothing", async () => {
    const { calls } = stubFetch({});
    renderScreen(LoginPage, "/login");
    fireEvent.change(screen.getByLabelText("Username or e-mail"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Enter your username or e-mail address.")).toBeTruthy();
    expect(screen.getByText("Enter your password.")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("shows the pattern challenge on requires_pattern and logs in with the pattern", async () => {
    const { calls } = stubFetch({
      "POST /api/auth/token": (call) =>
        (call.body as { pattern?: number[] }).pattern
          ? success()
          : [401, { error: "unauthorized", message: "Pattern needed", reason: "requires_pattern" }],
      "GET /api/users/self/permissions": permissions,
    });
    const { router } = renderScreen(LoginPage, "/login");
    logIn();
    expect(await screen.findByRole("heading", { name: "Enter your security pattern" })).toBeTruthy();
    for (const n of [1, 2, 3, 4]) fireEvent.click(screen.getByRole("button", { name: `Pattern image ${n}` }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole("button", { name: "Submit pattern" }));
    expect(await screen.findByText("Pattern accepted. Signing you in…")).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ username: "ada", password: "secret123", pattern: [0, 1, 2, 3] });
    await vi.advanceTimersByTimeAsync(3500);
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("e-mails a login link and says the same to everyone", async () => {
    const { calls } = stubFetch({ "POST /api/auth/token/email-login-link": [200, { sent: true }] });
    renderScreen(LoginPage, "/login");
    fireEvent.click(screen.getByRole("button", { name: "E-mail me a login link" }));
    expect(await screen.findByText("Enter your username or e-mail address first.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Username or e-mail"), { target: { value: "nobody@x.org" } });
    fireEvent.click(screen.getByRole("button", { name: "E-mail me a login link" }));
    expect(await screen.findByText("If an account exists, a link is on its way")).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("/email-login-link"))?.body).toEqual({
      username: "nobody@x.org",
      event: "login",
    });
  });

  it("posts a buffered ref code after login and follows the remembered path", async () => {
    localStorage.setItem("buffered_ref_code", "AB12CD34");
    localStorage.setItem("redirect_path", "/favorites");
    const { calls } = stubFetch({
      "POST /api/auth/token": success(),
      "POST /api/auth/refCode": [200, { applied: true }],
      "GET /api/users/self/permissions": permissions,
    });
    const { router } = renderScreen(LoginPage, "/login?next=favorites");
    logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/favorites"));
    expect(calls.find((c) => c.url.endsWith("/auth/refCode"))?.body).toEqual({ refCode: "AB12CD34" });
    expect(localStorage.getItem("buffered_ref_code")).toBeNull();
  });

  it("sends a teacher whose remembered page is for admins home with a notice, not back to the form", async () => {
    localStorage.setItem("redirect_path", "/admin/users");
    stubFetch({ "POST /api/auth/token": success(), "GET /api/users/self/permissions": permissions });
    const { router } = renderScreen(LoginPage, "/login");
    logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(getAppNotice()?.text).toBe("You are signed in, but that page is not open to your account.");
    expect(localStorage.getItem("redirect_path")).toBeNull();
  });

  it("sends a user without the advertise permission home with a notice rather than to /advertising", async () => {
    localStorage.setItem("redirect_path", "/advertising/create");
    stubFetch({
      "POST /api/auth/token": success(),
      "GET /api/users/self/permissions": [
        200,
        { permissions: { ...allFlags, advertise: false }, isAdmin: false, isDeactivated: false },
      ],
    });
    const { router } = renderScreen(LoginPage, "/login?next=advertising");
    logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(getAppNotice()?.text).toContain("that page is not open to your account");
  });

  it("says the user is signed in, by name, in a toast", async () => {
    localStorage.setItem("redirect_path", "/favorites");
    stubFetch({ "POST /api/auth/token": success(), "GET /api/users/self/permissions": permissions });
    const { router } = renderScreen(LoginPage, "/login");
    logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/favorites"));
    expect(getAppNotice()?.text).toBe("You are signed in. Welcome back, Ada!");
  });

  it("clears the session again when the permissions cannot be read, even for want of a network (spec 8)", async () => {
    stubFetch({
      "POST /api/auth/token": success(),
      "GET /api/users/self/permissions": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const { router } = renderScreen(LoginPage, "/login");
    logIn();
    // A network failure is tried once more (query-client.ts) before it counts.
    await waitFor(() => expect(getAppNotice()?.tone).toBe("error"), { timeout: 4000 });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem("access_token")).toBeNull();
    expect(router.state.location.pathname).toBe("/login");
  });
});
