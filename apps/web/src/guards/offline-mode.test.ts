import { describe, expect, it } from "vitest";
import { decideOfflineRedirect } from "./offline-mode.ts";

describe("decideOfflineRedirect", () => {
  it("sends visitors and users to /offline while offline mode is on", () => {
    expect(decideOfflineRedirect({ offlineMode: true, isAdmin: false, path: "/" })).toBe("/offline");
    expect(decideOfflineRedirect({ offlineMode: true, isAdmin: false, path: "/favorites" })).toBe("/offline");
    expect(decideOfflineRedirect({ offlineMode: true, isAdmin: false, path: "/offline" })).toBeNull();
  });

  it("lets admins through", () => {
    expect(decideOfflineRedirect({ offlineMode: true, isAdmin: true, path: "/admin/settings" })).toBeNull();
  });

  it("keeps the login pages reachable so an admin can sign in", () => {
    expect(decideOfflineRedirect({ offlineMode: true, isAdmin: false, path: "/login" })).toBeNull();
  });

  it("sends /offline home when offline mode is off", () => {
    expect(decideOfflineRedirect({ offlineMode: false, isAdmin: false, path: "/offline" })).toBe("/");
    expect(decideOfflineRedirect({ offlineMode: false, isAdmin: false, path: "/new" })).toBeNull();
  });
});
