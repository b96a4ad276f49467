import { DEFAULT_TEXTS } from "@market/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GuardDeps } from "./guards/run-guards.ts";
import { buildRoutes } from "./router.tsx";
import { queryClient } from "./state/query-client.ts";
import { siteQueries } from "./state/site-config.ts";

function deps(overrides: Partial<GuardDeps> = {}): GuardDeps {
  return {
    offlineMode: async () => false,
    loadConfiguration: async () => undefined,
    session: () => ({ loggedIn: false, isAdmin: false, user: null }),
    rememberPath: () => {},
    writeCookie: () => {},
    ...overrides,
  };
}

function renderAt(path: string, guardDeps: GuardDeps = deps()) {
  const router = createMemoryRouter(buildRoutes(guardDeps), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  // Screens read their copy from the cache the configuration guard filled; no request leaves the test.
  queryClient.setQueryData(siteQueries.texts.queryKey, { ...DEFAULT_TEXTS });
  queryClient.setQueryData(siteQueries.colors.queryKey, []);
  queryClient.setQueryData(siteQueries.cssOverride.queryKey, "");
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ resources: [], page: 1, pageSize: 12, total: 0 }))),
  );
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe("router", () => {
  it("shows the catch-all page with a link back home for an unknown path", async () => {
    renderAt("/no/such/page");
    const heading = await screen.findByRole("heading", { level: 1, name: "This page could not be found" });
    expect(heading).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the home page" }).getAttribute("href")).toBe("/");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });

  it("shows a pending screen with its title inside the layout", async () => {
    renderAt("/help");
    expect(await screen.findByRole("heading", { level: 1, name: "Help" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Skip to content" }).getAttribute("href")).toBe("#main");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
  });

  it("sends visitors of a login area to /login?next={area}", async () => {
    const router = renderAt("/favorites");
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe("/login?next=favorites");
  });

  it("sends everybody to /offline in offline mode", async () => {
    const router = renderAt("/new", deps({ offlineMode: async () => true }));
    expect(await screen.findByRole("heading", { level: 1, name: "We'll be right back" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/offline");
  });

  it("forwards index-all to /?hasError=true", async () => {
    const router = renderAt("/index-all");
    expect(await screen.findByRole("heading", { level: 1, name: "Teaching resources" })).toBeTruthy();
    expect(router.state.location.search).toBe("?hasError=true");
  });

  it("records a referral at /ref and forwards to its local ?to= (never elsewhere)", async () => {
    const cookies: string[] = [];
    const router = renderAt("/ref?refCode=ABCD2345&to=/new", deps({ writeCookie: (c) => cookies.push(c) }));
    expect(await screen.findByRole("heading", { level: 1, name: "New resources" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/new");
    expect(cookies.some((c) => c.includes("ABCD2345"))).toBe(true);
    const away = renderAt("/ref?refCode=ABCD2345&to=https://evil.example.com");
    await vi.waitFor(() => expect(away.state.location.pathname).toBe("/"));
  });

  it("treats a profile path without @ as not found", async () => {
    renderAt("/profile/ada");
    expect(
      await screen.findByRole("heading", { level: 1, name: "This page could not be found" }),
    ).toBeTruthy();
  });

  it("shows the generic error page with status 500 when a guard fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt("/help", deps({ loadConfiguration: async () => Promise.reject(new Error("boom")) }));
    expect(await screen.findByRole("heading", { level: 1, name: "Error" })).toBeTruthy();
    expect(screen.getByText("Status 500")).toBeTruthy();
    expect(screen.queryByText("boom")).toBeNull();
  });

  it("sends an unknown resource to /resource-not-found, which links home", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ error: "not_found", message: "No" }), { status: 404 })),
    );
    const router = renderAt("/resources/no-such-resource");
    expect(await screen.findByRole("heading", { level: 1, name: "Resource not found" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/resource-not-found");
    expect(screen.getByRole("link", { name: "Back to the home page" }).getAttribute("href")).toBe("/");
  });
});
