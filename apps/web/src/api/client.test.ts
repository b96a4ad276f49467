import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, apiRequest, type ClientDeps, fileUrl, parseApiError } from "./client.ts";
import { createLoadingBar } from "./loading-bar.ts";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function deps(response: Response | Error, token: string | null = null) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response.clone();
  });
  const onInvalidToken = vi.fn();
  const value: ClientDeps = { fetch, token: () => token, bar: createLoadingBar(), onInvalidToken };
  return { value, fetch, onInvalidToken };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("parseApiError", () => {
  it("reads every field of the error body", () => {
    const error = parseApiError(429, {
      error: "rate_limited",
      message: "Too many requests",
      earliestRetry: "2030-01-01T00:00:10.000Z",
      isLocked: true,
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: "rate_limited",
      message: "Too many requests",
      earliestRetry: "2030-01-01T00:00:10.000Z",
      isLocked: true,
    });
    expect(
      parseApiError(400, { error: "validation_failed", message: "Bad", fields: { title: "too_long" } })
        .fields,
    ).toEqual({
      title: "too_long",
    });
    expect(
      parseApiError(401, { error: "unauthorized", message: "x", reason: "requires_captcha" }).reason,
    ).toBe("requires_captcha");
  });

  it("survives a body that is not the API's", () => {
    const error = parseApiError(502, "<html>Bad gateway</html>");
    expect(error).toMatchObject({ status: 502, code: "http_502", reason: undefined, fields: undefined });
    expect(parseApiError(401, { error: "x", message: "y", reason: "made_up" }).reason).toBeUndefined();
  });
});

describe("apiRequest", () => {
  it("sends the bearer token and parses JSON", async () => {
    const { value, fetch } = deps(json(200, { offlineMode: false }), "tok.en.x");
    await expect(apiRequest("/site-settings/front-end-offline", {}, value)).resolves.toEqual({
      offlineMode: false,
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/site-settings/front-end-offline");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer tok.en.x");
  });

  it("builds query strings and JSON bodies", async () => {
    const { value, fetch } = deps(json(200, {}));
    await apiRequest("/resources", { query: { page: 2, featured: true, sort: undefined } }, value);
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/resources?page=2&featured=true");
    await apiRequest(
      "/auth/token",
      { method: "POST", body: { username: "a", password: "b" }, auth: false },
      value,
    );
    const init = fetch.mock.calls[1]?.[1];
    expect(init?.body).toBe('{"username":"a","password":"b"}');
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
  });

  it("throws a typed ApiError for an error status", async () => {
    const { value } = deps(json(403, { error: "invalid_credentials", message: "Invalid credentials" }));
    const error = await apiRequest("/auth/token", { method: "POST", body: {} }, value).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: "invalid_credentials" });
  });

  it("logs out on 401 invalid_token only", async () => {
    const invalid = deps(json(401, { error: "unauthorized", message: "x", reason: "invalid_token" }), "t");
    await expect(apiRequest("/users/self", {}, invalid.value)).rejects.toBeInstanceOf(ApiError);
    expect(invalid.onInvalidToken).toHaveBeenCalledOnce();

    const captcha = deps(json(401, { error: "unauthorized", message: "x", reason: "requires_captcha" }));
    await expect(apiRequest("/auth/token", {}, captcha.value)).rejects.toMatchObject({
      reason: "requires_captcha",
    });
    expect(captcha.onInvalidToken).not.toHaveBeenCalled();
  });

  it("turns a network failure into status 0", async () => {
    const { value } = deps(new TypeError("Failed to fetch"));
    await expect(apiRequest("/texts/values", {}, value)).rejects.toMatchObject({
      status: 0,
      code: "network_error",
    });
  });

  it("drives the loading bar, red on failure", async () => {
    const failing = deps(json(500, { error: "internal", message: "Error" }));
    await apiRequest("/x", {}, failing.value).catch(() => undefined);
    expect(failing.value.bar.getState().phase).toBe("failed");
  });

  it("uses the global fetch by default", async () => {
    const fetch = vi.fn(async () => json(200, { texts: {} }));
    vi.stubGlobal("fetch", fetch);
    await expect(apiRequest("/texts/values")).resolves.toEqual({ texts: {} });
    expect(fetch).toHaveBeenCalledOnce();
  });
});

describe("api.call", () => {
  it("puts a path parameter into one segment of the path, a slash in it included, beside the query", async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, {}));
    vi.stubGlobal("fetch", fetch);
    await api.call("GET /users/:id/resources", { params: { id: "a/b?c" }, query: { offset: 24 } });
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/users/a%2Fb%3Fc/resources?offset=24");
  });

  it("rejects, sending nothing, a parameter the URL would resolve to another endpoint", async () => {
    // "/api/users/../resources" is the catalogue to fetch; "/api/users/following/" is no user at all.
    const fetch = vi.fn(async () => json(200, {}));
    vi.stubGlobal("fetch", fetch);
    await expect(api.call("GET /users/:id/resources", { params: { id: ".." } })).rejects.toThrow(
      /may not be/,
    );
    await expect(api.call("PUT /users/following/:userId", { params: { userId: "" } })).rejects.toThrow(
      /may not be/,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("rejects with a typed error when a request is refused before the API (a 431 for a huge query)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 431 })),
    );
    await expect(api.call("GET /resources", { query: { q: "x".repeat(20_000) } })).rejects.toMatchObject({
      status: 431,
      code: "http_431",
    });
  });
});

describe("fileUrl", () => {
  it("serves locators under /api/files", () => {
    expect(fileUrl("covers/a b.png")).toBe("/api/files/covers/a%20b.png");
  });
});

describe("captcha replay and request limits", () => {
  it("replays a request blocked by a captcha with the captcha-token header", async () => {
    const answers = [
      json(401, { error: "unauthorized", message: "x", reason: "requires_captcha" }),
      json(200, { ok: true }),
    ];
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answers.shift()!);
    const solveCaptcha = vi.fn(async () => "cap-1");
    const value: ClientDeps = {
      fetch,
      token: () => null,
      bar: createLoadingBar(),
      onInvalidToken: vi.fn(),
      solveCaptcha,
    };
    await expect(apiRequest("/auth/token", { method: "POST", body: {} }, value)).resolves.toEqual({
      ok: true,
    });
    expect(solveCaptcha).toHaveBeenCalledOnce();
    const replay = fetch.mock.calls[1]?.[1]?.headers as Record<string, string> | undefined;
    expect(replay?.["captcha-token"]).toBe("cap-1");
  });

  it("rejects with the blocking error when the captcha is given up", async () => {
    const { value } = deps(json(401, { error: "unauthorized", message: "x", reason: "cooling_off" }));
    await expect(
      apiRequest("/auth/token", {}, { ...value, solveCaptcha: async () => null }),
    ).rejects.toMatchObject({ reason: "cooling_off" });
  });

  it("records a 429 for its URL and clears it on that URL's next success", async () => {
    const record = vi.fn();
    const clear = vi.fn();
    const limited = deps(
      json(429, {
        error: "rate_limited",
        message: "x",
        earliestRetry: "2030-01-01T00:00:00Z",
        isLocked: true,
      }),
    );
    await expect(
      apiRequest("/auth/token", {}, { ...limited.value, limits: { record, clear } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(record).toHaveBeenCalledWith(
      "/auth/token",
      expect.objectContaining({ isLocked: true, earliestRetry: "2030-01-01T00:00:00Z" }),
    );
    const ok = deps(json(200, {}));
    await apiRequest("/auth/token", {}, { ...ok.value, limits: { record, clear } });
    expect(clear).toHaveBeenCalledWith("/auth/token");
  });

  it("reports 403 and insufficient_permissions to the error handler", async () => {
    const onError = vi.fn();
    const forbidden = deps(json(403, { error: "invalid_credentials", message: "Invalid credentials" }));
    await expect(apiRequest("/auth/token", {}, { ...forbidden.value, onError })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onError).toHaveBeenLastCalledWith(expect.any(ApiError), "invalid-credentials");
    const locked = deps(
      json(401, { error: "account_deactivated", message: "x", reason: "insufficient_permissions" }),
    );
    await expect(apiRequest("/favorites", {}, { ...locked.value, onError })).rejects.toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenLastCalledWith(expect.any(ApiError), "login-locked");
  });
});
