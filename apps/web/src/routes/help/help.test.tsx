import type { HelpEntry } from "@market/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import HelpEntryPage from "./HelpEntryPage.tsx";
import HelpPage from "./HelpPage.tsx";
import { HelpTermsGate } from "./HelpTermsGate.tsx";

const entry = (over: Partial<HelpEntry> = {}): HelpEntry => ({
  id: "11111111-1111-4111-8111-111111111111",
  name: "terms-of-service",
  type: "article",
  short_title: "Terms of service",
  long_title: "Lesson Loft terms of service",
  body: 'Be kind.<br>Read the <a href="/help">help</a>.',
  accent_color: null,
  order_index: 0,
  image_locator: null,
  image_alt_text: null,
  image_name: null,
  image_size_bytes: null,
  video_locator: null,
  video_name: null,
  video_size_bytes: null,
  image_entry: null,
  video_entry: null,
  is_pro_tip: false,
  terms_changed_at: "2026-11-23T10:00:00.000Z",
  updated_at: "2026-11-23T10:00:00.000Z",
  ...over,
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function PageWithGate() {
  return (
    <>
      <p>Any page</p>
      <HelpTermsGate />
    </>
  );
}

describe("the help modal while terms changed (spec 4)", () => {
  it("cannot be closed until the terms are accepted, then confirms on /terms-accepted", async () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    const { calls } = stubFetch({
      "GET /api/help/tos-changed": [200, { entries: [entry()] }],
      "PUT /api/help/tos-agreement": [200, { accepted: 1, pending: [] }],
    });
    const { router } = renderScreen(PageWithGate, "/");
    const dialog = await screen.findByRole("dialog", { name: "Updated terms of service" });
    expect(screen.getByRole("heading", { name: "Lesson Loft terms of service" })).toBeTruthy();
    // The body is rich text: the link renders, the markup does not.
    expect(screen.getByRole("link", { name: "help" }).getAttribute("href")).toBe("/help");
    expect(screen.queryByRole("button", { name: /close/i })).toBeNull();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.getByRole("dialog")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "I accept the updated terms" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/terms-accepted"));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      entries: [{ id: entry().id, terms_changed_at: entry().terms_changed_at }],
    });
  });

  it("asks nothing of a visitor", async () => {
    const { calls } = stubFetch({});
    renderScreen(PageWithGate, "/");
    expect(await screen.findByText("Any page")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe("help centre search", () => {
  it("searches the help book and shows the answers in place", async () => {
    const { calls } = stubFetch({
      "GET /api/help/random-pro-tip": [
        200,
        { proTip: { id: "t", title: "Save favorites", body: "Tap the heart." } },
      ],
      "GET /api/help/articles": (call) => [
        200,
        {
          entries: call.url.includes("q=refund")
            ? [entry({ name: "refunds", short_title: "Refunds", long_title: "", terms_changed_at: null })]
            : [],
          total: 1,
          page: 1,
          pageSize: 100,
        },
      ],
    });
    renderScreen(HelpPage, "/help");
    expect(await screen.findByText("Tap the heart.")).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search the help book" }), {
      target: { value: "refund" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("Refunds")).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/help/articles?q=refund")).toBe(true);
    expect(screen.getByRole("link", { name: "Open a support request" }).getAttribute("href")).toBe(
      "/support",
    );
  });
});

describe("help entry editor", () => {
  it("alerts 'Could not save entry.' when the save fails", async () => {
    storeSession(
      makeToken({ sub: "a1", exp: inOneHour(), scopes: ["admin"] }),
      makeSelfUser({ role: "admin" }),
    );
    stubFetch({
      "GET /api/help/": [200, { entries: [], total: 0, page: 1, pageSize: 100 }],
      "POST /api/help": [500, { error: "internal", message: "Error" }],
    });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    renderScreen(HelpEntryPage, "/helpbook/new-article", "/helpbook/:id");
    expect(await screen.findByRole("heading", { level: 1, name: "New article" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Short title"), { target: { value: "Grading" } });
    fireEvent.click(screen.getByRole("button", { name: "Save entry" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Could not save entry."));
  });

  it("checks the entry with the server's schema, in the site's words, and sends what it let through", async () => {
    storeSession(
      makeToken({ sub: "a1", exp: inOneHour(), scopes: ["admin"] }),
      makeSelfUser({ role: "admin" }),
    );
    const { calls } = stubFetch({
      "GET /api/help/": [200, { entries: [], total: 0, page: 1, pageSize: 100 }],
      "POST /api/help": [201, { item: entry({ name: "grading", short_title: "Grading" }) }],
    });
    renderScreen(HelpEntryPage, "/helpbook/new-article", "/helpbook/:id");
    expect(await screen.findByRole("heading", { level: 1, name: "New article" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save entry" }));
    expect(await screen.findByText("Required")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Short title"), { target: { value: "g".repeat(81) } });
    fireEvent.change(screen.getByLabelText("Name in the address"), {
      target: { value: "no spaces allowed" },
    });
    fireEvent.change(screen.getByLabelText("Order in its group"), { target: { value: "-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save entry" }));
    expect(await screen.findByText("Too long: 81 of 80 characters")).toBeTruthy();
    expect(screen.getByText("Check this value")).toBeTruthy();
    expect(screen.getByText("At least 0")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(screen.getByLabelText("Short title"), { target: { value: " Grading " } });
    fireEvent.change(screen.getByLabelText("Name in the address"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Order in its group"), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Save entry" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      type: "article",
      short_title: "Grading",
      long_title: "",
      body: "",
      accent_color: "#1d4ed8",
      image_alt_text: null,
      order_index: 3,
      is_pro_tip: false,
      image_entry_id: null,
      video_entry_id: null,
    });
  });

  it("tells a user who is not an admin that only admins add entries", async () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    stubFetch({});
    renderScreen(HelpEntryPage, "/helpbook/new-video", "/helpbook/:id");
    expect(await screen.findByText("Only admins can add entries to the help book.")).toBeTruthy();
  });
});

describe("help feedback", () => {
  it("sends the feedback trimmed, about no entry from the help centre, and thanks the reader", async () => {
    const { calls } = stubFetch({
      "GET /api/help/random-pro-tip": [200, { proTip: null }],
      "GET /api/help/articles": [200, { entries: [], total: 0, page: 1, pageSize: 100 }],
      "POST /api/help/feedback": [201, { received: true }],
    });
    renderScreen(HelpPage, "/help");
    const box = await screen.findByLabelText("Was something missing? Tell us what you looked for");
    const send = screen.getByRole("button", { name: "Send feedback" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(box, { target: { value: "  Nothing on refunds.  " } });
    fireEvent.click(send);
    expect(await screen.findByText("Thank you, your feedback reached the team.")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      feedback: "Nothing on refunds.",
      help_entry_id: null,
    });
  });
});
