import { describe, expect, it } from "vitest";
import { decideErrorReaction, type ErrorFacts, type ErrorReaction } from "./error-reactions.ts";

describe("decideErrorReaction (spec section 8)", () => {
  it.each([
    [{ status: 401, reason: "requires_captcha" }, "captcha"],
    [{ status: 401, reason: "cooling_off" }, "captcha"],
    [{ status: 401, reason: "requires_pattern" }, "pattern"],
    [{ status: 401, reason: "insufficient_permissions" }, "login-locked"],
    [{ status: 401, reason: "invalid_token" }, "invalid-token"],
    [{ status: 401 }, "none"],
    [{ status: 403 }, "invalid-credentials"],
    [{ status: 429 }, "request-limit"],
    [{ status: 404 }, "none"],
    [{ status: 0 }, "none"],
  ] as [ErrorFacts, ErrorReaction][])("%o -> %s", (facts, reaction) => {
    expect(decideErrorReaction(facts)).toBe(reaction);
  });
});
