import { robotsTxt } from "@market/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppInstance } from "../../platform/app-types.ts";
import { KeptAnswer } from "../../platform/compression.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import {
  creatorsSitemap,
  pagesSitemap,
  resourcesSitemap,
  type SitemapFileStarts,
  type SitemapOptions,
  sitemapFileStarts,
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

  // Where the files after the first start, kept with the index: a file is only ever asked for by a start
  // the index gave, so an `after` that is not one is answered 404 before any file is built.
  const starts = new TtlCache<SitemapFileStarts>(SITEMAP_CACHE_MS, 1);
  const fileStartsNow = () => starts.get("starts", () => sitemapFileStarts(db, options));

  const send = (request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer, maxAgeMs: number) => {
    reply.header("cache-control", `public, max-age=${Math.round(maxAgeMs / 1000)}`);
    answer.send(request, reply);
    return reply;
  };
  const sitemap = (key: string, build: () => Promise<string>) =>
    kept.get(key, async () => new KeptAnswer(await build(), XML));
  const noSuchFile = (reply: FastifyReply) =>
    reply.status(404).send({ error: "not_found", message: "There is no sitemap file that starts there." });

  app.get(
    "/robots.txt",
    { config: { access: "public", availableOffline: true }, schema: { hide: true } },
    (request, reply) => send(request, reply, robots, 3_600_000),
  );
  app.get("/sitemap.xml", { config: { access: "public" }, schema: { hide: true } }, async (request, reply) =>
    send(
      request,
      reply,
      await sitemap("index", async () => sitemapIndex(db, options, await fileStartsNow())),
      SITEMAP_CACHE_MS,
    ),
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
      if (after !== undefined && !(await fileStartsNow()).resources.includes(after)) return noSuchFile(reply);
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
      if (after !== undefined && !(await fileStartsNow()).creators.includes(after)) return noSuchFile(reply);
      const answer = await sitemap(`creators:${after ?? ""}`, () =>
        creatorsSitemap(db, { ...options, after }),
      );
      return send(request, reply, answer, SITEMAP_CACHE_MS);
    },
  );
}
