import { describe, expect, it, vi } from "vitest";
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
    expect(calls).toEqual(["load configuration", "offline mode", "cookie ref_code=AB12CD34", "loader"]);
  });

  it("stops at offline mode: no page data, ref code or loader (the configuration was already on its way)", async () => {
    const { deps, calls } = recordingDeps({ offline: true });
    const outcome = await runGuards(
      new URL("http://localhost/new?refCode=AB12CD34"),
      "public",
      deps,
      () => calls.push("loader"),
      () => calls.push("prefetch"),
    );
    expect(outcome).toEqual({ redirect: "/offline" });
    expect(calls).toEqual(["load configuration", "offline mode"]);
  });

  it("fetches the configuration alongside the offline flag, and a page's data before the configuration arrives", async () => {
    const calls: string[] = [];
    let releaseOffline = () => {};
    let releaseConfiguration = () => {};
    const deps: GuardDeps = {
      offlineMode: () => {
        calls.push("offline asked");
        return new Promise((resolve) => {
          releaseOffline = () => resolve(false);
        });
      },
      loadConfiguration: () => {
        calls.push("configuration asked");
        return new Promise<void>((resolve) => {
          releaseConfiguration = resolve;
        });
      },
      session: () => ({ loggedIn: false, isAdmin: false, user: null }),
      rememberPath: () => {},
      writeCookie: () => {},
    };
    const outcome = runGuards(
      new URL("http://localhost/"),
      "public",
      deps,
      () => calls.push("loader"),
      () => calls.push("prefetch"),
    );
    // Both round trips are under way before either answers.
    expect(calls).toEqual(["configuration asked", "offline asked"]);
    releaseOffline();
    await vi.waitFor(() => expect(calls).toContain("prefetch"));
    expect(calls).not.toContain("loader");
    releaseConfiguration();
    await outcome;
    expect(calls).toEqual(["configuration asked", "offline asked", "prefetch", "loader"]);
  });

  it("throws a configuration that cannot be loaded, once the site is known to be open", async () => {
    const { deps } = recordingDeps();
    const failing = { ...deps, loadConfiguration: () => Promise.reject(new Error("configuration down")) };
    await expect(runGuards(new URL("http://localhost/"), "public", failing)).rejects.toThrow(
      "configuration down",
    );
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
      "load configuration",
      "offline mode",
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
