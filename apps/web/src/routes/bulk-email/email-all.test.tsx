import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import EmailAllPage from "./EmailAllPage.tsx";

const IDLE = {
  bulkSend: null,
  progress: {
    emailsSent: 0,
    totalUsers: 0,
    totalActiveUsers: 0,
    totalUsersRemaining: 0,
    unconfirmed: 0,
    failed: 0,
    percent: 0,
  },
  audience: { totalUsers: 40, totalActiveUsers: 37 },
};

beforeEach(() =>
  storeSession(
    makeToken({ sub: "admin-1", exp: inOneHour(), scopes: ["user", "admin"] }),
    makeSelfUser({ id: "admin-1", username: "boss", role: "admin" }),
  ),
);
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("e-mail all users", () => {
  it("asks in the product's own dialog before sending, and sends only when the admin says so", async () => {
    const confirm = vi.spyOn(window, "confirm");
    const { calls } = stubFetch({
      "GET /api/users/bulk-email": [200, IDLE],
      "POST /api/users/bulk-email": [200, IDLE],
    });
    renderScreen(EmailAllPage, "/admin/email-all");
    fireEvent.change(await screen.findByLabelText("Subject"), { target: { value: "Spring news" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "New resources are up." } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    fireEvent.click(await screen.findByRole("button", { name: "Send to 37 users" }));

    const dialog = await screen.findByRole("dialog", { name: "Send this e-mail to everyone?" });
    expect(within(dialog).getByText(/“Spring news” goes to 37 users now/)).toBeTruthy();
    // "Not yet" closes it and sends nothing.
    fireEvent.click(within(dialog).getByRole("button", { name: "Not yet" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Send to 37 users" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Send it now" }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      subject: "Spring news",
      body: "New resources are up.",
    });
    expect(confirm).not.toHaveBeenCalled();
  });

  it("says a missing or too long field beside it in the site's words, and a field the server refused too", async () => {
    const { calls } = stubFetch({
      "GET /api/users/bulk-email": [200, IDLE],
      "POST /api/users/bulk-email": [
        400,
        { error: "validation_failed", message: "Some fields are not valid", fields: { body: "too_big" } },
      ],
    });
    renderScreen(EmailAllPage, "/admin/email-all");
    fireEvent.change(await screen.findByLabelText("Subject"), { target: { value: "s".repeat(151) } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText("Too long: 151 of 150 characters")).toBeTruthy();
    expect(screen.getByText("Required")).toBeTruthy();
    expect(screen.getByLabelText("Message").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("heading", { name: "Preview of the e-mail" })).toBeNull();

    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Spring news" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "New resources are up." } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    fireEvent.click(await screen.findByRole("button", { name: "Send to 37 users" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Send it now" }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    // Back at the boxes, the refusal stands beside the message it is about.
    expect(await screen.findByText("Too long: 21 of 20000 characters")).toBeTruthy();
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("New resources are up.");
  });
});
