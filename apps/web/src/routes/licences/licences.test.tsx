import type { BoughtLicence, HeldLicence, LicencesSelf } from "@market/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeDetail, makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import LicencesPage from "./LicencesPage.tsx";

const PURCHASE_ID = "5d0c2a8e-4c1f-4c55-9a40-3b8f7f1a2b3c";
const SELF = "GET /api/licences/self";
const ASSIGN = `POST /api/licences/${PURCHASE_ID}/seats`;
const robin = { id: "u7", username: "robin", first_name: "Robin", avatar_locator: null };

const BOUGHT: BoughtLicence = {
  purchaseId: PURCHASE_ID,
  resource: {
    id: "r1",
    name: "fractions-bingo",
    title: "Fractions Bingo",
    isBundle: false,
    cover_locator: null,
  },
  purchasedAt: "2026-11-20T15:00:00.000Z",
  seats: 4,
  seatsUsed: 3,
  seatsFree: 1,
  seatPriceCents: 250,
  colleagues: [
    {
      id: "seat-1",
      holder: robin,
      invitedEmail: null,
      assignedAt: "2026-11-21T09:00:00.000Z",
      movableFrom: null,
    },
    {
      id: "seat-2",
      holder: null,
      invitedEmail: "sam@school.test",
      assignedAt: "2026-11-21T09:05:00.000Z",
      movableFrom: null,
    },
  ],
  nextMoveAt: null,
};

const HELD: HeldLicence = {
  seatId: "seat-9",
  resource: { id: "r2", name: "owl-unit", title: "Owl Unit", isBundle: false, cover_locator: null },
  licensedBy: { id: "u8", username: "dana", first_name: "Dana", avatar_locator: null },
  since: "2026-11-22T10:00:00.000Z",
};

const self = (overrides: Partial<LicencesSelf> = {}): LicencesSelf => ({
  bought: [BOUGHT],
  held: [],
  ...overrides,
});

const open = () => renderScreen(LicencesPage, "/profile/licences");

beforeEach(() => {
  storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("/profile/licences", () => {
  it("says what to do when there is nothing bought for colleagues and nothing held", async () => {
    stubFetch({ [SELF]: [200, self({ bought: [] })] });
    open();
    expect(await screen.findByText("You have not bought anything for colleagues yet")).toBeTruthy();
    expect(screen.getByText(/At checkout, choose more than one seat/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse resources" }).getAttribute("href")).toBe("/");
    expect(screen.getByText("No colleague has given you a seat yet")).toBeTruthy();
  });

  it("counts the seats with the buyer's own, and lists the colleagues and the invitations", async () => {
    stubFetch({ [SELF]: [200, self()] });
    open();
    const card = within(await screen.findByRole("article", { name: "Fractions Bingo" }));
    expect(card.getByText("3 of 4 seats used · 1 free")).toBeTruthy();
    expect(card.getByText("One seat is yours: it came with the purchase, and you keep it.")).toBeTruthy();
    expect(card.getByRole("link", { name: "Robin (@robin)" }).getAttribute("href")).toBe("/profile/@robin");
    expect(card.getByText("Invitation sent to sam@school.test")).toBeTruthy();
    expect(card.getByRole("button", { name: "Remove Robin's seat" })).toBeTruthy();
    expect(card.getByRole("button", { name: "Withdraw the invitation to sam@school.test" })).toBeTruthy();
    expect(card.getByText(/once every 30 days/)).toBeTruthy();
  });

  it("gives a free seat by username, says so, and shows the seats again", async () => {
    let asked = 0;
    const { calls } = stubFetch({
      [SELF]: () => {
        asked += 1;
        return [200, self()];
      },
      [ASSIGN]: [
        201,
        {
          id: "seat-3",
          holder: { ...robin, username: "kim", first_name: "Kim" },
          invitedEmail: null,
          assignedAt: "2026-11-23T09:00:00.000Z",
          movableFrom: null,
        },
      ],
    });
    open();
    fireEvent.change(await screen.findByLabelText("Username or e-mail address"), {
      target: { value: " kim " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Give seat" }));
    expect(await screen.findByText("Kim (@kim) has a seat now.")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ assignee: "kim" });
    expect((screen.getByLabelText("Username or e-mail address") as HTMLInputElement).value).toBe("");
    await waitFor(() => expect(asked).toBe(2));
  });

  it("invites an e-mail address that has no account", async () => {
    stubFetch({
      [SELF]: [200, self()],
      [ASSIGN]: [
        201,
        {
          id: "seat-3",
          holder: null,
          invitedEmail: "new@school.test",
          assignedAt: "2026-11-23T09:00:00.000Z",
          movableFrom: null,
        },
      ],
    });
    open();
    fireEvent.change(await screen.findByLabelText("Username or e-mail address"), {
      target: { value: "New@School.test" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Give seat" }));
    expect(await screen.findByText("Invitation sent to new@school.test.")).toBeTruthy();
  });

  it.each([
    ["no_free_seats", 409, "All seats are given. Remove a colleague to free a seat first."],
    [
      "user_not_found",
      404,
      "No teacher has the username “kim”. Check the spelling, or type their e-mail address to invite them.",
    ],
    ["already_holds_seat", 409, "“kim” already has a seat of this purchase."],
    ["cannot_assign_self", 409, "That is you: your own seat came with the purchase."],
    ["cannot_assign_creator", 409, "That is the resource's creator: they have it already."],
    ["invalid_email", 400, "This e-mail address does not look right. Check it and try again."],
    ["already_refunded", 409, "This purchase was refunded, so its seats cannot be given."],
    ["not_found", 404, "We could not find this purchase any more. Reload the page."],
    ["internal_error", 500, "We could not give the seat. Check your connection and try again."],
  ])("says why a seat cannot be given (%s) in words", async (error, status, words) => {
    stubFetch({ [SELF]: [200, self()], [ASSIGN]: [status, { error, message: "refused" }] });
    open();
    const box = await screen.findByLabelText("Username or e-mail address");
    fireEvent.change(box, { target: { value: "kim" } });
    fireEvent.click(screen.getByRole("button", { name: "Give seat" }));
    expect(await screen.findByText(words)).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("refused")).toBeNull();
  });

  it("says when a moved seat can move again", async () => {
    stubFetch({
      [SELF]: [200, self({ bought: [{ ...BOUGHT, nextMoveAt: "2026-12-21T09:00:00.000Z" }] })],
      [ASSIGN]: [409, { error: "seat_move_too_soon", message: "Not before 2026-12-21" }],
    });
    open();
    expect(await screen.findByText(/The seat you freed can be given again on Dec 21, 2026\./)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Username or e-mail address"), { target: { value: "kim" } });
    fireEvent.click(screen.getByRole("button", { name: "Give seat" }));
    expect(
      await screen.findByText(
        "The free seat moved from one colleague to another recently. You can give it again on Dec 21, 2026.",
      ),
    ).toBeTruthy();
  });

  it("when every seat is given, says how to free one instead of asking for a name", async () => {
    stubFetch({ [SELF]: [200, self({ bought: [{ ...BOUGHT, seatsUsed: 4, seatsFree: 0 }] })] });
    open();
    expect(await screen.findByText("All 4 seats used")).toBeTruthy();
    expect(
      screen.getByText("All seats are given. Remove a colleague to free a seat for someone else."),
    ).toBeTruthy();
    expect(screen.queryByLabelText("Username or e-mail address")).toBeNull();
  });

  it("removes a colleague's seat after asking once", async () => {
    const { calls } = stubFetch({
      [SELF]: [200, self()],
      "DELETE /api/licences/seats/seat-1": [200, { freed: true }],
    });
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Remove Robin's seat" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Remove Robin's seat?" }));
    expect(dialog.getByText(/Robin can no longer download “Fractions Bingo”\./)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Remove the seat" }));
    expect(await screen.findByText("Robin's seat is free again.")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE" && c.url.endsWith("/licences/seats/seat-1"))).toBe(true);
  });

  it("withdraws an invitation, and keeps the seat when the buyer changes their mind", async () => {
    const { calls } = stubFetch({
      [SELF]: [200, self()],
      "DELETE /api/licences/seats/seat-2": [200, { freed: true }],
    });
    open();
    fireEvent.click(
      await screen.findByRole("button", { name: "Withdraw the invitation to sam@school.test" }),
    );
    let dialog = within(await screen.findByRole("dialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Withdraw the invitation to sam@school.test" }));
    dialog = within(
      await screen.findByRole("dialog", { name: "Withdraw the invitation to sam@school.test?" }),
    );
    fireEvent.click(dialog.getByRole("button", { name: "Withdraw the invitation" }));
    expect(await screen.findByText("The invitation to sam@school.test was withdrawn.")).toBeTruthy();
  });

  it("lists what colleagues licensed to the viewer, with who gave it and its download", async () => {
    const owl = makeDetail({
      id: "r2",
      name: "owl-unit",
      title: "Owl Unit",
      price: 400,
      isOwned: true,
      resources_files_models: [
        { id: "f1", name: "owl-sample.pdf", size_bytes: 1000, is_premium_file: false },
        { id: "f2", name: "owl-full.pdf", size_bytes: 2000, is_premium_file: true },
      ],
    });
    stubFetch({ [SELF]: [200, self({ bought: [], held: [HELD] })], "GET /api/resources/r2": [200, owl] });
    open();
    expect(await screen.findByText("Licensed to you by Dana (@dana) since Nov 22, 2026")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Owl Unit" }).getAttribute("href")).toBe("/resources/owl-unit");
    expect(await screen.findByRole("button", { name: "Download Owl Unit" })).toBeTruthy();
  });

  it("says so when the licences cannot be loaded, with a way to try again", async () => {
    stubFetch({ [SELF]: [500, { error: "internal_error", message: "boom" }] });
    open();
    // A 5xx gets one more try before the page says so.
    expect((await screen.findByRole("alert", {}, { timeout: 4000 })).textContent).toContain(
      "We could not load your licences. Check your connection and try again.",
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
