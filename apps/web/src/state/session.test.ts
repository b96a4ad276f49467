import { describe, expect, it } from "vitest";
import { makeSelfUser } from "../test/factories.ts";
import { inOneHour, makeToken } from "../test/tokens.ts";
import {
  clearSession,
  decodeAccessClaims,
  getSession,
  isSafeLocalPath,
  readSession,
  STORAGE_KEYS,
  storeSession,
} from "./session.ts";

const user = makeSelfUser();

describe("session", () => {
  it("decodes exp and scopes from the JWT payload", () => {
    const token = makeToken({ sub: "u9", exp: 2_000_000_000, scopes: ["user", "admin"] });
    expect(decodeAccessClaims(token)).toEqual({ sub: "u9", exp: 2_000_000_000, scopes: ["user", "admin"] });
    expect(decodeAccessClaims("not-a-token")).toBeNull();
    expect(decodeAccessClaims("a.%%%.c")).toBeNull();
  });

  it("treats an expired token as logged out", () => {
    const now = Date.UTC(2030, 0, 1);
    localStorage.setItem(STORAGE_KEYS.token, makeToken({ exp: now / 1000 - 1 }));
    expect(readSession(localStorage, "", now)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.token, makeToken({ exp: now / 1000 + 60, scopes: ["admin"] }));
    expect(readSession(localStorage, "", now)).toMatchObject({ isAdmin: true, user: null });
  });

  it("falls back to the access_token cookie", () => {
    const token = makeToken({ exp: inOneHour() });
    expect(readSession(localStorage, `access_token=${token}`, Date.now())?.token).toBe(token);
  });

  it("stores the token in local storage and a cookie, and clears both", () => {
    const token = makeToken({ exp: inOneHour() });
    storeSession(token, user);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(document.cookie).toContain(`access_token=${token}`);
    expect(getSession()?.user?.username).toBe("ada");
    clearSession();
    expect(getSession()).toBeNull();
    expect(document.cookie).not.toContain("access_token=");
  });

  it("remembers only same-site paths", () => {
    expect(isSafeLocalPath("/resources/x")).toBe(true);
    expect(isSafeLocalPath("//evil.example")).toBe(false);
    expect(isSafeLocalPath("https://evil.example")).toBe(false);
  });
});
