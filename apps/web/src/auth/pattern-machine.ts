import { COUNTS, PATTERN_LENGTH, TIMINGS } from "@market/domain";

/**
 * The security-pattern challenge (spec sections 4, 8 and 9) as a pure state machine. The user picks 4 to 8
 * of the 14 pattern images in order and submits. A wrong entry shows an error for TIMINGS.patternErrorMs, then
 * the input resets; after COUNTS.patternTries wrong entries the challenge is exhausted. A right entry shows
 * success for TIMINGS.patternSuccessMs, then logs in after TIMINGS.patternLoginDelayMs more.
 */
export type PatternStatus =
  | "entering"
  | "submitting"
  | "error"
  | "success"
  | "logging-in"
  | "done"
  | "exhausted";

export interface PatternState {
  status: PatternStatus;
  sequence: number[];
  /** Wrong entries so far (the spec's recentTries). */
  recentTries: number;
  maxTries: number;
}

export type PatternEvent =
  | { type: "pick"; index: number }
  | { type: "undo" }
  | { type: "clear" }
  | { type: "submit" }
  | { type: "wrong" }
  | { type: "right" }
  | { type: "error-shown" }
  | { type: "success-shown" }
  | { type: "login-delay-elapsed" }
  /** The request failed for another reason (network, rate limit): back to entering, no try counted. */
  | { type: "failed" };

export const patternDelays = {
  errorMs: TIMINGS.patternErrorMs,
  successMs: TIMINGS.patternSuccessMs,
  loginDelayMs: TIMINGS.patternLoginDelayMs,
} as const;

export function initialPatternState(maxTries: number = COUNTS.patternTries): PatternState {
  return { status: "entering", sequence: [], recentTries: 0, maxTries };
}

export const canSubmitPattern = (state: PatternState) =>
  state.status === "entering" && state.sequence.length >= PATTERN_LENGTH.min;

export function patternReducer(state: PatternState, event: PatternEvent): PatternState {
  switch (event.type) {
    case "pick":
      if (state.status !== "entering" || state.sequence.length >= PATTERN_LENGTH.max) return state;
      if (!Number.isInteger(event.index) || event.index < 0 || event.index >= COUNTS.patternImages)
        return state;
      return { ...state, sequence: [...state.sequence, event.index] };
    case "undo":
      return state.status === "entering" ? { ...state, sequence: state.sequence.slice(0, -1) } : state;
    case "clear":
      return state.status === "entering" ? { ...state, sequence: [] } : state;
    case "submit":
      return canSubmitPattern(state) ? { ...state, status: "submitting" } : state;
    case "wrong": {
      if (state.status !== "submitting") return state;
      const recentTries = state.recentTries + 1;
      return { ...state, recentTries, status: recentTries >= state.maxTries ? "exhausted" : "error" };
    }
    case "failed":
      return state.status === "submitting" ? { ...state, status: "entering" } : state;
    case "error-shown":
      return state.status === "error" ? { ...state, status: "entering", sequence: [] } : state;
    case "right":
      return state.status === "submitting" ? { ...state, status: "success" } : state;
    case "success-shown":
      return state.status === "success" ? { ...state, status: "logging-in" } : state;
    case "login-delay-elapsed":
      return state.status === "logging-in" ? { ...state, status: "done" } : state;
  }
}

/** Where pattern image i (0..13 in the API) is served: image i + 1. */
export function patternImageUrl(index: number): string {
  return `/api/files/patterns/${index + 1}.png`;
}
