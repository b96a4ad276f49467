import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import SettingsPage from "./SettingsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

function signIn(overrides = {}) {
  const user = makeSelfUser(overrides);
  storeSession(makeToken({ exp: inOneHour() }), user);
  return user;
}

describe("SettingsPage", () => {
  it("saves a name and announces it", async () => {
    const user = signIn();
    const { calls } = stubFetch({
      "GET /api/users/self": [200, user],
      "GET /api/images/system-avatars": [200, { systemAvatars: [] }],
      "PATCH /api/users/self": (call) => [
        200,
        { ...user, first_name: (call.body as { firstName: string }).firstName },
      ],
    });
    renderScreen(SettingsPage, "/profile/@ada/settings", "/profile/:handle/settings");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const section = screen.getByRole("region", { name: "Name" });
    fireEvent.change(within(section).getByLabelText("First name"), { target: { value: "Augusta" } });
    fireEvent.click(within(section).getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Changes saved")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      firstName: "Augusta",
      lastName: "Lovelace",
    });
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").first_name).toBe("Augusta");
  });

  it("says 'Could not save changes' when a save fails", async () => {
    const user = signIn();
    stubFetch({
      "GET /api/users/self": [200, user],
      "GET /api/images/system-avatars": [200, { systemAvatars: [] }],
      "PATCH /api/users/self": [500, { error: "internal", message: "x" }],
    });
    renderScreen(SettingsPage, "/profile/@ada/settings", "/profile/:handle/settings");
    const section = screen.getByRole("region", { name: "Name" });
    fireEvent.change(within(section).getByLabelText("Last name"), { target: { value: "Byron" } });
    fireEvent.click(within(section).getByRole("button", { name: "Save name" }));
    expect(await within(section).findByText("Could not save changes")).toBeTruthy();
  });

  it("asks to verify the e-mail and notes an old password", async () => {
    const user = signIn({ email_verified: false, password_expired: true });
    const { calls } = stubFetch({
      "GET /api/users/self": [200, user],
      "GET /api/images/system-avatars": [200, { systemAvatars: [{ id: 1, locator: "avatars/1.png" }] }],
      "POST /api/auth/verification-email": [200, { sent: true }],
    });
    renderScreen(SettingsPage, "/profile/@ada/settings", "/profile/:handle/settings");
    expect(screen.getByText("Please verify your e-mail")).toBeTruthy();
    expect(screen.getByText("Your password is more than a year old")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Resend verification e-mail" }));
    expect(await screen.findByText("Verification e-mail sent")).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith("/auth/verification-email"))).toBe(true);
    expect(await screen.findByRole("radio", { name: "Avatar 1" })).toBeTruthy();
  });

  it("signs out everywhere through the server, then leaves through /logout", async () => {
    const user = signIn();
    const { calls } = stubFetch({
      "GET /api/users/self": [200, user],
      "GET /api/images/system-avatars": [200, { systemAvatars: [] }],
      "POST /api/auth/logout-all": [200, { sessionsEnded: 3 }],
    });
    const { router } = renderScreen(SettingsPage, "/profile/@ada/settings", "/profile/:handle/settings");
    const section = screen.getByRole("region", { name: "Signed-in devices" });
    fireEvent.click(within(section).getByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText("Elsewhere")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/logout");
    expect(calls.filter((c) => c.url.endsWith("/auth/logout-all"))).toHaveLength(1);
  });

  it("lets an account without a password (made by admin:create) set one without a current one", async () => {
    const user = signIn({ has_password: false });
    const { calls } = stubFetch({
      "GET /api/users/self": [200, user],
      "GET /api/images/system-avatars": [200, { systemAvatars: [] }],
      "PUT /api/users/self/password": [200, { ...user, has_password: true }],
    });
    renderScreen(SettingsPage, "/profile/@ada/settings", "/profile/:handle/settings");
    const section = screen.getByRole("region", { name: "Password" });
    expect(within(section).queryByLabelText("Current password")).toBeNull();
    fireEvent.change(within(section).getByLabelText("New password"), { target: { value: "first-pass9" } });
    fireEvent.click(within(section).getByRole("button", { name: "Set password" }));
    expect(await screen.findByText("Password set. You can now log in with it.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ newPassword: "first-pass9" });
  });

  it("says a refused current password on its field, and sends a pattern change once", async () => {
    const user = signIn();
    const { calls } = stubFetch({
      "GET /api/users/self": [200, user],
      "GET /api/images/system-avatars": [200, { systemAvatars: [] }],
      "PUT /api/users/self/password": [403, { error: "invalid_credentials", message: "Invalid credentials" }],
      "PUT /api/users/self/security-pattern": [200, { ...user, has_security_pattern: true }],
    });
    renderScreen(SettingsPage, "/profile/@ada/settings", "/profile/:handle/settings");
    const password = screen.getByRole("region", { name: "Password" });
    const save = within(password).getByRole("button", { name: "Change password" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(password).getByLabelText("Current password"), { target: { value: "old-pass9" } });
    fireEvent.change(within(password).getByLabelText("New password"), { target: { value: "new-pass99" } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await within(password).findByText("That password is not right.")).toBeTruthy();
    expect(within(password).getByLabelText("Current password").getAttribute("aria-invalid")).toBe("true");

    const pattern = screen.getByRole("region", { name: "Security pattern" });
    for (const n of [1, 2, 3, 4])
      fireEvent.click(within(pattern).getByRole("button", { name: `Pattern image ${n}` }));
    fireEvent.change(within(pattern).getByLabelText("Password to confirm the pattern change"), {
      target: { value: "old-pass9" },
    });
    const savePattern = within(pattern).getByRole("button", { name: "Save pattern" });
    await waitFor(() => expect((savePattern as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(savePattern);
    fireEvent.click(savePattern);
    expect(await screen.findByText("Changes saved")).toBeTruthy();
    const sent = calls.filter((c) => c.url.endsWith("/security-pattern"));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ password: "old-pass9", pattern: [0, 1, 2, 3] });
  });

  it("shows a broken name rule under both names, and a username taken since on its field", async () => {
    const user = signIn();
    stubFetch({
      "GET /api/users/self": [200, user],
      "GET /api/images/system-avatars": [200, { systemAvatars: [] }],
      "GET /api/auth/username-validation": [404, { error: "not_found", message: "x" }],
      "PATCH /api/users/self": [409, { error: "username_taken", message: "Taken" }],
    });
    renderScreen(SettingsPage, "/profile/@ada/settings", "/profile/:handle/settings");
    const name = screen.getByRole("region", { name: "Name" });
    fireEvent.change(within(name).getByLabelText("Last name"), { target: { value: "" } });
    await waitFor(() =>
      expect((within(name).getByRole("button", { name: "Save name" }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect(await within(name).findByText("Enter your last name.")).toBeTruthy();

    const section = screen.getByRole("region", { name: "Username" });
    fireEvent.change(within(section).getByLabelText("Username"), { target: { value: "ada_new" } });
    const save = within(section).getByRole("button", { name: "Save username" }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false), { timeout: 2000 });
    fireEvent.click(save);
    expect(await within(section).findByText("This username is taken. Try another.")).toBeTruthy();
  });
});
