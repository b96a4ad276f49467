import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app. Hashed assets are cached for good; every other GET that is not an API
 * call gets index.html, so the client router handles deep links (/resources/x, /admin/users, ...).
 * Everything here is public and stays up in offline mode: the web app shows the offline page itself.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string) {
  const index = join(webDist, "index.html");
  if (!existsSync(index)) {
    app.log.warn({ webDist }, "web app not built; serving the API only");
    return;
  }
  await app.register(async (web) => {
    web.addHook("onRoute", (route) => {
      route.config = { ...route.config, access: "public", availableOffline: true };
    });
    await web.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.header(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
    web.get("/*", (request, reply) => {
      if (request.url.startsWith("/api/") || request.url === "/api") {
        return reply
          .status(404)
          .send({ error: "not_found", message: `No route GET ${request.url.split("?")[0]}` });
      }
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    });
  });
}
