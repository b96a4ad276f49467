import { TIMINGS } from "@market/domain";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearRequestLimit,
  countdownSeconds,
  formatCountdown,
  recordRequestLimit,
  requestLimitStore,
  useRequestLimit,
} from "./request-limit.ts";

const now = Date.parse("2030-01-01T10:00:00Z");

describe("request-limit state", () => {
  it("records a 429 per URL and clears it on the next success of that URL only", () => {
    let state = recordRequestLimit({}, "/auth/token", {
      earliestRetry: "2030-01-01T10:00:30Z",
      isLocked: true,
    });
    state = recordRequestLimit(state, "/auth/sign-up", { isLocked: false });
    expect(state["/auth/sign-up"]).toEqual({ earliestRetry: null, isLocked: false });
    state = clearRequestLimit(state, "/auth/sign-up");
    expect(Object.keys(state)).toEqual(["/auth/token"]);
    expect(clearRequestLimit(state, "/other")).toBe(state);
  });

  it.each([
    ["locked, 30 s to go", { earliestRetry: "2030-01-01T10:00:30Z", isLocked: true }, 30],
    ["locked, 0.2 s to go rounds up", { earliestRetry: "2030-01-01T10:00:00.200Z", isLocked: true }, 1],
    ["locked, time reached clears at 0", { earliestRetry: "2030-01-01T10:00:00Z", isLocked: true }, null],
    ["not locked has no countdown", { earliestRetry: "2030-01-01T10:00:30Z", isLocked: false }, null],
    ["no earliestRetry", { earliestRetry: null, isLocked: true }, null],
  ])("%s", (_name, limit, expected) => {
    expect(countdownSeconds(limit, now)).toBe(expected);
  });

  it("formats the countdown", () => {
    expect(formatCountdown(5)).toBe("0:05");
    expect(formatCountdown(905)).toBe("15:05");
    expect(formatCountdown(3725)).toBe("1:02:05");
  });
});

function Countdown() {
  const { secondsLeft, limit } = useRequestLimit("/auth/token");
  return <p>{limit ? `limited ${secondsLeft ?? "none"}` : "free"}</p>;
}

describe("useRequestLimit", () => {
  afterEach(() => {
    vi.useRealTimers();
    requestLimitStore.clear("/auth/token");
  });

  it(`ticks every ${TIMINGS.retryCountdownTickMs} ms and clears at 0`, () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    render(<Countdown />);
    expect(screen.getByText("free")).toBeTruthy();
    act(() =>
      requestLimitStore.record("/auth/token", { earliestRetry: "2030-01-01T10:00:03Z", isLocked: true }),
    );
    expect(screen.getByText("limited 3")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("limited 2")).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText("free")).toBeTruthy();
  });
});
