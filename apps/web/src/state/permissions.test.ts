import { afterEach, describe, expect, it, vi } from "vitest";
import { makeSelfUser } from "../test/factories.ts";
import { stubFetch } from "../test/render.tsx";
import { inOneHour, makeToken } from "../test/tokens.ts";
import { loadPermissions } from "./permissions.ts";
import { createQueryClient } from "./query-client.ts";
import { clearSession, getSession, storeSession } from "./session.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const signIn = () => storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
const noRetry = () => {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return queryClient;
};

describe("loadPermissions (spec 4 and 8: a failed permissions call clears the token and user)", () => {
  it("returns the permissions and keeps the session when the call succeeds", async () => {
    const answer = { permissions: { upload: true }, isAdmin: false, isDeactivated: false };
    stubFetch({ "GET /api/users/self/permissions": [200, answer] });
    signIn();
    expect(await loadPermissions(noRetry())).toEqual(answer);
    expect(getSession()).not.toBeNull();
  });

  it.each([
    ["the server refuses it", () => [403, { error: "forbidden", message: "No" }] as [number, unknown]],
    ["the server fails", () => [500, { error: "internal", message: "Oops" }] as [number, unknown]],
    [
      "the network is down",
      (): [number, unknown] => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("clears the session when %s", async (_name, answer) => {
    stubFetch({ "GET /api/users/self/permissions": answer });
    signIn();
    expect(await loadPermissions(noRetry())).toBeNull();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem("access_token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("keeps the session when the app itself cancelled the call", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new DOMException("The operation was aborted.", "AbortError");
      }),
    );
    signIn();
    expect(await loadPermissions(noRetry())).toBeNull();
    expect(getSession()).not.toBeNull();
  });
});
