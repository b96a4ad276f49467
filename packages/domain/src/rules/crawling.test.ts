import { describe, expect, it } from "vitest";
import { robotsAllows, robotsTxt } from "./crawling.ts";

describe("robots.txt rules", () => {
  it("reads rules as Google does: prefixes, * for anything, $ for the end, the longest rule wins", () => {
    expect(robotsAllows("/api/auth/token")).toBe(false);
    expect(robotsAllows("/api/advertisements/display")).toBe(false);
    expect(robotsAllows("/api/files/previews/a.webp")).toBe(true);
    expect(robotsAllows("/profile")).toBe(false);
    expect(robotsAllows("/profile/@ms_okafor")).toBe(true);
    expect(robotsAllows("/profile/@ms_okafor/settings")).toBe(false);
    expect(robotsAllows("/resources/edit")).toBe(false);
    expect(robotsAllows("/resources/edit/details")).toBe(false);
    expect(robotsAllows("/resources/editing-workshop")).toBe(true);
    expect(robotsAllows("/resources/volcano-unit/purchase")).toBe(false);
    expect(robotsAllows("/help")).toBe(true);
    expect(robotsAllows("/helpbook/3")).toBe(false);
    expect(robotsAllows("/first-tip")).toBe(true);
    expect(robotsAllows("/tip/9")).toBe(false);
  });

  it("opens the API only for what a public page is drawn from", () => {
    for (const path of [
      "/api/site-settings/front-end",
      "/api/site-settings/front-end-offline",
      "/api/texts/values",
      "/api/resources?page=2&pageSize=24",
      "/api/resources/volcano-unit",
      "/api/users/@ms_okafor/summary",
      "/api/help/articles",
    ]) {
      expect(robotsAllows(path), path).toBe(true);
    }
    for (const path of [
      "/api/resources/volcano-unit/files/0b7c/download",
      "/api/users/self",
      "/api/users/self/library",
      "/api/site-settings",
      "/api/admin/users",
    ]) {
      expect(robotsAllows(path), path).toBe(false);
    }
  });

  it("writes the rules for every crawler and points to the sitemap at the public address", () => {
    const text = robotsTxt("https://lessons.example/");
    expect(text.startsWith("User-agent: *\nAllow: /api/files/\n")).toBe(true);
    expect(text).toContain("\nDisallow: /api/\n");
    expect(text.trimEnd().endsWith("Sitemap: https://lessons.example/sitemap.xml")).toBe(true);
  });
});
