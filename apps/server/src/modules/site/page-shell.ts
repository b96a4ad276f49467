import { colorVariablesCss, type SiteBootData } from "@market/domain";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { onCatalogueChange, onServingChange, onSiteContentChange } from "../../platform/catalogue-changes.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import { bootDataScript, type PageShell } from "../../platform/web-app.ts";
import { loadSiteBootData } from "./boot-data.ts";
import { firstScreenOf, modulePreloadLink, preloadLink } from "./first-screen.ts";

/**
 * The served document's extras: the site's configuration for every page, and for a landing page (home, a
 * resource) its first answers, a preload hint for its largest picture and its screen's scripts. The answers are what a
 * visitor's calls get, asked of this app itself (so they pass the same gates, offline mode included,
 * and come from the same short-lived cache); one that is not a 200 is left out, and the web app asks.
 */
export function sitePageShell(app: FastifyInstance, db: Db, ttlMs: number): PageShell {
  // The site's part is the same in every page: loaded once per while, not once per page kept.
  const siteData = new TtlCache<SiteBootData>(ttlMs, 1);
  const forget = [onServingChange, onSiteContentChange].map((on) => on(db, () => siteData.clear()));
  app.addHook("onClose", (_instance, done) => {
    for (const stop of forget) stop();
    done();
  });
  return {
    ttlMs,
    keyOf: (url) => firstScreenOf(url)?.key ?? "",
    onChange(listener) {
      const stops = [onCatalogueChange, onServingChange, onSiteContentChange].map((on) => on(db, listener));
      return () => {
        for (const stop of stops) stop();
      };
    },
    async head(url, screenFiles) {
      const screen = firstScreenOf(url);
      const [site, answers] = await Promise.all([
        siteData.get("site", () => loadSiteBootData(db)),
        screen ? askForAnswers(app, screen.answers) : new Map<string, unknown>(),
      ]);
      const pictures = screen?.pictures(answers) ?? [];
      const scripts = screen ? screenFiles(screen.screen) : [];
      const head =
        // The admin's colours as CSS: the first frame (painted before any script runs) is in them.
        `<style id="boot-colors">${colorVariablesCss(site.colors)}</style>` +
        // The hints before the data: the parser meets them (and starts the picture) before the JSON.
        pictures.map(preloadLink).join("") +
        scripts.map(modulePreloadLink).join("") +
        bootDataScript({ ...site, answers: Object.fromEntries(answers) });
      return { head, siteName: site.texts["site.name"] ?? null };
    },
  };
}

/** The answers in the screen's order (the same page for the same answers), each only if a 200. */
async function askForAnswers(app: FastifyInstance, urls: readonly string[]) {
  const replies = await Promise.all(
    urls.map((url) => app.inject({ method: "GET", url, headers: { accept: "application/json" } })),
  );
  const answers = new Map<string, unknown>();
  replies.forEach((res, index) => {
    if (res.statusCode === 200) answers.set(urls[index]!, res.json());
  });
  return answers;
}
