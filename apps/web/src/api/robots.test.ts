import { robotsAllows } from "@market/domain";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../routes/route-table.ts";

/**
 * robots.txt (packages/domain/src/rules/crawling.ts, served by the server) against this app's route
 * table: a page only signed-in users or admins may open is never crawled, and the public catalogue is.
 */
const SAMPLE_PARAMS: Record<string, string> = {
  id: "fractions-bingo",
  handle: "@ms_okafor",
  step: "details",
  index: "1",
};
const withParams = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? "x");

describe("what crawlers may fetch, route by route", () => {
  it("keeps every page for signed-in users or admins out (add it to ROBOTS_DISALLOW if this fails)", () => {
    const crawlable = ROUTES.filter((route) => route.access !== "public" && route.path !== "*")
      .map((route) => withParams(route.path))
      .filter((path) => robotsAllows(path));
    expect(crawlable).toEqual([]);
  });

  it("lets them crawl the catalogue, resource pages, portfolios and help", () => {
    const pages = [
      "/",
      "/new",
      "/featured",
      "/help",
      "/offers",
      "/resources/:id",
      "/resources/:id/view",
      "/profile/:handle",
      "/profile/:handle/about",
      "/profile/:handle/resources",
    ];
    for (const path of pages) {
      expect(ROUTES.find((route) => route.path === path)?.access, path).toBe("public");
      expect(robotsAllows(withParams(path)), path).toBe(true);
    }
    // A resource whose name starts like a private path, and the pictures a page shows.
    expect(robotsAllows("/resources/editing-workshop")).toBe(true);
    expect(robotsAllows("/api/files/previews/r1/cover.webp")).toBe(true);
  });
});
