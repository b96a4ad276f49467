import type { Ad } from "@market/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeAd, makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import AdQueuePage from "./AdQueuePage.tsx";
import { AdReviewPanel } from "./AdReviewPanel.tsx";
import AdWizard from "./AdWizard.tsx";

const signIn = (scopes: string[] = []) =>
  storeSession(makeToken({ sub: "u1", exp: inOneHour(), scopes }), makeSelfUser());

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("what the ad still needs, in the steps' words", () => {
  it("names the missing fields on the status step by the steps that fill them, not as fields", async () => {
    signIn();
    stubFetch({
      "GET /api/advertisements/ad1": [
        200,
        makeAd({
          derivedStatus: "incomplete",
          missing: ["image_name", "click_url", "spend_per_day", "run_days_total"],
        }),
      ],
    });
    renderScreen(AdWizard, "/advertising/ad1/edit/status", "/advertising/:id/edit/:step");
    expect(await screen.findByText("Still missing: Image, Link, Budget.")).toBeTruthy();
    expect(screen.queryByText(/image_name|click_url|spend_per_day/)).toBeNull();
  });

  it("says an admin-only refusal in words, not as the server's code", async () => {
    signIn(["admin"]);
    stubFetch({
      "GET /api/advertisements/ad1": [200, makeAd()],
      "PATCH /api/advertisements/ad1": [
        400,
        { error: "validation_failed", message: "Some fields are not valid", fields: { code: "admin_only" } },
      ],
    });
    renderScreen(AdWizard, "/advertising/ad1/edit/code", "/advertising/:id/edit/:step");
    fireEvent.change(await screen.findByLabelText("Code"), { target: { value: "<b>Hi</b>" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByText("Only an admin can change this.")).toBeTruthy();
    expect(screen.queryByText("admin_only")).toBeNull();
  });
});

describe("a save that fails on the grades step", () => {
  it("stays on the step, says so, and saves on the next try", async () => {
    signIn();
    let tries = 0;
    const { calls } = stubFetch({
      "GET /api/advertisements/ad1": [200, makeAd()],
      "PATCH /api/advertisements/ad1": (call) => {
        tries += 1;
        return tries === 1
          ? [500, { error: "internal", message: "Down" }]
          : [200, makeAd(call.body as Partial<Ad>)];
      },
    });
    const { router } = renderScreen(
      AdWizard,
      "/advertising/ad1/edit/targeting",
      "/advertising/:id/edit/:step",
    );
    fireEvent.click(await screen.findByRole("checkbox", { name: "3" }));
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Could not save changes");
    expect(router.state.location.pathname).toBe("/advertising/ad1/edit/targeting");
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/advertising/ad1/edit/targeting"));
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { gradesArray: ["3"] },
      { gradesArray: ["3"] },
    ]);
  });
});

describe("the ad wizard's alternate steps (spec 2: discount-code, title-description, identity)", () => {
  it("offers them from the status step while the ad can be changed", async () => {
    signIn();
    stubFetch({ "GET /api/advertisements/ad1": [200, makeAd()] });
    renderScreen(AdWizard, "/advertising/ad1/edit/status", "/advertising/:id/edit/:step");
    expect((await screen.findByRole("link", { name: /Add a discount code/ })).getAttribute("href")).toBe(
      "/advertising/ad1/edit/discount-code",
    );
    expect(screen.getByRole("link", { name: "Show your business name and image" })).toBeTruthy();
    expect(screen.queryByRole("checkbox", { name: /never paid/ })).toBeNull();
  });

  it("saves a discount code, and lets it stay empty", async () => {
    signIn();
    const { calls } = stubFetch({
      "GET /api/advertisements/ad1": [200, makeAd()],
      "PATCH /api/advertisements/ad1": (call) => [200, makeAd(call.body as Partial<Ad>)],
    });
    const { router } = renderScreen(
      AdWizard,
      "/advertising/ad1/edit/discount-code",
      "/advertising/:id/edit/:step",
    );
    fireEvent.change(await screen.findByLabelText("Discount code"), { target: { value: "READ20" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ discount_code: "READ20" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/advertising/ad1/edit/status"));
  });

  it("checks the title and description together against the type's limits before saving", async () => {
    signIn();
    const { calls } = stubFetch({ "GET /api/advertisements/ad1": [200, makeAd()] });
    renderScreen(AdWizard, "/advertising/ad1/edit/title-description", "/advertising/:id/edit/:step");
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Title: Required");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("names the text the server refused on the title-description step, in words", async () => {
    signIn();
    stubFetch({
      "GET /api/advertisements/ad1": [200, makeAd()],
      "PATCH /api/advertisements/ad1": [
        400,
        { error: "validation_failed", message: "Some fields are not valid", fields: { title: "too_long" } },
      ],
    });
    renderScreen(AdWizard, "/advertising/ad1/edit/title-description", "/advertising/:id/edit/:step");
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: "Phonics" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Title: Too long: 7 of \d+ characters$/);
  });

  it("refuses a text over the type's limit in the shared words, beside its count, before saving", async () => {
    signIn();
    const { calls } = stubFetch({ "GET /api/advertisements/ad1": [200, makeAd({ ad_type: "1" })] });
    renderScreen(AdWizard, "/advertising/ad1/edit/button", "/advertising/:id/edit/:step");
    const field = await screen.findByLabelText("Button");
    fireEvent.change(field, { target: { value: "Order the kits now" } });
    expect(screen.getByText("18 of 1 to 15 characters")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByText("Too long: 18 of 15 characters")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("saves the business name on the identity step", async () => {
    signIn();
    const { calls } = stubFetch({
      "GET /api/advertisements/ad1": [200, makeAd()],
      "PATCH /api/advertisements/ad1": (call) => [200, makeAd(call.body as Partial<Ad>)],
    });
    renderScreen(AdWizard, "/advertising/ad1/edit/identity", "/advertising/:id/edit/:step");
    fireEvent.change(await screen.findByLabelText(/^Business name/), { target: { value: "Kits Co" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ business_name: "Kits Co" }),
    );
  });

  it("gives admins the free-user-only switch", async () => {
    signIn(["admin"]);
    const { calls } = stubFetch({
      "GET /api/advertisements/ad1": [200, makeAd({ derivedStatus: "running", approval_status: "approved" })],
      "PATCH /api/advertisements/ad1/is_free_user_only": [200, makeAd({ is_free_user_only: true })],
    });
    renderScreen(AdWizard, "/advertising/ad1/edit/status", "/advertising/:id/edit/:step");
    fireEvent.click(await screen.findByRole("checkbox", { name: /never paid/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith("/is_free_user_only"))?.body).toEqual({
        is_free_user_only: true,
      }),
    );
    expect(await screen.findByRole("checkbox", { name: /never paid/, checked: true })).toBeTruthy();
  });
});

describe("the admin's review of a submitted ad", () => {
  it("clears it from the queue without a decision", async () => {
    signIn(["admin"]);
    const { calls } = stubFetch({
      "POST /api/admin/advertisements/ad1/clear": [200, makeAd({ approval_status: "creating" })],
    });
    renderScreen(
      () => <AdReviewPanel ad={makeAd({ approval_status: "awaiting_approval" })} />,
      "/advertising/ad1/approve",
    );
    fireEvent.click(await screen.findByRole("button", { name: "Clear from the queue" }));
    expect(await screen.findByText(/Cleared from the queue/)).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/admin/advertisements/ad1/clear")).toBe(true);
  });
});

describe("the ads review queue", () => {
  it("names each ad's format by its name, never its number", async () => {
    signIn(["admin"]);
    stubFetch({
      "GET /api/admin/advertisements/review-queue": [
        200,
        {
          ads: [makeAd({ ad_type: "3", approval_status: "pending", spend_per_day: 500, run_days_total: 7 })],
        },
      ],
    });
    renderScreen(AdQueuePage, "/admin/exceptions/advertising", "/admin/exceptions/advertising");
    expect(
      await screen.findByText(/Reading kits · Resource page square · \$5\.00 a day for 7 days/),
    ).toBeTruthy();
    expect(screen.queryByText(/type 3/)).toBeNull();
  });
});
