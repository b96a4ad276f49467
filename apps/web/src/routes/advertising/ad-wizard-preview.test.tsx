import type { Ad } from "@market/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeAd, makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import AdWizard from "./AdWizard.tsx";
import ManageAdsPage from "./ManageAdsPage.tsx";

const signIn = () => storeSession(makeToken({ sub: "u1", exp: inOneHour(), scopes: [] }), makeSelfUser());
const WIZARD = "/advertising/:id/edit/:step";
const preview = () => within(screen.getByRole("region", { name: "Preview" }));

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("the ad wizard's live preview (issue 18)", () => {
  it("shows the ad in each slot of its format, with what is typed before it is saved", async () => {
    signIn();
    stubFetch({ "GET /api/advertisements/ad1": [200, makeAd({ ad_type: "1", title: "Reading kits" })] });
    renderScreen(AdWizard, "/advertising/ad1/edit/title", WIZARD);
    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: "Phonics at home" } });
    // A portfolio banner shows on portfolios and as a card in the grids: both slots, both updated.
    expect(preview().getByText("At the top of a creator's portfolio")).toBeTruthy();
    expect(preview().getByText("In the resource grids")).toBeTruthy();
    expect(preview().getAllByText("Phonics at home")).toHaveLength(2);
    expect(preview().queryByText("Reading kits")).toBeNull();
  });

  it("follows both texts typed on the title-description step before they are saved", async () => {
    signIn();
    stubFetch({ "GET /api/advertisements/ad1": [200, makeAd({ ad_type: "3" })] });
    renderScreen(AdWizard, "/advertising/ad1/edit/title-description", WIZARD);
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: "Phonics at home" } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: "Kits for every room" } });
    expect(preview().getByText("Phonics at home")).toBeTruthy();
    expect(preview().getByText("Kits for every room")).toBeTruthy();
    expect(preview().queryByText("Reading kits")).toBeNull();
  });

  it("is there on every step, the payment step too", async () => {
    signIn();
    stubFetch({ "GET /api/advertisements/ad1": [200, makeAd({ ad_type: "3" })] });
    renderScreen(AdWizard, "/advertising/ad1/edit/payment", WIZARD);
    expect(await screen.findByRole("region", { name: "Preview" })).toBeTruthy();
    expect(preview().getByText("Beside a resource's details")).toBeTruthy();
  });
});

describe("the image step: the advertiser's crop (issue 18)", () => {
  const withImage = makeAd({
    ad_type: "2",
    image_url: "ads/ad1/wide.webp",
    image_name: "wide.png",
    image_fit: "fill",
  });

  it("shows the whole image or a fill around the chosen point in the preview, and saves the choice", async () => {
    signIn();
    const { calls } = stubFetch({
      "GET /api/advertisements/ad1": [200, withImage],
      "PATCH /api/advertisements/ad1": (call) => [
        200,
        makeAd({ ...withImage, ...(call.body as Partial<Ad>) }),
      ],
    });
    const { router } = renderScreen(AdWizard, "/advertising/ad1/edit/image", WIZARD);
    const previewImage = () => screen.getByRole("region", { name: "Preview" }).querySelector("img")!;
    await screen.findByRole("radio", { name: "Fill the space" });
    fireEvent.change(screen.getByLabelText("Part in view, left to right"), { target: { value: "20" } });
    expect(previewImage().style.objectPosition).toBe("20% 50%");
    fireEvent.click(screen.getByRole("radio", { name: "Show the whole image" }));
    expect(previewImage().style.objectFit).toBe("contain");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
        image_fit: "fit",
        image_focus_x: 20,
        image_focus_y: 50,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/advertising/ad1/edit/url"));
  });

  it("removes the image", async () => {
    signIn();
    const { calls } = stubFetch({
      "GET /api/advertisements/ad1": [200, withImage],
      "DELETE /api/advertisements/ad1/image": [
        200,
        makeAd({ ad_type: "2", image_url: null, image_name: null }),
      ],
    });
    renderScreen(AdWizard, "/advertising/ad1/edit/image", WIZARD);
    fireEvent.click(await screen.findByRole("button", { name: "Remove the image" }));
    expect(await screen.findByText("Choose an image")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/advertisements/ad1/image")).toBe(true);
    expect(screen.getByRole("button", { name: "Continue" })).toHaveProperty("disabled", true);
  });

  it("removes the business image on the identity step", async () => {
    signIn();
    const { calls } = stubFetch({
      "GET /api/advertisements/ad1": [
        200,
        makeAd({ business_name: "Kits Co", business_image: "ads/ad1/logo.webp" }),
      ],
      "DELETE /api/advertisements/ad1/business-image": [200, makeAd({ business_name: "Kits Co" })],
    });
    renderScreen(AdWizard, "/advertising/ad1/edit/identity", WIZARD);
    fireEvent.click(await screen.findByRole("button", { name: "Remove the business image" }));
    expect(await screen.findByText("Choose a business image")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE" && c.url.endsWith("/business-image"))).toBe(true);
  });
});

describe("the delete step (spec 2)", () => {
  it("names what will be lost, deletes once asked, and the list says which ad went", async () => {
    signIn();
    const ad = makeAd({
      title: "Reading kits",
      image_url: "ads/ad1/kits.webp",
      stats: { impressions: 1200, clicks: 14, spend: 240 },
    });
    const { calls } = stubFetch({
      "GET /api/advertisements/ad1": [200, ad],
      "DELETE /api/advertisements/ad1": [200, { deleted: true }],
      "GET /api/advertisements": [200, { ads: [] }],
    });
    const { router } = renderScreen(AdWizard, "/advertising/ad1/edit/status", WIZARD);
    fireEvent.click(await screen.findByRole("link", { name: "Delete this ad" }));
    expect(await screen.findByText("the ad “Reading kits” and everything written in it")).toBeTruthy();
    expect(screen.getByText("its image")).toBeTruthy();
    expect(screen.getByText("its results: 1,200 views and 14 clicks")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Delete the ad" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/advertising/manage"));
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/advertisements/ad1"]);
    expect(router.state.location.state).toEqual({ deletedAd: "Reading kits" });
  });

  it("explains why a paid ad stays, with the way to its status", async () => {
    signIn();
    stubFetch({ "GET /api/advertisements/ad1": [200, makeAd({ deletable: false, editable: true })] });
    renderScreen(AdWizard, "/advertising/ad1/edit/delete", WIZARD);
    expect((await screen.findByRole("alert")).textContent).toMatch(/paid for/);
    expect(screen.getByRole("link", { name: "Go to its status" }).getAttribute("href")).toBe(
      "/advertising/ad1/edit/status",
    );
    expect(screen.queryByRole("button", { name: "Delete the ad" })).toBeNull();
  });

  it("confirms the deletion on the list of ads", async () => {
    stubFetch({ "GET /api/advertisements": [200, { ads: [] }] });
    const { router } = renderScreen(ManageAdsPage, "/advertising/manage");
    await router.navigate("/advertising/manage", { state: { deletedAd: "Reading kits" } });
    expect((await screen.findByText("“Reading kits” was deleted.")).getAttribute("role")).toBe("status");
  });
});

describe("an ad that cannot be loaded", () => {
  it("says an unknown ad is not found, with the ways on", async () => {
    signIn();
    stubFetch({});
    renderScreen(AdWizard, "/advertising/0b6f3c1e-1111-4a4a-9999-123456789abc/edit/status", WIZARD);
    expect(await screen.findByRole("heading", { name: "We can't find this ad" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("It may have been deleted");
    expect(screen.getByRole("link", { name: "Your ads" }).getAttribute("href")).toBe("/advertising/manage");
    expect(screen.getByRole("link", { name: "Create an ad" }).getAttribute("href")).toBe(
      "/advertising/create",
    );
  });
});
