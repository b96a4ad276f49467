import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import LibraryPage from "./LibraryPage.tsx";

beforeEach(() => storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser()));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const YEARS = {
  years: [
    { year: 2026, lines: 5, paidCents: 2650, refundedCents: 450 },
    { year: 2025, lines: 0, paidCents: 0, refundedCents: 0 },
  ],
};

describe("Statements on My resources", () => {
  it("offers each year's statement as CSV and PDF, saved under the name the server gives", async () => {
    const { calls } = stubFetch({
      "GET /api/users/self/library": [200, { items: [], total: 0, page: 1, pageSize: 20 }],
      "GET /api/activity/statements": [200, YEARS],
      "GET /api/activity/statements/2025.pdf": [200, "%PDF-"],
    });
    renderScreen(LibraryPage, "/profile/purchases");
    const section = within((await screen.findByRole("heading", { name: "Statements" })).parentElement!);
    expect(await section.findByText("5 payments and refunds, $26.50 paid, $4.50 refunded")).toBeTruthy();
    fireEvent.change(section.getByLabelText("Year"), { target: { value: "2025" } });
    expect(section.getByText("Nothing paid in 2025 yet. The statement will be empty.")).toBeTruthy();

    // The document comes with the session's token, and is handed to the browser as a download.
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }));
    fireEvent.click(section.getByRole("button", { name: "Download PDF of the 2025 statement" }));
    await waitFor(() => expect(clicked).toEqual(["lesson-loft-statement-2025.pdf"]));
    const asked = calls.find((c) => c.url === "/api/activity/statements/2025.pdf");
    expect(asked?.headers.Authorization).toMatch(/^Bearer /);
    expect(
      section.getByRole("button", { name: "Download CSV of the 2025 statement (for spreadsheets)" }),
    ).toBeTruthy();
  });

  it("says when the statements could not be loaded, with a way to try again", async () => {
    stubFetch({
      "GET /api/users/self/library": [200, { items: [], total: 0, page: 1, pageSize: 20 }],
      "GET /api/activity/statements": [500, { error: "internal", message: "Boom" }],
    });
    renderScreen(LibraryPage, "/profile/purchases");
    expect(await screen.findByText("We could not load your statements.", {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
