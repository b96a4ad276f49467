import { textOf } from "@market/domain";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import { loginFailureMessage, postLoginRoute } from "./LoginPage.tsx";

const t = (key: string) => textOf(undefined, key);

describe("login failures", () => {
  it("shows 'Invalid credentials' on 401 and 403", () => {
    expect(loginFailureMessage(new ApiError(401, { error: "invalid_credentials", message: "x" }), t)).toBe(
      "Invalid credentials",
    );
    expect(loginFailureMessage(new ApiError(403, { error: "forbidden", message: "x" }), t)).toBe(
      "Invalid credentials",
    );
  });

  it("passes on the server's words for challenges and rate limits", () => {
    const captcha = new ApiError(401, {
      error: "unauthorized",
      message: "Solve the captcha",
      reason: "requires_captcha",
    });
    expect(loginFailureMessage(captcha, t)).toBe("Solve the captcha");
    const limited = new ApiError(429, {
      error: "rate_limited",
      message: "Too many attempts",
      isLocked: true,
    });
    expect(loginFailureMessage(limited, t)).toBe("Too many attempts");
  });
});

describe("postLoginRoute", () => {
  it("follows the stored redirect through the domain's post-login order", () => {
    const result = {
      accessToken: makeToken({ exp: inOneHour() }),
      user: makeSelfUser(),
      tokenEvent: "login" as const,
    };
    expect(postLoginRoute(result, "/earnings/graph")).toBe("/earnings/graph");
    expect(postLoginRoute(result, "/")).toBe("/");
  });
});
