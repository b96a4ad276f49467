import { describe, expect, it } from "vitest";
import {
  decideAfterLoginRoute,
  decideAuthRedirect,
  decideInvalidTokenRedirect,
  loginReturnPath,
  mayOpenAfterLogin,
} from "./authentication.ts";

const visitor = { loggedIn: false, isAdmin: false, search: "" };
const user = { loggedIn: true, isAdmin: false, search: "" };
const admin = { loggedIn: true, isAdmin: true, search: "" };

describe("decideAuthRedirect", () => {
  it("lets everybody open public pages", () => {
    expect(decideAuthRedirect({ ...visitor, access: "public", path: "/" })).toBeNull();
    expect(decideAuthRedirect({ ...visitor, access: "public", path: "/resources/maths-pack" })).toBeNull();
  });

  it("sends visitors of the login areas to /login?next={area}", () => {
    for (const area of ["advertising", "favorites", "following", "publishing", "earnings", "support"]) {
      expect(decideAuthRedirect({ ...visitor, access: "login", path: `/${area}` })).toEqual({
        to: `/login?next=${area}`,
        remember: `/${area}`,
      });
    }
    expect(decideAuthRedirect({ ...visitor, access: "login", path: "/earnings/graph" })?.to).toBe(
      "/login?next=earnings",
    );
  });

  it("sends visitors of other private pages to /login and remembers the path", () => {
    expect(
      decideAuthRedirect({ ...visitor, access: "login", path: "/resources/x/purchase", search: "?a=1" }),
    ).toEqual({ to: "/login", remember: "/resources/x/purchase?a=1" });
    expect(decideAuthRedirect({ ...visitor, access: "login", path: "/profile/@ada/settings" })).toEqual({
      to: "/login",
      remember: "/profile/@ada/settings",
    });
  });

  it("sends visitors following a gift purchase link to sign-up and keeps the full path", () => {
    expect(
      decideAuthRedirect({
        ...visitor,
        access: "login",
        path: "/resources/x/purchase",
        search: "?refCode=AB12CD34",
      }),
    ).toEqual({ to: "/sign-up?from=gift", remember: "/resources/x/purchase?refCode=AB12CD34" });
  });

  it("lets signed-in users open login pages", () => {
    expect(decideAuthRedirect({ ...user, access: "login", path: "/favorites" })).toBeNull();
  });

  it("requires the admin scope for the admin area", () => {
    expect(decideAuthRedirect({ ...visitor, access: "admin", path: "/admin/users" })).toEqual({
      to: "/login",
      remember: "/admin/users",
    });
    expect(decideAuthRedirect({ ...user, access: "admin", path: "/admin/users" })).toEqual({ to: "/login" });
    expect(decideAuthRedirect({ ...admin, access: "admin", path: "/admin/users" })).toBeNull();
  });

  it("sends signed-in users away from sign-up", () => {
    expect(decideAuthRedirect({ ...user, access: "public", path: "/sign-up" })).toEqual({ to: "/" });
    expect(decideAuthRedirect({ ...user, access: "public", path: "/sign-up/success" })).toBeNull();
  });
});

describe("decideInvalidTokenRedirect", () => {
  it("remembers resource and support paths only", () => {
    expect(decideInvalidTokenRedirect("/resources/x/edit", "?s=1")).toEqual({
      to: "/login",
      remember: "/resources/x/edit?s=1",
    });
    expect(decideInvalidTokenRedirect("/support")).toEqual({ to: "/login", remember: "/support" });
    expect(decideInvalidTokenRedirect("/favorites")).toEqual({ to: "/login" });
  });
});

describe("decideAfterLoginRoute", () => {
  it("prefers the remembered path inside the requested area, then the area, then home", () => {
    expect(decideAfterLoginRoute("earnings", "/earnings/graph")).toBe("/earnings/graph");
    expect(decideAfterLoginRoute("earnings", "/resources/x")).toBe("/earnings");
    expect(decideAfterLoginRoute(null, "/resources/x/purchase")).toBe("/resources/x/purchase");
    expect(decideAfterLoginRoute("https://evil.example", null)).toBe("/");
    expect(decideAfterLoginRoute(null, null)).toBe("/");
  });
});

describe("the login loop (issue 18)", () => {
  it("sends a signed-in user who opens /login home, and leaves visitors on it", () => {
    expect(decideAuthRedirect({ ...user, access: "public", path: "/login" })).toEqual({ to: "/" });
    expect(decideAuthRedirect({ ...admin, access: "public", path: "/login" })).toEqual({ to: "/" });
    expect(decideAuthRedirect({ ...visitor, access: "public", path: "/login" })).toBeNull();
  });

  it("lets a login go only where the user may open it", () => {
    expect(mayOpenAfterLogin({ access: "admin", isAdmin: false, missingFlags: [] })).toBe(false);
    expect(mayOpenAfterLogin({ access: "admin", isAdmin: true, missingFlags: [] })).toBe(true);
    expect(mayOpenAfterLogin({ access: "login", isAdmin: false, missingFlags: ["advertise"] })).toBe(false);
    expect(mayOpenAfterLogin({ access: "login", isAdmin: false, missingFlags: [] })).toBe(true);
    expect(mayOpenAfterLogin({ access: "public", isAdmin: false, missingFlags: [] })).toBe(true);
  });

  it("returns the header's Log in to the page it was pressed on", () => {
    expect(loginReturnPath("/resources/fractions-bingo", "")).toBe("/resources/fractions-bingo");
    expect(loginReturnPath("/", "?subject=Math&page=2")).toBe("/?subject=Math&page=2");
    expect(loginReturnPath("/offers", "?logout")).toBe("/offers");
    expect(loginReturnPath("/donation", "?placement=logout")).toBe("/donation?placement=logout");
    for (const page of ["/login", "/logout", "/token-login", "/sign-up", "/sign-up/success"]) {
      expect(loginReturnPath(page, "")).toBeNull();
    }
  });
});
