import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeCards, makeSelfUser, makeSummary } from "../../test/factories.ts";
import { type Answers, renderScreen, type StubbedCall, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import PortfolioScreen from "./PortfolioScreen.tsx";

// The client encodes a path parameter whole: "@grace" travels as %40grace, which the server reads as @grace.
const SUMMARY = "GET /api/users/%40grace/summary";
const RESOURCES = "GET /api/users/c1/resources";

function pageOf(total: number) {
  return (call: StubbedCall): [number, unknown] => {
    const params = new URL(call.url, "http://x").searchParams;
    const offset = Number(params.get("offset"));
    const limit = Number(params.get("limit"));
    const count = Math.max(0, Math.min(limit, total - offset));
    return [200, { resources: makeCards(count, offset + 1), total }];
  };
}

function open(path: string, answers: Answers, routePath = "/profile/:handle/*") {
  const stub = stubFetch({ [SUMMARY]: [200, { user: makeSummary() }], [RESOURCES]: pageOf(40), ...answers });
  return { ...renderScreen(PortfolioScreen, path, routePath), ...stub };
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("portfolio", () => {
  it("opens as a dialog with the public sections and loads 24, then the buffered 12 on Load more", async () => {
    const { calls } = open("/profile/@grace", {});
    const dialog = await screen.findByRole("dialog", { name: "Grace's portfolio" });
    const nav = within(dialog).getByRole("navigation", { name: "Portfolio sections" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Resources", "About", "Share", "Message", "Tip"]);
    expect(within(nav).getByRole("link", { name: "Resources" }).getAttribute("aria-current")).toBe("page");
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole("listitem")
          .filter((li) => li.querySelector("a[href^='/resources/']")),
      ).toHaveLength(24),
    );
    expect(await within(dialog).findByText("Showing 24 of 40")).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes("/resources?")).map((c) => c.url)).toEqual([
        "/api/users/c1/resources?offset=0&limit=24",
        "/api/users/c1/resources?offset=24&limit=12",
      ]),
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Load more" }));
    expect(await within(dialog).findByText("Showing 36 of 40")).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)?.url).toBe("/api/users/c1/resources?offset=36&limit=12"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Load more" }));
    expect(await within(dialog).findByText("Showing 40 of 40")).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("sends an unknown portfolio home", async () => {
    const { router } = open("/profile/@nobody", {});
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("shows the about section with the summary and the follow toggle", async () => {
    open("/profile/@grace/about", {});
    const dialog = await screen.findByRole("dialog", { name: "Grace's portfolio" });
    expect(within(dialog).getByText("Joined Mar 4, 2025")).toBeTruthy();
    expect(within(dialog).getByText("1.5k")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Follow" })).toBeTruthy();
  });

  it("shows the creator's overall rating under the title and among the figures (issue 21)", async () => {
    open("/profile/@grace/about", {
      [SUMMARY]: [200, { user: makeSummary({ rating: { average: 4.6, count: 1234 } }) }],
    });
    const dialog = await screen.findByRole("dialog", { name: "Grace's portfolio" });
    expect(within(dialog).getByLabelText("Rated 4.6 out of 5, 1,234 reviews")).toBeTruthy();
    const figures = within(dialog).getByText("Rating").closest("div")!;
    expect(within(figures).getByRole("img", { name: "4.6 out of 5" })).toBeTruthy();
    expect(figures.textContent).toBe("Rating4.6from 1,234 reviews");
  });

  it("shows no rating at all for a creator without reviews, never zero stars", async () => {
    open("/profile/@grace/about", {});
    const dialog = await screen.findByRole("dialog", { name: "Grace's portfolio" });
    expect(within(dialog).getByText("Joined Mar 4, 2025")).toBeTruthy();
    expect(within(dialog).queryByText("Rating")).toBeNull();
    expect(within(dialog).queryByLabelText(/^Rated /)).toBeNull();
    expect(within(dialog).queryByRole("img", { name: /out of 5/ })).toBeNull();
  });

  it("is the own-account modal for the viewer's own profile", async () => {
    storeSession(makeToken({ sub: "c1", exp: inOneHour() }), makeSelfUser({ id: "c1", username: "grace" }));
    open(
      "/portfolio",
      {
        "GET /api/users/self/resources": [
          200,
          { initResources: makeCards(24), extraResources: makeCards(12, 25), total: 36 },
        ],
      },
      "/portfolio",
    );
    const dialog = await screen.findByRole("dialog", { name: "Your portfolio" });
    const nav = within(dialog).getByRole("navigation", { name: "Portfolio sections" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Resources", "About", "Share", "Settings", "Status"]);
    expect(within(nav).getByRole("link", { name: "Settings" }).getAttribute("href")).toBe(
      "/profile/@grace/settings",
    );
    expect(await within(dialog).findByText("Showing 24 of 36")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Load more" }));
    expect(await within(dialog).findByText("Showing 36 of 36")).toBeTruthy();
  });
});
