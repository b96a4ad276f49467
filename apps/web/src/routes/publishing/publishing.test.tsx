import type { PublishingResource } from "@market/domain";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import PublishingPage from "./PublishingPage.tsx";
import ResourceWizard from "./ResourceWizard.tsx";

beforeEach(() => storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser()));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const item = (id: string, derivedStatus: string, actions: string[]) => ({
  id,
  name: `res-${id}`,
  title: `Resource ${id}`,
  price: 0,
  approval_status: "creating",
  status: "inactive",
  upload_status: 0,
  derivedStatus,
  actions,
  cover_locator: null,
  downloadCount: 0,
  updated_at: "2026-11-20T10:00:00.000Z",
});

const resource = (overrides: Partial<PublishingResource> = {}): PublishingResource => ({
  id: "r1",
  name: "fraction-cards",
  title: "Fraction Cards",
  display: null,
  subtitle: null,
  subject_area: "",
  description: "",
  grade: "",
  reading_levels: null,
  skillsArray: [],
  standardsArray: [],
  keywordsArray: [],
  type: "Activity",
  price: 0,
  sale_price: null,
  sale_end: null,
  approval_status: "creating",
  status: "inactive",
  upload_status: 0,
  requires_approval: true,
  derivedStatus: "incomplete",
  editable: true,
  curator_score: null,
  rejection_reason: null,
  backgroundColor: null,
  excluded_colors: [],
  updated_at: "2026-11-20T10:00:00.000Z",
  step: "description",
  users_model: { id: "u1", username: "ada", first_name: "Ada", avatar_locator: null },
  resources_files_models: [],
  resources_previews_models: [],
  ...overrides,
});

describe("/publishing", () => {
  it("lists each resource with its derived status and only the actions that status allows", async () => {
    const { calls } = stubFetch({
      "GET /api/users/self/publishing": [
        200,
        {
          resources: [
            item("a", "incomplete", ["edit", "submit", "delete"]),
            item("b", "active", ["view", "deactivate"]),
          ],
          total: 2,
        },
      ],
      "POST /api/resources/b/deactivate": [200, {}],
    });
    renderScreen(PublishingPage, "/publishing");
    const a = (await screen.findByRole("heading", { name: "Resource a" })).closest("li") as HTMLElement;
    expect(within(a).getByText("Incomplete")).toBeTruthy();
    expect(within(a).getByRole("link", { name: "Edit" }).getAttribute("href")).toBe("/resources/res-a/edit");
    expect(within(a).getByRole("button", { name: "Submit for review" })).toBeTruthy();
    expect(within(a).queryByRole("button", { name: "Deactivate" })).toBeNull();
    const b = screen.getByRole("heading", { name: "Resource b" }).closest("li") as HTMLElement;
    expect(within(b).getByText("Published")).toBeTruthy();
    expect(within(b).queryByRole("link", { name: "Edit" })).toBeNull();
    fireEvent.click(within(b).getByRole("button", { name: "Deactivate" }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && c.url.endsWith("/resources/b/deactivate"))).toBe(true),
    );
  });
});

describe("the resource wizard", () => {
  it("opens the remembered step and checks the description's 340 to 380 characters before saving", async () => {
    const { calls } = stubFetch({ "GET /api/resources/r1/edit": [200, resource()] });
    renderScreen(ResourceWizard, "/resources/r1/edit/description", "/resources/:id/edit/:step");
    const field = await screen.findByLabelText("Description");
    fireEvent.change(field, { target: { value: "Too short." } });
    expect(screen.getByText("10 of 340 to 380 characters")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByText("Too short")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
  });

  it("saves a step with the next step remembered and shows the server's codes for the price", async () => {
    const { calls } = stubFetch({
      "GET /api/resources/r1/edit": [200, resource({ step: "price" })],
      "PATCH /api/resources/r1": [
        400,
        {
          error: "validation_failed",
          message: "Some fields are not valid",
          fields: { price: "invalid_price" },
        },
      ],
    });
    renderScreen(ResourceWizard, "/resources/r1/edit/price", "/resources/:id/edit/:step");
    const price = await screen.findByLabelText("Price in dollars");
    fireEvent.change(price, { target: { value: "150" } });
    expect(await screen.findByText("The price can be at most $100.")).toBeTruthy();
    fireEvent.change(price, { target: { value: "0.50" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(
      await screen.findByText("The price must be 0 (free, with no premium file) or from $1 to $100."),
    ).toBeTruthy();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.body).toEqual({ price: 50, sale_price: 0, sale_end: "", step: "status" });
  });
});
