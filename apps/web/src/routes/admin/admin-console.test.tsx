import { DEFAULT_SITE_SETTINGS } from "@market/domain";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import ExceptionsPage from "./ExceptionsPage.tsx";
import { changedSettings } from "./SiteSettingsForm.tsx";
import UsersPage from "./UsersPage.tsx";

const SUMMARY = {
  advertisements: 2,
  resources: 5,
  payouts: 1,
  totalEligiblePayouts: 12_500,
  supportThreads: 3,
};

function row(overrides: Record<string, unknown> = {}) {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    username: "grace_owl",
    first_name: "Grace",
    last_name: "Hopper",
    email: "grace@school.test",
    role: "user",
    is_master_account: false,
    is_deactivated: false,
    email_verified: true,
    created_at: "2026-01-05T10:00:00.000Z",
    last_active_at: null,
    ...overrides,
  };
}

function detail(overrides: Record<string, unknown> = {}) {
  return {
    user: {
      ...row(),
      permissions: makeSelfUser().permissions,
      deactivated_by_admin: false,
      donation_date: null,
      ref_code: "AB12CD34",
      ...overrides,
    },
    counts: {
      resources: 1,
      ads: 0,
      sales: 1,
      salesCents: 500,
      purchases: 0,
      tipsReceived: 0,
      tipsReceivedCents: 0,
      tipsSent: 0,
    },
    resources: [
      {
        id: "r1",
        name: "owl-facts",
        title: "Owl facts",
        approval_status: "approved",
        status: "active",
        price: 500,
        updated_at: "2026-02-01T00:00:00.000Z",
      },
    ],
    ads: [],
    sales: [
      {
        id: "s1",
        resourceTitle: "Owl facts",
        buyerUsername: "ada",
        amount: 500,
        isGift: false,
        created_at: "2026-02-02T00:00:00.000Z",
      },
    ],
    tips: [],
  };
}

beforeEach(() =>
  storeSession(
    makeToken({ sub: "admin-1", exp: inOneHour(), scopes: ["user", "admin"] }),
    makeSelfUser({ id: "admin-1", username: "boss", role: "admin" }),
  ),
);
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("exceptions", () => {
  it("shows each queue with what waits in it and a link to work it", async () => {
    stubFetch({ "GET /api/admin/exceptions": [200, SUMMARY] });
    renderScreen(ExceptionsPage, "/admin/exceptions");
    expect(await screen.findByText("5 waiting")).toBeTruthy();
    expect(screen.getByText("$125.00 requested")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Open the queue\s*Support threads/ }).getAttribute("href")).toBe(
      "/admin/exceptions/support",
    );
  });
});

describe("users", () => {
  it("searches with the words typed, and opens an account with its sales", async () => {
    const { calls } = stubFetch({
      "GET /api/admin/users": [200, { users: [row()], total: 1, page: 1, pageSize: 25 }],
      "GET /api/admin/users/11111111-1111-4111-8111-111111111111": [200, detail()],
    });
    renderScreen(UsersPage, "/admin/users");
    fireEvent.change(await screen.findByLabelText("Search users"), { target: { value: "grace hopper" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    const list = await screen.findByRole("list", { name: "Users" });
    expect(within(list).getByText("grace@school.test · Joined 2026-01-05")).toBeTruthy();
    expect(calls.some((c) => c.url.includes("q=grace+hopper") || c.url.includes("q=grace%20hopper"))).toBe(
      true,
    );
    fireEvent.click(within(list).getByRole("button", { name: /Manage\s*@grace_owl/ }));
    expect(await screen.findByRole("heading", { level: 1, name: "Grace Hopper" })).toBeTruthy();
    expect(screen.getByText(/Owl facts · to @ada · \$5\.00/)).toBeTruthy();
    // Only the master grants admin (checkConsoleUserChange); this admin is not the master.
    expect((screen.getByRole("button", { name: "Make admin" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Deactivate account" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("reactivates a deactivated account", async () => {
    const { calls } = stubFetch({
      "GET /api/admin/users/11111111-1111-4111-8111-111111111111": [
        200,
        detail({ is_deactivated: true, deactivated_by_admin: true }),
      ],
      "PATCH /api/admin/users/11111111-1111-4111-8111-111111111111": [200, detail()],
    });
    renderScreen(UsersPage, "/admin/users?user=11111111-1111-4111-8111-111111111111", "/admin/users");
    fireEvent.click(await screen.findByRole("button", { name: "Reactivate account" }));
    expect(await screen.findByText("This account is active.")).toBeTruthy();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.body).toEqual({ is_deactivated: false });
  });
});

describe("settings", () => {
  it("sends only the settings that changed", () => {
    const after = { ...DEFAULT_SITE_SETTINGS, offlineMode: true, showAds: { portfolio: false } };
    expect(changedSettings(DEFAULT_SITE_SETTINGS, after)).toEqual({
      offlineMode: true,
      showAds: { portfolio: false },
    });
    expect(changedSettings(DEFAULT_SITE_SETTINGS, { ...DEFAULT_SITE_SETTINGS })).toEqual({});
  });
});
