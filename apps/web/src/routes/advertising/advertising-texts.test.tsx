import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { siteQueries } from "../../state/site-config.ts";
import { makeAd, makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import AdWizard from "./AdWizard.tsx";
import ManageAdsPage from "./ManageAdsPage.tsx";

const runningAd = makeAd({
  approval_status: "approved",
  running_status: "running",
  derivedStatus: "running",
  editable: false,
  spendEditable: false,
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("the advertising screens' copy (advertising-texts.ts)", () => {
  it("shows an admin's stored text instead of the default, placeholders filled", async () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour(), scopes: [] }), makeSelfUser());
    stubFetch({ "GET /api/advertisements/ad1": [200, runningAd] });
    const { queryClient } = renderScreen(
      AdWizard,
      "/advertising/ad1/edit/status",
      "/advertising/:id/edit/:step",
    );
    expect(await screen.findByRole("heading", { name: "Your portfolio banner" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stop the ad" })).toBeTruthy();

    act(() => {
      queryClient.setQueryData(siteQueries.texts.queryKey, (texts) => ({
        ...texts,
        "ads.wizard.title": "Votre annonce : {format}",
        "ads.wizard.status.stop": "Arrêter l'annonce",
        "ads.status.running": "En cours",
      }));
    });

    expect(await screen.findByRole("heading", { name: "Votre annonce : portfolio banner" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Arrêter l'annonce" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Status: En cours");
    expect(screen.queryByRole("button", { name: "Stop the ad" })).toBeNull();
  });

  it("keeps the defaults where no text is stored", async () => {
    stubFetch({ "GET /api/advertisements": [200, { ads: [] }] });
    renderScreen(ManageAdsPage, "/advertising/manage");
    expect(await screen.findByText("You have no ads yet.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Your ads" })).toBeTruthy();
  });
});
