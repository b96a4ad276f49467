import { type CaptchaChallenge, type CaptchaMode, type CaptchaSolveResponse, TIMINGS } from "@market/domain";

/**
 * The captcha challenge (spec sections 3, 4 and 8) as a pure state machine. A blocked request opens it
 * (showing); Check sends the answer and waits at least TIMINGS.captchaCheckMs (checking) before the answer
 * shows; a right answer ends in checked-success with the single-use captcha token; a wrong one shows
 * checked-failure with the server's timeout for TIMINGS.captchaFailureNoticeMs, then a new challenge loads.
 * While showing, the user may switch between pictures and a text question (for people who cannot see
 * the pictures); a switch drops the challenge and loads one of the other kind, and later challenges keep
 * the chosen kind.
 */
export type { CaptchaChallenge, CaptchaMode };
export type CaptchaAnswer = CaptchaSolveResponse;

interface Shown {
  /** null while a challenge is being fetched. */
  challenge: CaptchaChallenge | null;
  selected: string[];
  mode: CaptchaMode;
}

export type CaptchaState =
  | { status: "idle" }
  | ({ status: "showing" } & Shown)
  | ({ status: "checking"; answer: CaptchaAnswer | null; waited: boolean } & Shown)
  | ({ status: "checked-success"; captchaToken: string } & Shown)
  | ({ status: "checked-failure"; timeout: number } & Shown);

export type CaptchaEvent =
  | { type: "open" }
  | { type: "loaded"; challenge: CaptchaChallenge }
  | { type: "toggle"; code: string }
  | { type: "switch-mode"; mode: CaptchaMode }
  | { type: "reset" }
  | { type: "check" }
  | { type: "answered"; answer: CaptchaAnswer }
  | { type: "check-time-elapsed" }
  | { type: "failure-shown" }
  | { type: "close" };

export const CAPTCHA_IDLE: CaptchaState = { status: "idle" };

export const captchaDelays = {
  checkMs: TIMINGS.captchaCheckMs,
  failureNoticeMs: TIMINGS.captchaFailureNoticeMs,
} as const;

function settle(state: Extract<CaptchaState, { status: "checking" }>): CaptchaState {
  if (!state.waited || !state.answer) return state;
  const { challenge, selected, mode } = state;
  return "captchaToken" in state.answer
    ? { status: "checked-success", challenge, selected, mode, captchaToken: state.answer.captchaToken }
    : { status: "checked-failure", challenge, selected, mode, timeout: state.answer.timeout };
}

export function captchaReducer(state: CaptchaState, event: CaptchaEvent): CaptchaState {
  switch (event.type) {
    case "open":
      return state.status === "idle"
        ? { status: "showing", challenge: null, selected: [], mode: "image" }
        : state;
    case "close":
      return CAPTCHA_IDLE;
    case "loaded":
      return state.status === "showing" ? { ...state, challenge: event.challenge, selected: [] } : state;
    case "toggle": {
      if (state.status !== "showing" || !state.challenge) return state;
      if (!state.challenge.inputs.some((input) => input.code === event.code)) return state;
      const selected = state.selected.includes(event.code)
        ? state.selected.filter((code) => code !== event.code)
        : [...state.selected, event.code];
      return { ...state, selected };
    }
    case "switch-mode":
      return state.status === "showing" && state.mode !== event.mode
        ? { status: "showing", challenge: null, selected: [], mode: event.mode }
        : state;
    case "reset":
      return state.status === "showing" ? { ...state, selected: [] } : state;
    case "check":
      if (state.status !== "showing" || !state.challenge) return state;
      return { ...state, status: "checking", answer: null, waited: false };
    case "answered":
      return state.status === "checking" ? settle({ ...state, answer: event.answer }) : state;
    case "check-time-elapsed":
      return state.status === "checking" ? settle({ ...state, waited: true }) : state;
    case "failure-shown":
      return state.status === "checked-failure"
        ? { status: "showing", challenge: null, selected: [], mode: state.mode }
        : state;
  }
}
