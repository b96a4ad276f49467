import { describe, expect, it } from "vitest";
import { makeSelfUser } from "../test/factories.ts";
import { type GuardDeps, runGuards } from "./run-guards.ts";

function recordingDeps(overrides: Partial<GuardDeps> & { offline?: boolean; loggedIn?: boolean } = {}) {
  const calls: string[] = [];
  const deps: GuardDeps = {
    offlineMode: async () => {
      calls.push("offline mode");
      return overrides.offline ?? false;
    },
    loadConfiguration: async () => {
      calls.push("load configuration");
    },
    session: () => ({ loggedIn: overrides.loggedIn ?? false, isAdmin: false, user: null }),
    rememberPath: (path) => calls.push(`remember ${path}`),
    writeCookie: (cookie) => calls.push(`cookie ${cookie.split(";")[0]}`),
  };
  return { deps, calls };
}

describe("runGuards", () => {
  it("runs offline mode, configuration, authentication, ref code, permissions, then the loader", async () => {
    const { deps, calls } = recordingDeps({ loggedIn: true });
    const outcome = await runGuards(
      new URL("http://localhost/favorites?refCode=AB12CD34"),
      "login",
      deps,
      () => {
        calls.push("loader");
        return 42;
      },
    );
    expect(outcome).toEqual({ data: 42 });
    expect(calls).toEqual(["offline mode", "load configuration", "cookie ref_code=AB12CD34", "loader"]);
  });

  it("stops at offline mode before loading anything else", async () => {
    const { deps, calls } = recordingDeps({ offline: true });
    expect(await runGuards(new URL("http://localhost/new"), "public", deps)).toEqual({
      redirect: "/offline",
    });
    expect(calls).toEqual(["offline mode"]);
  });

  it("stops at authentication, remembering the path, before the ref code and the loader", async () => {
    const { deps, calls } = recordingDeps();
    const outcome = await runGuards(
      new URL("http://localhost/profile/@ada/tip?refCode=AB12CD34"),
      "login",
      deps,
      () => calls.push("loader"),
    );
    expect(outcome).toEqual({ redirect: "/login" });
    expect(calls).toEqual([
      "offline mode",
      "load configuration",
      "remember /profile/@ada/tip?refCode=AB12CD34",
    ]);
  });

  it("passes public pages with no loader", async () => {
    const { deps } = recordingDeps();
    expect(await runGuards(new URL("http://localhost/"), "public", deps)).toEqual({ data: null });
  });
});

describe("runGuards with permissions", () => {
  it("sends a deactivated user to their status page", async () => {
    const { deps } = recordingDeps({ loggedIn: true });
    const user = { ...makeSelfUser(), is_deactivated: true };
    const outcome = await runGuards(new URL("http://localhost/favorites"), "login", {
      ...deps,
      session: () => ({ loggedIn: true, isAdmin: false, user }),
      permissions: async () => ({ permissions: user.permissions, isAdmin: false, isDeactivated: true }),
    });
    expect(outcome).toEqual({ redirect: "/profile/@ada/status" });
  });

  it("judges the route again as a visitor when the permissions call cleared the session", async () => {
    const { deps, calls } = recordingDeps();
    let loggedIn = true;
    const outcome = await runGuards(new URL("http://localhost/favorites"), "login", {
      ...deps,
      session: () => ({ loggedIn, isAdmin: false, user: loggedIn ? makeSelfUser() : null }),
      permissions: async () => {
        loggedIn = false;
        return null;
      },
    });
    expect(outcome).toEqual({ redirect: "/login?next=favorites" });
    expect(calls).toContain("remember /favorites");
  });

  it("buffers a visitor's ref code until login", async () => {
    const buffered: string[] = [];
    const { deps } = recordingDeps();
    await runGuards(new URL("http://localhost/?refCode=AB12CD34"), "public", {
      ...deps,
      bufferRefCode: (code) => buffered.push(code),
    });
    expect(buffered).toEqual(["AB12CD34"]);
  });
});
