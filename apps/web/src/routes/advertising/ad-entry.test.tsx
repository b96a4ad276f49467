import type { Ad } from "@market/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AccountMenu } from "../../components/AccountMenu.tsx";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeAd, makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import { ROUTES } from "../route-table.ts";
import AdEntryPage from "./AdEntryPage.tsx";
import AdvertisingPage from "./AdvertisingPage.tsx";
import CreateAdPage from "./CreateAdPage.tsx";

const signIn = () => storeSession(makeToken({ sub: "u1", exp: inOneHour(), scopes: [] }), makeSelfUser());
const AD_ID = "0b6f3c1e-1111-4a4a-9999-123456789abc";

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("finding advertising (issue 18)", () => {
  it("is in the signed-in user's menu", async () => {
    signIn();
    stubFetch({});
    renderScreen(AccountMenu, "/");
    const button = await screen.findByRole("button", { expanded: false });
    fireEvent.click(button);
    expect(screen.getByRole("link", { name: "Advertise" }).getAttribute("href")).toBe("/advertising");
  });
});

describe("the five ad formats, by name and place", () => {
  const FORMATS = [
    ["Portfolio banner", "/advertising/new-1"],
    ["Resource grid card", "/advertising/new-2"],
    ["Resource page square", "/advertising/new-3"],
    ["Wide list banner", "/advertising/new-4"],
    ["Download page feature", "/advertising/new-5"],
  ] as const;

  for (const [Screen, path] of [
    [AdvertisingPage, "/advertising"],
    [CreateAdPage, "/advertising/create"],
  ] as const) {
    it(`names each with a picture of where it shows on ${path}`, async () => {
      signIn();
      stubFetch({});
      renderScreen(Screen, path);
      const list = await screen.findByRole("list", { name: "Ad formats" });
      const items = within(list).getAllByRole("listitem");
      expect(items).toHaveLength(5);
      FORMATS.forEach(([name, href], index) => {
        const item = within(items[index]!);
        expect(item.getByRole("heading", { name })).toBeTruthy();
        expect(
          item.getByRole("img", { name: new RegExp(`^Where the ${name.toLowerCase()} appears`) }),
        ).toBeTruthy();
        expect(item.getByRole("link", { name: `Create a ${name.toLowerCase()}` }).getAttribute("href")).toBe(
          href,
        );
      });
      expect(screen.queryByText(/Type \d/)).toBeNull();
    });
  }
});

describe("/advertising/{id}", () => {
  it("is routed to the screen that tells a new ad from an existing one", async () => {
    const entry = ROUTES.find((route) => route.path === "/advertising/:id");
    expect((await entry?.screen?.())?.default).toBe(AdEntryPage);
  });

  it("opens an existing ad's status, the screen that manages it", async () => {
    signIn();
    stubFetch({});
    const { router } = renderScreen(AdEntryPage, `/advertising/${AD_ID}`, "/advertising/:id");
    await waitFor(() => expect(router.state.location.pathname).toBe(`/advertising/${AD_ID}/edit/status`));
  });

  it("starts one ad of the format for new-N and opens its first step", async () => {
    signIn();
    const { calls } = stubFetch({
      "POST /api/advertisements": (call) => [201, makeAd({ id: AD_ID, ...(call.body as Partial<Ad>) })],
    });
    const { router } = renderScreen(AdEntryPage, "/advertising/new-2", "/advertising/:id");
    await waitFor(() => expect(router.state.location.pathname).toBe(`/advertising/${AD_ID}/edit/image`));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ ad_type: "2" }]);
  });

  it("says there is no such format for an unknown new-N, with the way to the formats", async () => {
    signIn();
    const { calls } = stubFetch({});
    renderScreen(AdEntryPage, "/advertising/new-9", "/advertising/:id");
    expect(await screen.findByRole("heading", { name: "There is no such ad format" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Choose a format" }).getAttribute("href")).toBe(
      "/advertising/create",
    );
    expect(screen.queryByText("Starting your ad…")).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("says when an ad could not be started, and tries again when asked", async () => {
    signIn();
    let attempts = 0;
    stubFetch({
      "POST /api/advertisements": () => {
        attempts += 1;
        return attempts === 1
          ? [500, { error: "internal", message: "Something went wrong" }]
          : [201, makeAd({ id: AD_ID })];
      },
    });
    const { router } = renderScreen(AdEntryPage, "/advertising/new-1", "/advertising/:id");
    expect(await screen.findByRole("heading", { name: "We couldn't start your ad." })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/advertising/${AD_ID}/edit/image`));
  });
});
