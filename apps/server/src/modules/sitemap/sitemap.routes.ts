import { robotsTxt } from "@market/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppInstance } from "../../app.ts";
import { KeptAnswer } from "../../platform/compression.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import {
  creatorsSitemap,
  pagesSitemap,
  resourcesSitemap,
  type SitemapOptions,
  sitemapIndex,
} from "./sitemap.service.ts";

/**
 * How long a sitemap is reused. Crawlers read it a few times a day; at a million resources a file is
 * 50,000 rows and megabytes of XML, so it is built (and compressed) once in this while, not per fetch.
 */
export const SITEMAP_CACHE_MS = 10 * 60_000;

const XML = "application/xml; charset=utf-8";
const afterQuery = z.object({ after: z.uuid().optional() });

/**
 * For crawlers, at the site's root (outside /api): robots.txt (what they may crawl, from the domain's
 * rules) and the sitemap index with its files. Public, and robots.txt stays up in offline mode.
 */
export async function sitemapRoutes(app: AppInstance) {
  const { db, config } = app.deps;
  const options: SitemapOptions = { publicUrl: config.publicUrl };
  const robots = new KeptAnswer(robotsTxt(config.publicUrl), "text/plain; charset=utf-8");
  // A few files at a time: a file is large, and a crawler walks them one after another.
  const kept = new TtlCache<KeptAnswer>(SITEMAP_CACHE_MS, 4);

  const send = async (request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer, maxAgeMs: number) => {
    reply.header("cache-control", `public, max-age=${Math.round(maxAgeMs / 1000)}`);
    return reply.send(await answer.payloadFor(request, reply));
  };
  const sitemap = (key: string, build: () => Promise<string>) =>
    kept.get(key, async () => new KeptAnswer(await build(), XML));

  app.get(
    "/robots.txt",
    { config: { access: "public", availableOffline: true }, schema: { hide: true } },
    (request, reply) => send(request, reply, robots, 3_600_000),
  );
  app.get("/sitemap.xml", { config: { access: "public" }, schema: { hide: true } }, async (request, reply) =>
    send(request, reply, await sitemap("index", () => sitemapIndex(db, options)), SITEMAP_CACHE_MS),
  );
  app.get(
    "/sitemap-pages.xml",
    { config: { access: "public" }, schema: { hide: true } },
    async (request, reply) =>
      send(request, reply, await sitemap("pages", () => pagesSitemap(db, options)), SITEMAP_CACHE_MS),
  );
  app.get(
    "/sitemap-resources.xml",
    { config: { access: "public" }, schema: { hide: true, querystring: afterQuery } },
    async (request, reply) => {
      const { after } = request.query;
      const answer = await sitemap(`resources:${after ?? ""}`, () =>
        resourcesSitemap(db, { ...options, after }),
      );
      return send(request, reply, answer, SITEMAP_CACHE_MS);
    },
  );
  app.get(
    "/sitemap-creators.xml",
    { config: { access: "public" }, schema: { hide: true, querystring: afterQuery } },
    async (request, reply) => {
      const { after } = request.query;
      const answer = await sitemap(`creators:${after ?? ""}`, () =>
        creatorsSitemap(db, { ...options, after }),
      );
      return send(request, reply, answer, SITEMAP_CACHE_MS);
    },
  );
}
