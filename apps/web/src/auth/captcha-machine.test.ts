import { TIMINGS } from "@market/domain";
import { describe, expect, it } from "vitest";
import {
  CAPTCHA_IDLE,
  type CaptchaChallenge,
  type CaptchaEvent,
  type CaptchaState,
  captchaDelays,
  captchaReducer,
} from "./captcha-machine.ts";

const challenge: CaptchaChallenge = {
  id: "c1",
  challenge: "Select every blue circle.",
  inputs: Array.from({ length: 9 }, (_, i) => ({ code: `k${i}`, image: "data:image/png;base64,AA" })),
};

const wordChallenge: CaptchaChallenge = {
  id: "c2",
  challenge: "Select every word that names an animal.",
  inputs: ["dog", "spoon", "tram", "owl", "harp", "knee", "sofa", "golf", "plum"].map((text, i) => ({
    code: `w${i}`,
    text,
  })),
};

const run = (events: CaptchaEvent[], from: CaptchaState = CAPTCHA_IDLE) =>
  events.reduce(captchaReducer, from);
const shown: CaptchaEvent[] = [{ type: "open" }, { type: "loaded", challenge }];

describe("captcha machine", () => {
  it("uses the spec's timings: a check waits 0.5 s, a failure shows for 2 s", () => {
    expect(captchaDelays.checkMs).toBe(500);
    expect(captchaDelays.failureNoticeMs).toBe(2000);
    expect(TIMINGS.captchaCheckMs).toBe(captchaDelays.checkMs);
  });

  it.each([
    ["idle until a blocked request opens it", [], "idle"],
    ["showing once opened", [{ type: "open" }], "showing"],
    ["checking after Check", [...shown, { type: "check" }], "checking"],
    [
      "still checking when the answer came before 0.5 s",
      [...shown, { type: "check" }, { type: "answered", answer: { captchaToken: "t" } }],
      "checking",
    ],
    [
      "still checking when 0.5 s passed without an answer",
      [...shown, { type: "check" }, { type: "check-time-elapsed" }],
      "checking",
    ],
    [
      "checked-success with the answer and the wait",
      [
        ...shown,
        { type: "check" },
        { type: "answered", answer: { captchaToken: "t" } },
        { type: "check-time-elapsed" },
      ],
      "checked-success",
    ],
    [
      "checked-failure with the timeout",
      [
        ...shown,
        { type: "check" },
        { type: "check-time-elapsed" },
        { type: "answered", answer: { timeout: 2 } },
      ],
      "checked-failure",
    ],
    [
      "showing a fresh challenge after the failure notice",
      [
        ...shown,
        { type: "check" },
        { type: "check-time-elapsed" },
        { type: "answered", answer: { timeout: 2 } },
        { type: "failure-shown" },
      ],
      "showing",
    ],
    ["idle when closed", [...shown, { type: "close" }], "idle"],
  ] as [string, CaptchaEvent[], CaptchaState["status"]][])("is %s", (_name, events, status) => {
    expect(run(events).status).toBe(status);
  });

  it("toggles inputs, resets them, and sends nothing before a challenge loaded", () => {
    const state = run([...shown, { type: "toggle", code: "k1" }, { type: "toggle", code: "k4" }]);
    expect(state).toMatchObject({ selected: ["k1", "k4"] });
    expect(run([{ type: "toggle", code: "k1" }], state)).toMatchObject({ selected: ["k4"] });
    expect(run([{ type: "reset" }], state)).toMatchObject({ selected: [] });
    expect(run([{ type: "toggle", code: "nope" }], state)).toBe(state);
    expect(run([{ type: "open" }, { type: "check" }]).status).toBe("showing");
  });

  it("keeps the token on success and the timeout on failure; a new challenge starts empty", () => {
    const success = run([
      ...shown,
      { type: "check" },
      { type: "answered", answer: { captchaToken: "tok" } },
      { type: "check-time-elapsed" },
    ]);
    expect(success).toMatchObject({ status: "checked-success", captchaToken: "tok" });
    const failure = run([
      ...shown,
      { type: "toggle", code: "k2" },
      { type: "check" },
      { type: "answered", answer: { timeout: 2 } },
      { type: "check-time-elapsed" },
    ]);
    expect(failure).toMatchObject({ status: "checked-failure", timeout: 2 });
    expect(run([{ type: "failure-shown" }], failure)).toEqual({
      status: "showing",
      challenge: null,
      selected: [],
      mode: "image",
    });
  });

  it("switches to the text question and back, dropping the challenge, and keeps the mode after a failure", () => {
    const picked = run([...shown, { type: "toggle", code: "k1" }]);
    const text = run([{ type: "switch-mode", mode: "text" }], picked);
    expect(text).toEqual({ status: "showing", challenge: null, selected: [], mode: "text" });
    expect(run([{ type: "switch-mode", mode: "text" }], text)).toBe(text);
    const failed = run(
      [
        { type: "loaded", challenge: wordChallenge },
        { type: "check" },
        { type: "answered", answer: { timeout: 2 } },
        { type: "check-time-elapsed" },
      ],
      text,
    );
    expect(run([{ type: "switch-mode", mode: "image" }], failed)).toBe(failed);
    expect(run([{ type: "failure-shown" }], failed)).toMatchObject({ challenge: null, mode: "text" });
    expect(run([{ type: "switch-mode", mode: "image" }], text)).toMatchObject({ mode: "image" });
  });
});
