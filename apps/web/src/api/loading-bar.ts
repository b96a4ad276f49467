import { LOADING_BAR } from "@market/domain";

/**
 * The top loading bar's state machine (spec section 9: throttle 200 ms, duration 5000 ms, hide delay 500 ms).
 * idle -> waiting (a request started; nothing shown yet) -> running (still busy after the throttle: the bar
 * shows and grows toward full over the duration) -> done | failed (all requests ended: full bar, red on any
 * failure) -> idle after the hide delay. A failure shows even when the requests ended inside the throttle,
 * because an error is worth a glance; a fast success never shows.
 */
export type LoadingBarPhase = "idle" | "waiting" | "running" | "done" | "failed";

export interface LoadingBarState {
  phase: LoadingBarPhase;
  visible: boolean;
  /** Increments each time the bar starts running, so the view can restart its animation. */
  run: number;
}

export interface LoadingBarTimings {
  throttleMs: number;
  durationMs: number;
  hideDelayMs: number;
}

export interface LoadingBar {
  getState(): LoadingBarState;
  subscribe(listener: () => void): () => void;
  /** Marks a request as started. Call the returned function once, when it ends. */
  begin(): (ok: boolean) => void;
  readonly timings: LoadingBarTimings;
}

type TimerId = ReturnType<typeof setTimeout>;

export function createLoadingBar(timings: LoadingBarTimings = LOADING_BAR): LoadingBar {
  let state: LoadingBarState = { phase: "idle", visible: false, run: 0 };
  let active = 0;
  let failedInBatch = false;
  let throttleTimer: TimerId | undefined;
  let hideTimer: TimerId | undefined;
  const listeners = new Set<() => void>();

  const set = (phase: LoadingBarPhase, run = state.run) => {
    state = { phase, visible: phase === "running" || phase === "done" || phase === "failed", run };
    for (const listener of listeners) listener();
  };

  const scheduleHide = () => {
    hideTimer = setTimeout(() => {
      hideTimer = undefined;
      failedInBatch = false;
      set("idle");
    }, timings.hideDelayMs);
  };

  const settle = () => {
    if (throttleTimer !== undefined) {
      clearTimeout(throttleTimer);
      throttleTimer = undefined;
    }
    if (state.phase === "waiting" && !failedInBatch) {
      set("idle");
      return;
    }
    set(failedInBatch ? "failed" : "done");
    scheduleHide();
  };

  const begin = () => {
    active += 1;
    if (hideTimer !== undefined) {
      clearTimeout(hideTimer);
      hideTimer = undefined;
    }
    if (state.phase === "done" || state.phase === "failed") {
      failedInBatch = false;
      set("running", state.run + 1);
    } else if (state.phase === "idle") {
      set("waiting");
      throttleTimer = setTimeout(() => {
        throttleTimer = undefined;
        if (active > 0) set("running", state.run + 1);
      }, timings.throttleMs);
    }
    let ended = false;
    return (ok: boolean) => {
      if (ended) return;
      ended = true;
      active -= 1;
      if (!ok) failedInBatch = true;
      if (active === 0) settle();
    };
  };

  return {
    timings,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    begin,
  };
}

/** The app's one bar, driven by every API request. */
export const loadingBar = createLoadingBar();
