import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeCard, makeCards, makeSelfUser } from "../../test/factories.ts";
import { renderScreen, type StubbedCall, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import HomePage from "./HomePage.tsx";

const list = (call: StubbedCall): [number, unknown] => {
  const params = new URL(call.url, "http://x").searchParams;
  const size = Number(params.get("pageSize"));
  return [200, { resources: makeCards(size), page: 1, pageSize: size, total: 30, totalIsCapped: false }];
};

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("the home page", () => {
  it("leads with the promise and a search, then ways in, shelves and the whole grid under one h1", async () => {
    const { calls } = stubFetch({ "GET /api/resources": list });
    const { router } = renderScreen(HomePage, "/", "/");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      "Classroom-ready resources, made by teachers",
    );
    const bySubject = screen.getByRole("region", { name: "Browse by subject" });
    expect(within(bySubject).getByRole("link", { name: "Science" }).getAttribute("href")).toBe(
      "/?subject=Science",
    );
    const byGrade = screen.getByRole("region", { name: "Browse by grade" });
    expect(within(byGrade).getByRole("link", { name: "Grade 3" }).getAttribute("href")).toBe("/?grade=3");
    expect(await screen.findByRole("region", { name: "Featured" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See all: Featured" }).getAttribute("href")).toBe("/featured");
    // Below the first screen, the grid follows the first paint.
    expect(await screen.findByRole("heading", { level: 2, name: "All resources" })).toBeTruthy();
    // The shelves ask as they mount; on a busy machine the last may ask after the grid's heading shows.
    await waitFor(() => {
      const asked = calls.map((c) => Object.fromEntries(new URL(c.url, "http://x").searchParams));
      expect(asked).toContainEqual(expect.objectContaining({ featured: "true", pageSize: "4" }));
      expect(asked).toContainEqual(expect.objectContaining({ sort: "downloads", pageSize: "12" }));
    });

    fireEvent.change(screen.getByRole("searchbox", { name: "Search: fractions, phonics, lab safety…" }), {
      target: { value: " volcano  " },
    });
    fireEvent.submit(
      screen.getByRole("searchbox", { name: "Search: fractions, phonics, lab safety…" }).closest("form")!,
    );
    expect(router.state.location.search).toBe("?q=volcano");
    // Searching shows the results alone, under their own h1.
    expect(await screen.findByRole("heading", { level: 1, name: "Teaching resources" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Browse by subject" })).toBeNull();
  });

  it("marks the hearts of the signed-in teacher's favorites on the shared grid answers", async () => {
    storeSession(makeToken({ exp: inOneHour() }), makeSelfUser());
    stubFetch({
      "GET /api/resources": () => [
        200,
        {
          resources: [makeCard({ id: "fav", title: "Loved" }), makeCard({ id: "other", title: "Other" })],
          page: 1,
          pageSize: 12,
          total: 2,
          totalIsCapped: false,
        },
      ],
      "GET /api/users/self/favorites/ids": [200, { ids: ["fav"] }],
    });
    renderScreen(HomePage, "/?q=x", "/");
    const loved = await screen.findByRole("button", { name: "Remove Loved from favorites" });
    expect(loved.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Save Other to favorites" }).getAttribute("aria-pressed")).toBe(
      "false",
    );
  });

  it("sends a visitor who presses a heart to log in first", async () => {
    stubFetch({ "GET /api/resources": list });
    const { router } = renderScreen(HomePage, "/?q=x", "/");
    const [heart] = await screen.findAllByRole("button", { name: /to favorites$/ });
    fireEvent.click(heart!);
    expect(router.state.location.pathname).toBe("/login");
  });
});
