import { DEFAULT_SITE_SETTINGS, DEFAULT_TEXTS } from "@market/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeSelfUser } from "../test/factories.ts";
import { inOneHour, makeToken } from "../test/tokens.ts";
import { useIdleRedirect } from "./idle.ts";
import { createQueryClient } from "./query-client.ts";
import { clearSession, storeSession } from "./session.ts";
import { siteQueries } from "./site-config.ts";

function Page() {
  useIdleRedirect();
  return <p>Page</p>;
}

function renderAt(path: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteQueries.texts.queryKey, { ...DEFAULT_TEXTS });
  queryClient.setQueryData(siteQueries.settings.queryKey, {
    ...DEFAULT_SITE_SETTINGS,
    idleTimeoutSeconds: 30,
  });
  const router = createMemoryRouter([{ path: "*", Component: Page }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("idle behaviour (spec 2)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    clearSession();
  });

  it("sends a signed-in user who is shown ads to /offers after idleTimeoutSeconds without mouse movement", () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    const router = renderAt("/new");
    act(() => vi.advanceTimersByTime(20_000));
    // Moving the mouse starts the wait again.
    act(() => {
      fireEvent.mouseMove(window);
      vi.advanceTimersByTime(20_000);
    });
    expect(router.state.location.pathname).toBe("/new");
    act(() => vi.advanceTimersByTime(10_001));
    expect(router.state.location.pathname).toBe("/offers");
  });

  it("leaves visitors and pages under /offers alone", () => {
    const router = renderAt("/new");
    act(() => vi.advanceTimersByTime(60_000));
    expect(router.state.location.pathname).toBe("/new");
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    const offers = renderAt("/offers/1");
    act(() => vi.advanceTimersByTime(60_000));
    expect(offers.state.location.pathname).toBe("/offers/1");
  });
});
