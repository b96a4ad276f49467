import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Vite names each file of /assets by a hash of its content: a new build never reuses a name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The document (and anything else outside /assets) is revalidated on each visit, so a deploy shows at once. */
export const REVALIDATE = "no-cache";

/** The compressed copies the build writes beside each file (scripts/web-build.mjs), never asked for by name. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Serves the built web app. Hashed assets are cached for good; every other GET that is not an API
 * call gets index.html, so the client router handles deep links (/resources/x, /admin/users, ...).
 * Each file goes out as the brotli or gzip copy the build made when the browser takes one (with
 * `Vary: Accept-Encoding`), so no request spends CPU compressing.
 * Everything here is public and stays up in offline mode: the web app shows the offline page itself.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string) {
  const index = join(webDist, "index.html");
  if (!existsSync(index)) {
    app.log.warn({ webDist }, "web app not built; serving the API only");
    return;
  }
  const assets = join(webDist, "assets") + sep;
  await app.register(async (web) => {
    web.addHook("onRoute", (route) => {
      route.config = { ...route.config, access: "public", availableOffline: true };
    });
    await web.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (path) => !COMPRESSED_COPY.test(path),
      setHeaders(res, path) {
        res.header("cache-control", path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
      },
    });
    web.get("/*", (request, reply) => {
      if (request.url.startsWith("/api/") || request.url === "/api") {
        return reply
          .status(404)
          .send({ error: "not_found", message: `No route GET ${request.url.split("?")[0]}` });
      }
      return reply.header("cache-control", REVALIDATE).sendFile("index.html");
    });
  });
}
