import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeCards, makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import FavoritesPage from "./FavoritesPage.tsx";
import FollowingPage from "./FollowingPage.tsx";

beforeEach(() => storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser()));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("favorites", () => {
  it("shows the favorites as a grid with page links", async () => {
    const { calls } = stubFetch({
      "GET /api/users/self/favorites": [200, { resources: makeCards(12), total: 30 }],
    });
    renderScreen(FavoritesPage, "/favorites");
    expect(await screen.findByRole("heading", { level: 1, name: "Your favorites" })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Resource r1" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Page 3" }).getAttribute("href")).toBe("/favorites?page=3");
    expect(calls.some((c) => c.url === "/api/users/self/favorites?page=1&pageSize=12")).toBe(true);
  });

  it("says there are none yet and links to browse", async () => {
    stubFetch({ "GET /api/users/self/favorites": [200, { resources: [], total: 0 }] });
    renderScreen(FavoritesPage, "/favorites");
    expect(await screen.findByText("No favorites yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse resources" }).getAttribute("href")).toBe("/");
  });
});

describe("following", () => {
  const creator = {
    id: "c1",
    username: "grace",
    first_name: "Grace",
    avatar_locator: null,
    isFollowedByMe: true,
    newestResources: makeCards(2),
  };

  it("lists followed creators with their newest resources and unfollows", async () => {
    stubFetch({
      "GET /api/users/self/following": [200, { following: [creator], total: 1 }],
      "DELETE /api/users/following/c1": [200, { isFollowedByMe: false }],
    });
    renderScreen(FollowingPage, "/following");
    expect(await screen.findByRole("heading", { level: 1, name: "Creators you follow" })).toBeTruthy();
    const row = (await screen.findByRole("heading", { level: 2, name: "Grace" })).closest(
      "li",
    ) as HTMLElement;
    expect(within(row).getByRole("link", { name: "Grace" }).getAttribute("href")).toBe("/profile/@grace");
    expect(within(row).getAllByRole("link", { name: /Resource r/ })).toHaveLength(2);
    fireEvent.click(within(row).getByRole("button", { name: "Unfollow Grace" }));
    expect(await within(row).findByRole("button", { name: "Follow Grace" })).toBeTruthy();
    expect(screen.getByText("You no longer follow Grace")).toBeTruthy();
  });

  it("picks creators for one tip to several", async () => {
    const other = { ...creator, id: "c2", username: "ada", first_name: "Ada" };
    stubFetch({ "GET /api/users/self/following": [200, { following: [creator, other], total: 2 }] });
    renderScreen(FollowingPage, "/following");
    fireEvent.click(await screen.findByRole("checkbox", { name: "Tip Grace too" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Tip Ada too" }));
    expect(screen.getByRole("link", { name: "Tip the 2 creators you picked" }).getAttribute("href")).toBe(
      "/tip/c1,c2",
    );
    fireEvent.click(screen.getByRole("checkbox", { name: "Tip Grace too" }));
    expect(screen.getByRole("link", { name: "Tip the creator you picked" }).getAttribute("href")).toBe(
      "/tip/c2",
    );
  });

  it("says nobody is followed yet", async () => {
    stubFetch({ "GET /api/users/self/following": [200, { following: [], total: 0 }] });
    renderScreen(FollowingPage, "/following");
    expect(await screen.findByText("You do not follow anyone yet")).toBeTruthy();
  });
});
