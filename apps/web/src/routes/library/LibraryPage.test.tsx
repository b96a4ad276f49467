import type { LibraryItem, LibraryResponse } from "@market/domain";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import LibraryPage from "./LibraryPage.tsx";

const creator = { id: "c1", username: "grace", first_name: "Grace", avatar_locator: null };
const item = (id: string, overrides: Partial<LibraryItem>): LibraryItem => ({
  resource: {
    id,
    name: `resource-${id}`,
    title: `Resource ${id}`,
    cover_locator: `previews/${id}.png`,
    creator,
    available: true,
    isBundle: false,
  },
  source: "purchase",
  acquiredAt: "2026-11-20T15:00:00.000Z",
  saleId: null,
  amount: null,
  giftFrom: null,
  inBundle: null,
  file: { id: `f-${id}`, name: `${id}.pdf`, size_bytes: 100 },
  ...overrides,
});
const page = (items: LibraryItem[], total = items.length, number = 1): LibraryResponse => ({
  items,
  total,
  page: number,
  pageSize: 20,
});

beforeEach(() => {
  storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("My resources (/profile/purchases)", () => {
  it("counts a purchase's seats for colleagues, and names who licensed a held one (issue 23)", async () => {
    stubFetch({
      "GET /api/users/self/library": [
        200,
        page([
          item("a", { saleId: "s1", amount: 1000, seats: 3 }),
          item("b", {
            licensedBy: { id: "u8", username: "dana", first_name: "Dana", avatar_locator: null },
          }),
        ]),
      ],
      "GET /api/activity/statements": [200, { years: [] }],
    });
    renderScreen(LibraryPage, "/profile/purchases");
    expect(await screen.findByText("Bought on Nov 20, 2026 for $10.00 · 3 seats")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Give your colleagues their seats" }).getAttribute("href")).toBe(
      "/profile/licences",
    );
    expect(screen.getByText("Licensed to you by Dana on Nov 20, 2026")).toBeTruthy();
  });

  it("lists what the teacher owns with how they got it, a Download for each and a receipt for purchases", async () => {
    stubFetch({
      "GET /api/users/self/library": [
        200,
        page([
          item("a", { source: "free", acquiredAt: "2026-11-22T10:00:00.000Z" }),
          item("b", { source: "gift", giftFrom: { username: "gus", first_name: "Gus" } }),
          item("c", {
            source: "purchase",
            saleId: "s1",
            amount: 450,
            acquiredAt: "2026-11-18T10:00:00.000Z",
          }),
          item("d", {
            source: "purchase",
            saleId: "s2",
            amount: 300,
            file: null,
            resource: { ...item("d", {}).resource, available: false },
          }),
        ]),
      ],
    });
    renderScreen(LibraryPage, "/profile/purchases");
    expect(await screen.findByRole("heading", { level: 1, name: "My resources" })).toBeTruthy();
    await screen.findByRole("link", { name: "Resource a" });
    const rows = screen.getAllByRole("listitem");
    expect(rows).toHaveLength(4);
    const [free, gift, bought, gone] = rows.map((row) => within(row));
    expect(free!.getByRole("link", { name: "Resource a" }).getAttribute("href")).toBe(
      "/resources/resource-a",
    );
    expect(free!.getByText("by Grace")).toBeTruthy();
    expect(free!.getByText("Free download · Nov 22, 2026")).toBeTruthy();
    expect(free!.getByRole("img", { name: "Resource a" }).getAttribute("src")).toBe(
      "/api/files/previews/a.png?w=320",
    );
    expect(free!.getByRole("button", { name: "Download Resource a" })).toBeTruthy();
    expect(free!.queryByRole("button", { name: /receipt/ })).toBeNull();
    expect(gift!.getByText(/Gift from Gus · Nov 20, 2026/)).toBeTruthy();
    expect(bought!.getByText("Bought on Nov 18, 2026 for $4.50")).toBeTruthy();
    expect(
      bought!.getByRole("button", { name: "View receipt for Resource c (opens in a new tab)" }),
    ).toBeTruthy();
    expect(gone!.getByText("No longer available")).toBeTruthy();
    expect(gone!.queryByRole("button", { name: /^Download Resource/ })).toBeNull();
    expect(screen.getByText(/4 resources\.$/)).toBeTruthy();
  });

  it("pages through a long library", async () => {
    const { calls } = stubFetch({
      "GET /api/users/self/library": [200, page([item("u", {})], 21, 2)],
    });
    renderScreen(LibraryPage, "/profile/purchases?page=2");
    expect(await screen.findByRole("link", { name: "Resource u" })).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith("/api/users/self/"))?.url).toBe(
      "/api/users/self/library?page=2",
    );
    const pages = screen.getByRole("navigation");
    expect(within(pages).getByRole("link", { current: "page" }).textContent).toBe("2");
    expect(within(pages).getByRole("link", { name: /Previous/ })).toBeTruthy();
  });

  it("says what to do when there is nothing yet", async () => {
    stubFetch({ "GET /api/users/self/library": [200, page([])] });
    renderScreen(LibraryPage, "/profile/purchases");
    expect(await screen.findByText("Nothing here yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse resources" }).getAttribute("href")).toBe("/");
  });

  it("says when the library could not be loaded, with a way to try again", async () => {
    stubFetch({
      "GET /api/users/self/library": [500, { error: "internal", message: "Boom" }],
      "GET /api/activity/statements": [200, { years: [] }],
    });
    renderScreen(LibraryPage, "/profile/purchases");
    expect((await screen.findByRole("alert", {}, { timeout: 4000 })).textContent).toContain(
      "We could not load your resources.",
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
