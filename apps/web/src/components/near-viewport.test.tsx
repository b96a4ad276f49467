import { act, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useNearViewport } from "./near-viewport.ts";

/** An IntersectionObserver the test moves by hand: `reach()` says the watched element came near. */
class HandObserver {
  static last: HandObserver | null = null;
  constructor(private readonly callback: IntersectionObserverCallback) {
    HandObserver.last = this;
  }
  observed: Element[] = [];
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  reach() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

function Probe({ now = false }: { now?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, now);
  return <div ref={ref}>{near ? "loaded" : "waiting"}</div>;
}

afterEach(() => vi.unstubAllGlobals());

describe("useNearViewport", () => {
  it("waits until the element nears the viewport, then stays loaded", () => {
    vi.stubGlobal("IntersectionObserver", HandObserver);
    render(<Probe />);
    expect(screen.getByText("waiting")).toBeTruthy();
    act(() => HandObserver.last!.reach());
    expect(screen.getByText("loaded")).toBeTruthy();
    expect(HandObserver.last!.observed).toEqual([]);
  });

  it("loads at once when asked for (the address names the part)", () => {
    vi.stubGlobal("IntersectionObserver", HandObserver);
    render(<Probe now />);
    expect(screen.getByText("loaded")).toBeTruthy();
  });

  it("loads at once where the browser cannot observe", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<Probe />);
    expect(screen.getByText("loaded")).toBeTruthy();
  });
});
