import { describe, expect, it } from "vitest";
import { expiredCookie, readCookie, serializeCookie } from "./cookies.ts";

describe("cookies", () => {
  it("serialises with path, SameSite=Lax and the given lifetime", () => {
    expect(serializeCookie("ref_code", "AB12CD34", { maxAgeSeconds: 18_000 })).toBe(
      "ref_code=AB12CD34; Path=/; SameSite=Lax; Max-Age=18000",
    );
    expect(serializeCookie("a", "b c", { secure: true })).toBe("a=b%20c; Path=/; SameSite=Lax; Secure");
    expect(expiredCookie("a")).toBe("a=; Path=/; SameSite=Lax; Max-Age=0");
  });

  it("reads one cookie by exact name", () => {
    const jar = "x_access_token=no; access_token=abc.def.ghi; other=1";
    expect(readCookie(jar, "access_token")).toBe("abc.def.ghi");
    expect(readCookie(jar, "missing")).toBeNull();
    expect(readCookie("", "access_token")).toBeNull();
  });
});
