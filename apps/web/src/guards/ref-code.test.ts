import { describe, expect, it } from "vitest";
import { applyRefCode, decideRefCodeStorage } from "./ref-code.ts";

describe("applyRefCode", () => {
  it("stores a refCode query parameter in a cookie for 5 hours", () => {
    const written: string[] = [];
    const code = applyRefCode(new URL("http://localhost/resources/x/purchase?refCode=AB12CD34"), (c) =>
      written.push(c),
    );
    expect(code).toBe("AB12CD34");
    expect(written).toEqual(["ref_code=AB12CD34; Path=/; SameSite=Lax; Max-Age=18000"]);
  });

  it("marks the cookie Secure on https", () => {
    const written: string[] = [];
    applyRefCode(new URL("https://market.example/?refCode=AB12CD34"), (c) => written.push(c));
    expect(written[0]).toMatch(/; Secure$/);
  });

  it("ignores a missing or malformed ref code", () => {
    const written: string[] = [];
    expect(applyRefCode(new URL("http://localhost/"), (c) => written.push(c))).toBeNull();
    expect(applyRefCode(new URL("http://localhost/?refCode=a%3Bb%3Dc"), (c) => written.push(c))).toBeNull();
    expect(written).toEqual([]);
  });
});

describe("decideRefCodeStorage", () => {
  it.each([
    ["no code", null, false, { cookie: false, buffer: false }],
    [
      "visitor: cookie for 5 hours and buffered until login",
      "AB12CD34",
      false,
      { cookie: true, buffer: true },
    ],
    ["signed in: cookie only", "AB12CD34", true, { cookie: true, buffer: false }],
  ] as const)("%s", (_name, code, loggedIn, expected) => {
    expect(decideRefCodeStorage(code, loggedIn)).toEqual(expected);
  });
});
