import { COUNTS, PATTERN_LENGTH } from "@market/domain";
import { describe, expect, it } from "vitest";
import {
  canSubmitPattern,
  initialPatternState,
  type PatternEvent,
  type PatternState,
  patternDelays,
  patternImageUrl,
  patternReducer,
} from "./pattern-machine.ts";

const picks = (...indexes: number[]): PatternEvent[] => indexes.map((index) => ({ type: "pick", index }));
const run = (events: PatternEvent[], from: PatternState = initialPatternState()) =>
  events.reduce(patternReducer, from);
const wrongTry: PatternEvent[] = [...picks(0, 1, 2, 3), { type: "submit" }, { type: "wrong" }];

describe("pattern machine", () => {
  it("uses the spec's numbers: 14 images, 4 to 8 picks, 3 tries, error 1 s, success 3 s, login 0.5 s later", () => {
    expect(COUNTS.patternImages).toBe(14);
    expect(PATTERN_LENGTH).toEqual({ min: 4, max: 8 });
    expect(initialPatternState().maxTries).toBe(3);
    expect(patternDelays).toEqual({ errorMs: 1000, successMs: 3000, loginDelayMs: 500 });
  });

  it.each([
    ["fewer than 4 picks cannot be submitted", [...picks(1, 2, 3), { type: "submit" }], "entering", 3],
    ["4 picks submit", [...picks(1, 2, 3, 4), { type: "submit" }], "submitting", 4],
    ["at most 8 picks are kept", picks(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), "entering", 8],
    ["an image can repeat", picks(5, 5, 5, 5), "entering", 4],
    ["an index outside 0..13 is ignored", picks(14, -1), "entering", 0],
    ["undo removes the last pick", [...picks(1, 2), { type: "undo" }], "entering", 1],
    ["clear empties the input", [...picks(1, 2), { type: "clear" }], "entering", 0],
    ["a wrong entry shows the error", wrongTry, "error", 4],
    ["after the error the input resets", [...wrongTry, { type: "error-shown" }], "entering", 0],
    ["picks are ignored while the error shows", [...wrongTry, ...picks(9)], "error", 4],
    [
      "a right entry shows success",
      [...picks(1, 2, 3, 4), { type: "submit" }, { type: "right" }],
      "success",
      4,
    ],
    [
      "success is followed by logging in, then done",
      [...picks(1, 2, 3, 4), { type: "submit" }, { type: "right" }, { type: "success-shown" }],
      "logging-in",
      4,
    ],
    [
      "a failed request returns to entering without counting a try",
      [...picks(1, 2, 3, 4), { type: "submit" }, { type: "failed" }],
      "entering",
      4,
    ],
  ] as [string, PatternEvent[], PatternState["status"], number][])("%s", (_name, events, status, length) => {
    const state = run(events);
    expect(state.status).toBe(status);
    expect(state.sequence).toHaveLength(length);
  });

  it("allows three tries at most", () => {
    const twice = run([...wrongTry, { type: "error-shown" }, ...wrongTry, { type: "error-shown" }]);
    expect(twice).toMatchObject({ status: "entering", recentTries: 2 });
    const third = run(wrongTry, twice);
    expect(third).toMatchObject({ status: "exhausted", recentTries: 3 });
    expect(canSubmitPattern(run(picks(1, 2, 3, 4), third))).toBe(false);
  });

  it("reaches done only after success and the login delay", () => {
    const events: PatternEvent[] = [
      ...picks(1, 2, 3, 4),
      { type: "submit" },
      { type: "right" },
      { type: "login-delay-elapsed" },
    ];
    expect(run(events).status).toBe("success");
    expect(run([{ type: "success-shown" }, { type: "login-delay-elapsed" }], run(events)).status).toBe(
      "done",
    );
  });

  it("serves pattern index i as image i + 1", () => {
    expect(patternImageUrl(0)).toBe("/api/files/patterns/1.png");
    expect(patternImageUrl(13)).toBe("/api/files/patterns/14.png");
  });
});
