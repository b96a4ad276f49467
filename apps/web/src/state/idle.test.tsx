import { DEFAULT_SITE_SETTINGS, DEFAULT_TEXTS } from "@market/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeSelfUser } from "../test/factories.ts";
import { inOneHour, makeToken } from "../test/tokens.ts";
import { IDLE_ACTIVITY_EVENTS, useHoldIdleRedirect, useIdleRedirect } from "./idle.ts";
import { createQueryClient } from "./query-client.ts";
import { clearSession, storeSession } from "./session.ts";
import { siteQueries } from "./site-config.ts";

function Page() {
  useIdleRedirect();
  return (
    <form>
      <label>
        Title <input name="title" />
      </label>
      <search>
        <label>
          Search <input name="q" type="search" />
        </label>
      </search>
    </form>
  );
}

function HoldingPage() {
  useIdleRedirect();
  useHoldIdleRedirect();
  return <p>Checkout</p>;
}

function renderAt(path: string, Component = Page) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteQueries.texts.queryKey, { ...DEFAULT_TEXTS });
  queryClient.setQueryData(siteQueries.settings.queryKey, {
    ...DEFAULT_SITE_SETTINGS,
    idleTimeoutSeconds: 30,
  });
  const router = createMemoryRouter([{ path: "*", Component }], { initialEntries: [path] });
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

  it.each([
    ["a scroll", () => fireEvent.scroll(window)],
    ["a key press", () => fireEvent.keyDown(document.body, { key: "a" })],
    ["a touch", () => fireEvent.touchStart(document.body)],
    ["a tap", () => fireEvent.pointerDown(document.body)],
    ["a focus change", () => fireEvent.focusIn(document.body)],
    ["a wheel turn", () => fireEvent.wheel(document.body)],
  ])("counts %s as activity, not only mouse movement (issue 18)", (_name, act_) => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    const router = renderAt("/resources/fractions");
    // A phone reader scrolls every 20 s for 2 minutes, four times the 30 s timeout, and stays.
    for (let i = 0; i < 6; i += 1) {
      act(() => vi.advanceTimersByTime(20_000));
      act(act_);
    }
    expect(router.state.location.pathname).toBe("/resources/fractions");
    act(() => vi.advanceTimersByTime(30_001));
    expect(router.state.location.pathname).toBe("/offers");
  });

  it("lists pointer, keyboard, touch, scroll and focus activity", () => {
    for (const type of ["pointermove", "keydown", "touchstart", "scroll", "focusin"]) {
      expect(IDLE_ACTIVITY_EVENTS).toContain(type);
    }
  });

  it("never redirects from a screen that holds its work (checkout, wizards, bulk e-mail)", () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    const router = renderAt("/resources/7/purchase", HoldingPage);
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(router.state.location.pathname).toBe("/resources/7/purchase");
  });

  it("never redirects from a page with typed input until the user leaves it; a search box does not hold", () => {
    storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
    const router = renderAt("/profile/@ada/message");
    fireEvent.input(screen.getByLabelText("Search"), { target: { value: "fractions" } });
    act(() => vi.advanceTimersByTime(30_001));
    expect(router.state.location.pathname).toBe("/offers");

    const typed = renderAt("/profile/@ada/message");
    fireEvent.input(screen.getAllByLabelText("Title").at(-1)!, { target: { value: "Hello" } });
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(typed.state.location.pathname).toBe("/profile/@ada/message");
    // On another page the typed text is gone with its page, and the idle behaviour is back.
    act(() => {
      void typed.navigate("/new");
    });
    act(() => vi.advanceTimersByTime(30_001));
    expect(typed.state.location.pathname).toBe("/offers");
  });
});
