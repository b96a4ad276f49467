import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app. Hashed assets are cached for good; every other GET that is not an API
 * call gets index.html, so the client router handles deep links (/resources/x, /admin/users, ...).
 */
export async function serveWebApp(app: FastifyInstance, webDist: string) {
  const index = join(webDist, "index.html");
  if (!existsSync(index)) {
    app.log.warn({ webDist }, "web app not built; serving the API only");
    return;
  }
  await app.register(fastifyStatic, {
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
  app.get("/*", { config: { access: "public", availableOffline: true } }, (request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api") {
      return reply
        .status(404)
        .send({ error: "not_found", message: `No route GET ${request.url.split("?")[0]}` });
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
