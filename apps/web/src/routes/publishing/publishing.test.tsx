import type { PublishingResource } from "@market/domain";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buttonClass } from "../../components/ui/index.ts";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeDetail, makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import PublishingPage from "./PublishingPage.tsx";
import ResourceWizard from "./ResourceWizard.tsx";
import ReviewQueuePage from "./ReviewQueuePage.tsx";

beforeEach(() => storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser()));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  sessionStorage.clear();
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
  seat_price: null,
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

const file = (id: string, name: string) => ({
  id,
  name,
  size_bytes: 1200,
  is_premium_file: false,
  status: 1 as const,
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
    // Submitting starts from the status step, where the preview is.
    expect(within(a).getByRole("link", { name: "Submit for review" }).getAttribute("href")).toBe(
      "/resources/res-a/edit/status",
    );
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
    expect(await screen.findByText("Too short: 10 of at least 340 characters")).toBeTruthy();
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
    expect(patch?.body).toEqual({ price: 50, sale_price: 0, sale_end: "", seat_price: null, step: "status" });
  });

  it("offers a price for each extra seat on a paid resource, half the price when left empty (issue 23)", async () => {
    const { calls } = stubFetch({
      "GET /api/resources/r1/edit": [200, resource({ step: "price", price: 400 })],
      "PATCH /api/resources/r1": [200, resource({ step: "status", price: 400, seat_price: 250 })],
    });
    renderScreen(ResourceWizard, "/resources/r1/edit/price", "/resources/:id/edit/:step");
    const seat = await screen.findByLabelText(/Price for each extra seat/);
    expect(seat.getAttribute("placeholder")).toBe("2.00");
    expect(
      screen.getByText(/Leave empty: half the price\. At this price, that is \$2\.00 a seat\./),
    ).toBeTruthy();
    fireEvent.change(seat, { target: { value: "two" } });
    expect(await screen.findByText(/Write an amount like 2\.50/)).toBeTruthy();
    fireEvent.change(seat, { target: { value: "2.50" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")?.body).toMatchObject({ price: 400, seat_price: 250 });
  });

  it("does not ask a free resource's price per seat", async () => {
    stubFetch({ "GET /api/resources/r1/edit": [200, resource({ step: "price", price: 400 })] });
    renderScreen(ResourceWizard, "/resources/r1/edit/price", "/resources/:id/edit/:step");
    await screen.findByLabelText(/Price for each extra seat/);
    fireEvent.change(screen.getByLabelText("Price in dollars"), { target: { value: "0" } });
    await vi.waitFor(() => expect(screen.queryByLabelText(/Price for each extra seat/)).toBeNull());
  });
});

describe("the resource wizard's steps no one may open", () => {
  it.each([
    ["a step past the title before the resource exists", "/resources/edit/files", "/resources/edit/:step"],
    ["a step that does not exist", "/resources/r1/edit/colours", "/resources/:id/edit/:step"],
    ["the review step, to a creator", "/resources/r1/edit/review", "/resources/:id/edit/:step"],
  ])("says so for %s, with no step to fill in", async (_, path, pattern) => {
    stubFetch({ "GET /api/resources/r1/edit": [200, resource()] });
    renderScreen(ResourceWizard, path, pattern);
    expect(await screen.findByText("Unknown step")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save and continue" })).toBeNull();
  });
});

describe("the wizard's limits, said humanely", () => {
  it("counts the title as it is typed, refuses 41 of 32 characters with the reason, and goes on once shortened", async () => {
    const { calls } = stubFetch({
      "GET /api/resources/r1/edit": [200, resource({ step: "title" })],
      "PATCH /api/resources/r1": [200, resource({ step: "categories" })],
    });
    const { router } = renderScreen(ResourceWizard, "/resources/r1/edit/title", "/resources/:id/edit/:step");
    const title = await screen.findByLabelText("Title");
    expect(screen.getByText("14 of 32 characters")).toBeTruthy();
    const long = "Fraction Cards for the Whole Third Grade!";
    expect(long).toHaveLength(41);
    fireEvent.change(title, { target: { value: long } });
    expect(screen.getByText("41 of 32 characters").className).toContain("text-danger");
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByText("Too long: 41 of 32 characters")).toBeTruthy();
    expect(document.activeElement).toBe(title);
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);

    // The refusal follows the count while the creator shortens it, and goes once it fits.
    fireEvent.change(title, { target: { value: long.slice(0, 36) } });
    // The form checks a change as it happens, but not within the same tick.
    expect(await screen.findByText("Too long: 36 of 32 characters")).toBeTruthy();
    fireEvent.change(title, { target: { value: "Fraction Cards for Third Grade" } });
    await vi.waitFor(() => expect(screen.queryByText(/Too long/)).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/resources/r1/edit/categories"));
    expect(calls.find((c) => c.method === "PATCH")?.body).toMatchObject({
      title: "Fraction Cards for Third Grade",
    });
  });

  it("counts each standard against its 20 characters and names the one that is too long", async () => {
    stubFetch({ "GET /api/resources/r1/edit": [200, resource({ step: "standards" })] });
    renderScreen(ResourceWizard, "/resources/r1/edit/standards", "/resources/:id/edit/:step");
    const field = await screen.findByLabelText("Standards");
    fireEvent.change(field, { target: { value: "3.NF.A.1, Common Core Fractions 3rd" } });
    const items = screen.getByRole("list", { name: "Standards as teachers will see them" });
    expect(within(items).getByText("8 of 20 characters")).toBeTruthy();
    expect(within(items).getByText("25 of 20 characters").className).toContain("text-danger");
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(
      await screen.findByText("“Common Core Fractions 3rd” is too long: 25 of 20 characters"),
    ).toBeTruthy();
  });

  it("refuses a file too large for the room left with its size, the limit and the room", async () => {
    class TooLarge {
      status = 0;
      responseText = "";
      upload = {};
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        this.status = 413;
        this.responseText = JSON.stringify({
          error: "payload_too_large",
          message: "Files together may not be larger than 200 MB",
          fields: { files: "combined_size_exceeded" },
        });
        setTimeout(() => this.onload?.());
      }
    }
    vi.stubGlobal("XMLHttpRequest", TooLarge);
    stubFetch({
      "GET /api/resources/r1/edit": [
        200,
        resource({
          step: "files",
          resources_files_models: [{ ...file("f1", "cards.pdf"), size_bytes: 150_000_000 }],
        }),
      ],
    });
    renderScreen(ResourceWizard, "/resources/r1/edit/files", "/resources/:id/edit/:step");
    fireEvent.change(await screen.findByLabelText("Add a file"), {
      target: { files: [new File(["%PDF-1.4"], "big.pdf", { type: "application/pdf" })] },
    });
    expect(
      await screen.findByText(
        "big.pdf is 8 B, and your files together may be up to 200 MB: there is room for 50 MB more.",
      ),
    ).toBeTruthy();
  });

  it("keeps the pages chosen from the files when the creator visits another step and comes back", async () => {
    const page = { name: "f1-1", locator: "previews/r1/generated/f1-1.webp", width: 692, height: 896 };
    const { calls } = stubFetch({
      "GET /api/resources/r1/edit": [
        200,
        resource({ step: "images", resources_files_models: [file("f1", "cards.pdf")] }),
      ],
      "GET /api/resources/r1/previews/generated": [200, { previews: [page] }],
      "POST /api/resources/r1/previews": [201, {}],
      "PATCH /api/resources/r1": [200, resource({ step: "price" })],
    });
    const { router } = renderScreen(ResourceWizard, "/resources/r1/edit/images", "/resources/:id/edit/:step");
    fireEvent.click(await screen.findByRole("button", { name: "Show pages from your files" }));
    fireEvent.click(await screen.findByRole("button", { name: "Use page 1" }));
    const previews = screen.getByRole("list", { name: "Preview images" });
    expect(within(previews).getByRole("img", { name: "Preview 1" }).getAttribute("src")).toContain(
      page.locator,
    );

    await act(() => router.navigate("/resources/r1/edit/price"));
    expect(await screen.findByLabelText("Price in dollars")).toBeTruthy();
    await act(() => router.navigate("/resources/r1/edit/images"));

    const again = await screen.findByRole("list", { name: "Preview images" });
    expect(within(again).getByRole("img", { name: "Preview 1" }).getAttribute("src")).toContain(page.locator);
    expect(screen.getByText("Page 1 is in your previews")).toBeTruthy();
    // The slot's small actions are the kit's buttons, at its smallest size.
    expect(within(again).getByRole("button", { name: "Hide" }).className).toBe(
      buttonClass("secondary", "xs"),
    );
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === "POST" && c.url.endsWith("/previews"))?.body).toEqual({
        generatedPreviewName: "f1-1",
        orderIndex: 0,
      }),
    );
  });

  it("shows the card and the page as teachers will see them before the primary Submit for review", async () => {
    const saved = resource({
      step: "status",
      price: 400,
      resources_files_models: [file("f1", "cards.pdf")],
    });
    const detail = makeDetail({
      id: "r1",
      name: "fraction-cards",
      title: "Fraction Cards",
      price: 400,
      approval_status: "creating",
      status: "inactive",
      isOwned: true,
      users_model: { id: "u1", username: "ada", first_name: "Ada", avatar_locator: null },
    });
    stubFetch({
      "GET /api/resources/r1/edit": [200, saved],
      "GET /api/resources/r1": [200, detail],
    });
    renderScreen(ResourceWizard, "/resources/r1/edit/status", "/resources/:id/edit/:step");
    const preview = await screen.findByRole("region", { name: "How teachers will see it" });
    // The real card: its title links to the page, with the price; and the real page, as a buyer sees it.
    await vi.waitFor(() =>
      expect(preview.querySelector('a[href="/resources/fraction-cards"]')?.textContent).toBe(
        "Fraction Cards",
      ),
    );
    expect(within(preview).getByRole("heading", { level: 3, name: "Fraction Cards" })).toBeTruthy();
    expect(preview.textContent).toContain("Buy for $4.00");
    expect(preview.textContent).not.toContain("Edit");
    const submit = screen.getByRole("button", { name: "Submit for review" });
    expect(submit.className).toContain("bg-accent");
    // The preview comes before the action it prepares.
    expect(preview.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says what is wrong with a refused submission, with the count and the limit", async () => {
    stubFetch({
      "GET /api/resources/r1/edit": [200, resource({ step: "status", title: "x".repeat(41) })],
      "GET /api/resources/r1": [200, makeDetail({ id: "r1" })],
      "POST /api/resources/r1/approval-request": [
        400,
        { error: "validation_failed", message: "Some fields are not valid", fields: { title: "too_long" } },
      ],
    });
    renderScreen(ResourceWizard, "/resources/r1/edit/status", "/resources/:id/edit/:step");
    fireEvent.click(await screen.findByRole("button", { name: "Submit for review" }));
    expect(await screen.findByText("Title: Too long: 41 of 32 characters")).toBeTruthy();
  });
});

describe("the review queue", () => {
  it("lets the reviewer open each submitted file, the premium one too, through the reviewer's route", async () => {
    storeSession(makeToken({ sub: "a1", exp: inOneHour(), scopes: ["admin"] }), makeSelfUser({ id: "a1" }));
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    const { calls } = stubFetch({
      "GET /api/admin/resources/review-queue": [
        200,
        {
          resources: [
            {
              id: "r1",
              name: "fraction-cards",
              title: "Fraction Cards",
              status: "inactive",
              approval_status: "awaiting_approval",
              curator_score: null,
              price: 400,
              creator: { id: "u1", username: "ada", first_name: "Ada", avatar_locator: null },
              submitted_at: "2026-11-20T10:00:00.000Z",
              files: [
                { id: "f1", name: "cards.pdf", size_bytes: 1200, is_premium_file: false },
                { id: "f2", name: "cards-full.pdf", size_bytes: 5400, is_premium_file: true },
              ],
            },
          ],
          total: 1,
        },
      ],
      "GET /api/admin/resources/r1/files/f2": [200, { pdf: true }],
    });
    renderScreen(ReviewQueuePage, "/admin/exceptions/publishing");
    const files = await screen.findByRole("region", { name: "Files of “Fraction Cards”" });
    expect(within(files).getByText("Premium")).toBeTruthy();
    fireEvent.click(within(files).getByRole("button", { name: "Download cards-full.pdf" }));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const opened = calls.find((c) => c.url.endsWith("/admin/resources/r1/files/f2"));
    expect(opened?.headers.Authorization).toMatch(/^Bearer /);
  });
});
