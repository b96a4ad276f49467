import { DEFAULT_COLORS, HOME_GRID_PARAMS, withQuery } from "@market/domain";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepBootAnswers, takeBootAnswer } from "../api/boot-answers.ts";
import { apiRequest, type ClientDeps } from "../api/client.ts";
import { createLoadingBar } from "../api/loading-bar.ts";
import { filtersFromSearch, toApiQuery } from "../routes/catalogue/filters.ts";
import { PAGE_SIZE } from "../routes/catalogue/resource-list.ts";
import { seedSiteConfiguration } from "./boot-data.ts";
import { siteQueries } from "./site-config.ts";

const BOOT = {
  offlineMode: false,
  settings: { quickCheckout: true },
  texts: { "site.name": "Lesson Loft" },
  colors: DEFAULT_COLORS.map((color, index) => ({ ...color, id: index + 1 })),
  cssOverride: "",
  answers: { "/api/resources?page=1&pageSize=12&sort=downloads": { resources: [], total: 0 } },
};

function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument("page");
  if (json !== null) {
    const script = doc.createElement("script");
    script.id = "boot-data";
    script.type = "application/json";
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

function clientDeps(token: string | null) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ from: "server" }), { status: 200 }));
  const deps: ClientDeps = { fetch, token: () => token, bar: createLoadingBar(), onInvalidToken: () => {} };
  return { deps, fetch };
}

afterEach(() => keepBootAnswers(undefined));

describe("the configuration the page carries", () => {
  it("fills the five configuration queries before the first render", () => {
    const client = new QueryClient();
    expect(seedSiteConfiguration(client, pageWith(JSON.stringify(BOOT)))).not.toBeNull();
    expect(client.getQueryData(siteQueries.offlineMode.queryKey)).toBe(false);
    expect(client.getQueryData(siteQueries.settings.queryKey)).toEqual(BOOT.settings);
    expect(client.getQueryData(siteQueries.texts.queryKey)).toEqual(BOOT.texts);
    expect(client.getQueryData(siteQueries.colors.queryKey)).toEqual(BOOT.colors);
    expect(client.getQueryData(siteQueries.cssOverride.queryKey)).toBe("");
  });

  it("leaves the cache empty (the guards then ask) without it, or with something unreadable", () => {
    for (const page of [pageWith(null), pageWith("{not json"), pageWith("null"), pageWith('{"texts":{}}')]) {
      const client = new QueryClient();
      expect(seedSiteConfiguration(client, page)).toBeNull();
      expect(client.getQueryData(siteQueries.texts.queryKey)).toBeUndefined();
    }
  });
});

describe("a landing page's first answers", () => {
  const url = "/api/resources?page=1&pageSize=12&sort=downloads";

  it("answer a visitor's first ask for that address, once; the next ask goes to the server", async () => {
    seedSiteConfiguration(new QueryClient(), pageWith(JSON.stringify(BOOT)));
    const { deps, fetch } = clientDeps(null);
    const query = { page: 1, pageSize: 12, sort: "downloads" };
    await expect(apiRequest("/resources", { query }, deps)).resolves.toEqual({ resources: [], total: 0 });
    expect(fetch).not.toHaveBeenCalled();
    await expect(apiRequest("/resources", { query }, deps)).resolves.toEqual({ from: "server" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("answer a signed-in user's first ask too where the answer is the same for everybody (a grid)", async () => {
    keepBootAnswers(BOOT.answers);
    const { deps, fetch } = clientDeps("a.token.x");
    const query = { page: 1, pageSize: 12, sort: "downloads" };
    await expect(apiRequest("/resources", { query }, deps)).resolves.toEqual({ resources: [], total: 0 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("are never a signed-in user's resource page (it carries their own flags)", async () => {
    keepBootAnswers({ "/api/resources/fractions-bingo": { isFavorited: false } });
    const { deps, fetch } = clientDeps("a.token.x");
    await expect(apiRequest("/resources/fractions-bingo", {}, deps)).resolves.toEqual({ from: "server" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("go stale after half a minute", () => {
    keepBootAnswers(BOOT.answers, 1_000);
    expect(takeBootAnswer(url, 31_001)).toBeUndefined();
    keepBootAnswers(BOOT.answers, 1_000);
    expect(takeBootAnswer(url, 30_000)).toEqual({ resources: [], total: 0 });
  });

  it("are found by the address the home grid asks for (the server writes the same)", () => {
    const home = toApiQuery(filtersFromSearch(new URLSearchParams(), "downloads"), PAGE_SIZE, false);
    expect(withQuery("/api/resources", home)).toBe(withQuery("/api/resources", HOME_GRID_PARAMS));
  });
});
