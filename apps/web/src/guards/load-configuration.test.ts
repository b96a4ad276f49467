import { DEFAULT_COLORS, DEFAULT_SITE_SETTINGS } from "@market/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../state/query-client.ts";
import { loadConfiguration, loadOfflineMode } from "./load-configuration.ts";

const bodies: Record<string, unknown> = {
  "/api/site-settings/front-end": { settings: DEFAULT_SITE_SETTINGS },
  "/api/texts/values": { texts: { "site.name": "Test Loft" } },
  "/api/colors/values": { colors: DEFAULT_COLORS.map((c, i) => ({ ...c, id: i + 1 })) },
  "/api/site-settings/front-end-css-override": { settings: { cssOverride: "body{}" } },
  "/api/site-settings/front-end-offline": { offlineMode: true },
};

function stubApi() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const body = bodies[String(input)];
    return body
      ? new Response(JSON.stringify(body), { status: 200 })
      : new Response(JSON.stringify({ error: "not_found", message: "Not found" }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("loadConfiguration", () => {
  it("loads settings, texts, colours and the CSS override once, then serves the cache", async () => {
    const fetch = stubApi();
    const client = createQueryClient();
    const first = await loadConfiguration(client);
    const second = await loadConfiguration(client);
    expect(first.texts["site.name"]).toBe("Test Loft");
    expect(first.colors).toHaveLength(13);
    expect(first.cssOverride).toBe("body{}");
    expect(first.settings.idleTimeoutSeconds).toBe(300);
    expect(second).toEqual(first);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it("fails when the configuration cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () => new Response(JSON.stringify({ error: "internal", message: "Error" }), { status: 404 }),
      ),
    );
    await expect(loadConfiguration(createQueryClient())).rejects.toMatchObject({ status: 404 });
  });

  it("reads the offline flag", async () => {
    stubApi();
    await expect(loadOfflineMode(createQueryClient())).resolves.toBe(true);
  });
});
