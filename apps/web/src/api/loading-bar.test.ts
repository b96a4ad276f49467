import { LOADING_BAR } from "@market/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLoadingBar } from "./loading-bar.ts";

describe("loading bar", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("uses the spec timings", () => {
    expect(createLoadingBar().timings).toEqual({ throttleMs: 200, durationMs: 5000, hideDelayMs: 500 });
  });

  it("never shows for a request that succeeds inside the throttle", () => {
    const bar = createLoadingBar(LOADING_BAR);
    const seen: boolean[] = [];
    bar.subscribe(() => seen.push(bar.getState().visible));
    const end = bar.begin();
    vi.advanceTimersByTime(LOADING_BAR.throttleMs - 1);
    end(true);
    vi.advanceTimersByTime(10_000);
    expect(seen.every((visible) => !visible)).toBe(true);
    expect(bar.getState().phase).toBe("idle");
  });

  it("shows after the throttle, completes, and hides after the hide delay", () => {
    const bar = createLoadingBar(LOADING_BAR);
    const end = bar.begin();
    expect(bar.getState()).toMatchObject({ phase: "waiting", visible: false });
    vi.advanceTimersByTime(LOADING_BAR.throttleMs);
    expect(bar.getState()).toMatchObject({ phase: "running", visible: true, run: 1 });
    end(true);
    expect(bar.getState()).toMatchObject({ phase: "done", visible: true });
    vi.advanceTimersByTime(LOADING_BAR.hideDelayMs - 1);
    expect(bar.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toMatchObject({ phase: "idle", visible: false });
  });

  it("stays running until the last of several requests ends", () => {
    const bar = createLoadingBar(LOADING_BAR);
    const endA = bar.begin();
    const endB = bar.begin();
    vi.advanceTimersByTime(LOADING_BAR.throttleMs);
    endA(true);
    endA(true);
    expect(bar.getState().phase).toBe("running");
    endB(true);
    expect(bar.getState().phase).toBe("done");
  });

  it("shows the failed state when any request of the batch fails, even a fast one", () => {
    const bar = createLoadingBar(LOADING_BAR);
    const slow = bar.begin();
    vi.advanceTimersByTime(LOADING_BAR.throttleMs);
    bar.begin()(false);
    slow(true);
    expect(bar.getState()).toMatchObject({ phase: "failed", visible: true });
    vi.advanceTimersByTime(LOADING_BAR.hideDelayMs);
    expect(bar.getState().phase).toBe("idle");

    bar.begin()(false);
    expect(bar.getState()).toMatchObject({ phase: "failed", visible: true });
    vi.advanceTimersByTime(LOADING_BAR.hideDelayMs);
    expect(bar.getState().phase).toBe("idle");
  });

  it("restarts running when a request begins while the bar is hiding", () => {
    const bar = createLoadingBar(LOADING_BAR);
    const first = bar.begin();
    vi.advanceTimersByTime(LOADING_BAR.throttleMs);
    first(true);
    const second = bar.begin();
    expect(bar.getState()).toMatchObject({ phase: "running", run: 2 });
    vi.advanceTimersByTime(LOADING_BAR.hideDelayMs * 4);
    expect(bar.getState().phase).toBe("running");
    second(true);
    expect(bar.getState().phase).toBe("done");
  });
});
