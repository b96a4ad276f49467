import { DEFAULT_COLORS, DEFAULT_SITE_SETTINGS, SITE_SETTING_KEYS } from "@market/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { type Answers, renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import AdminHomePage from "./AdminHomePage.tsx";
import AdminSettingsPage from "./AdminSettingsPage.tsx";
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

describe("admin home page", () => {
  it("is a page with a section for each admin tool, each a link", async () => {
    stubFetch({ "GET /api/admin/exceptions": [200, SUMMARY] });
    renderScreen(AdminHomePage, "/admin");
    expect(screen.getByRole("heading", { level: 1, name: "Admin" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    const nav = screen.getByRole("navigation", { name: "Admin sections" });
    for (const [name, href] of [
      ["Users", "/admin/users"],
      ["E-mail all users", "/admin/email-all"],
      ["Settings", "/admin/settings"],
      ["Colours", "/admin/settings?tab=colors"],
      ["Change log", "/admin/settings?tab=changes"],
      ["Statistics", "/admin/statistics"],
      ["Accounting", "/admin/accounting"],
      ["Exceptions", "/admin/exceptions"],
      ["Help book", "/helpbook/manage"],
    ]) {
      expect(within(nav).getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
    expect(await within(nav).findByText(/5 waiting/)).toBeTruthy();
  });
});

const SETTINGS: Answers = { "GET /api/site-settings/front-end": [200, { settings: DEFAULT_SITE_SETTINGS }] };
const description = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

describe("settings form", () => {
  it("names every setting in words with its unit and explains it, never showing a setting's key", async () => {
    stubFetch({ ...SETTINGS });
    renderScreen(AdminSettingsPage, "/admin/settings");
    const idle = (await screen.findByLabelText("Time before the idle page (seconds)")) as HTMLInputElement;
    expect(description(idle)).toContain("leaves the mouse still");
    expect(description(idle)).toContain("That is 5 minutes.");
    expect(description(screen.getByLabelText("Largest upload for one resource (MB)"))).toContain("megabytes");
    expect(description(screen.getByLabelText("Site's share of each sale (%)"))).toContain(
      "$8.00 of a $10.00 sale",
    );
    expect(description(screen.getByLabelText("Ads on portfolio pages"))).toContain("portfolio pages");

    fireEvent.change(idle, { target: { value: "90" } });
    expect(description(idle)).toContain("That is 1 minute and 30 seconds.");
    expect(screen.getByText("Changed: Time before the idle page (seconds)")).toBeTruthy();
    fireEvent.change(idle, { target: { value: "5" } });
    // The schema checks as typed (react-hook-form resolves it a tick later), in the shared words.
    await waitFor(() => expect(description(idle)).toContain("At least 30"));

    const shown = document.body.textContent ?? "";
    for (const key of SITE_SETTING_KEYS) expect(shown).not.toContain(key);
  });

  it("checks the word list with the schema, then sends only what changed and shows the server's refusal", async () => {
    const { calls } = stubFetch({
      ...SETTINGS,
      "PATCH /api/site-settings": [
        400,
        {
          error: "validation_failed",
          message: "Some fields are not valid",
          fields: { timeZone: "unknown_time_zone" },
        },
      ],
    });
    renderScreen(AdminSettingsPage, "/admin/settings");
    const save = await screen.findByRole("button", { name: "Save settings" });
    fireEvent.click(screen.getByRole("button", { name: "Add a word" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a word" }));
    const words = DEFAULT_SITE_SETTINGS.restrictedWords.length;
    fireEvent.change(screen.getByLabelText(`Word ${words + 1}`), { target: { value: "darn" } });
    fireEvent.change(screen.getByLabelText(`Word ${words + 2}`), { target: { value: "Darn" } });
    expect(await screen.findByText("Each word can be listed once.")).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: new RegExp(`^Remove\\s*Word ${words + 2}$`) }));
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByText(/That is not a time zone we know/)).toBeTruthy();
    const patches = calls.filter((c) => c.method === "PATCH");
    expect(patches).toHaveLength(1);
    expect(patches[0]?.body).toEqual({
      restrictedWords: [...DEFAULT_SITE_SETTINGS.restrictedWords, { pattern: "darn", replacement: "" }],
    });
  });

  it("sends only the settings that changed", () => {
    const after = { ...DEFAULT_SITE_SETTINGS, offlineMode: true, showAds: { portfolio: false } };
    expect(changedSettings(DEFAULT_SITE_SETTINGS, after)).toEqual({
      offlineMode: true,
      showAds: { portfolio: false },
    });
    expect(changedSettings(DEFAULT_SITE_SETTINGS, { ...DEFAULT_SITE_SETTINGS })).toEqual({});
  });
});

const POOL = DEFAULT_COLORS.map((c, i) => ({ ...c, id: i + 1 }));

describe("colours editor", () => {
  it("says where a colour is used and previews what it repaints before saving the edited entry", async () => {
    const { calls } = stubFetch({
      ...SETTINGS,
      "GET /api/colors": [200, { colors: POOL }],
      "PATCH /api/colors/tile-1": [200, { color: { ...POOL[0], css: "#0a7f3f" } }],
    });
    renderScreen(AdminSettingsPage, "/admin/settings?tab=colors", "/admin/settings");
    const hex = await screen.findByLabelText("Tile colour 1 hex value");
    expect(description(hex)).toMatch(
      /^Used for: the main buttons .*links.*resource tiles .*the 1st, 13th, 25th/,
    );
    expect(description(hex)).toContain("the “Math” subject on the home page");
    expect(description(screen.getByLabelText("Tile colour 9 hex value"))).toContain("error messages");
    expect(screen.queryByText(/Before you save/)).toBeNull();

    fireEvent.change(hex, { target: { value: "#0a7f3f" } });
    const preview = screen.getByRole("figure", {
      name: "Before you save: where Tile colour 1 will be #0a7f3f",
    });
    for (const sample of ["Save", "A link", "Fractions Bingo", "Math"]) {
      const painted = within(preview).getByText(sample).closest("[style]") as HTMLElement;
      expect(painted.getAttribute("style")).toMatch(/rgb\(10, 127, 63\)/);
    }
    fireEvent.change(hex, { target: { value: "#bfdbfe" } });
    expect(within(screen.getByRole("figure")).getByText(/under the 4.5:1 needed/)).toBeTruthy();
    fireEvent.change(hex, { target: { value: "#0a7f3f" } });

    fireEvent.click(screen.getByRole("button", { name: /^Save\s*Tile colour 1$/ }));
    expect(await screen.findByText("Saved Tile colour 1: #0a7f3f.")).toBeTruthy();
    // The entry as GET /colors gave it, edited (spec 7).
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ ...POOL[0], css: "#0a7f3f" });
  });
});

describe("change log", () => {
  it("lists setting, colour and text changes with who, when and what, in words", async () => {
    const by = { id: "admin-1", username: "boss" };
    stubFetch({
      ...SETTINGS,
      "GET /api/admin/site-settings/changes": [
        200,
        {
          changes: [
            {
              id: "c1",
              area: "color",
              key: "tile-1",
              old_value: "#1d4ed8",
              new_value: "#0a7f3f",
              changed_at: "2026-11-20T15:04:00.000Z",
              changed_by: by,
            },
            {
              id: "c2",
              area: "text",
              key: "home.promise",
              old_value: null,
              new_value: "Lessons for every classroom",
              changed_at: "2026-11-20T15:03:00.000Z",
              changed_by: by,
            },
            {
              id: "c3",
              area: "setting",
              key: "idleTimeoutSeconds",
              old_value: null,
              new_value: 600,
              changed_at: "2026-11-20T15:02:00.000Z",
              changed_by: null,
            },
            {
              id: "c4",
              area: "setting",
              key: "offlineMode",
              old_value: true,
              new_value: false,
              changed_at: "2026-11-20T15:01:00.000Z",
              changed_by: by,
            },
          ],
          total: 4,
          page: 1,
          pageSize: 25,
        },
      ],
    });
    renderScreen(AdminSettingsPage, "/admin/settings?tab=changes", "/admin/settings");
    const table = await screen.findByRole("table", {
      name: "Changes to settings, colours and texts, newest first",
    });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows[1]).toMatch(/Nov 20, 2026.*@boss.*Colour: Tile colour 1.*#1d4ed8.*#0a7f3f/);
    expect(rows[2]).toMatch(/@boss.*Text: home\.promise.*\(default\).*Lessons for every classroom/);
    expect(rows[3]).toMatch(/\(removed account\).*Time before the idle page \(seconds\).*\(default\).*600/);
    expect(rows[4]).toMatch(/Offline \(maintenance\) mode.*On.*Off/);
    expect(table.textContent).not.toContain("idleTimeoutSeconds");
  });

  it("narrows the log to one kind of change", async () => {
    const { calls } = stubFetch({
      ...SETTINGS,
      "GET /api/admin/site-settings/changes": [200, { changes: [], total: 0, page: 1, pageSize: 25 }],
    });
    renderScreen(AdminSettingsPage, "/admin/settings?tab=changes", "/admin/settings");
    fireEvent.change(await screen.findByLabelText("Show"), { target: { value: "color" } });
    await waitFor(() => expect(calls.some((c) => c.url.includes("area=color"))).toBe(true));
  });
});
