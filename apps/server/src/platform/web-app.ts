import { existsSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import { BOOT_DATA_ELEMENT_ID } from "@market/domain";
import type { FastifyInstance } from "fastify";
import { KeptAnswer } from "./compression.ts";
import { TtlCache } from "./ttl-cache.ts";

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
export async function serveWebApp(app: FastifyInstance, webDist: string, shell?: PageShell) {
  const index = join(webDist, "index.html");
  if (!existsSync(index)) {
    app.log.warn({ webDist }, "web app not built; serving the API only");
    return;
  }
  const html = readFileSync(index, "utf8");
  // A document without a head to add to is served as it is (the web app then asks for everything).
  const page = shell && html.includes("</head>") ? pageWithBootData(app, html, shell, webDist) : null;
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
      allowedPath: (path) => !COMPRESSED_COPY.test(path) && !path.startsWith("/.vite/"),
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
      reply.header("cache-control", REVALIDATE);
      if (!page) return reply.sendFile("index.html");
      return page(new URL(request.url, "http://page.invalid")).then(
        (answer) => {
          answer.send(request, reply);
          return reply;
        },
        (error: unknown) => {
          // Without its configuration the page still works: the web app asks the API for it.
          request.log.warn({ err: error }, "page served without its boot data");
          return reply.sendFile("index.html");
        },
      );
    });
  });
}

/** `<` written as its escape, so nothing in a text can close the script element that carries the JSON. */
export function bootDataScript(data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<script id="${BOOT_DATA_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/**
 * What the served document carries for an address, beyond index.html: elements for its head (the site's
 * configuration and a page's first answers as JSON, a preload hint) and the site's name for the first
 * frame. `keyOf` names the document an address gets: addresses with the same key get the same document.
 */
export interface PageShell {
  ttlMs: number;
  keyOf(url: URL): string;
  /** `screenFiles(src)`: the built files a screen's module (its path in apps/web) needs beyond the first bundle. */
  head(url: URL, screenFiles: (src: string) => string[]): Promise<ShellParts>;
  /** Calls `listener` whenever what the heads are made of changes; returns the function that stops it. */
  onChange(listener: () => void): () => void;
}

export interface ShellParts {
  head: string;
  /** The admin's name for the site, written into the first frame's brand bar (index.html's #root). */
  siteName: string | null;
}

/** Where index.html's first frame (components/FirstFrame.tsx) shows the site's name. */
const SITE_NAME_SLOT = /(<span data-site-name="">)[^<]*(<\/span>)/;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** index.html with the site's name in its first frame, so the painted brand is the admin's from the start. */
export function withSiteName(html: string, siteName: string | null): string {
  if (siteName === null) return html;
  return html.replace(
    SITE_NAME_SLOT,
    (_all, open: string, close: string) => `${open}${escapeHtml(siteName)}${close}`,
  );
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The build's manifest (`.vite/manifest.json`): for a screen's module, its own file and the shared chunks
 * it imports, less what the first bundle (index.html's) already loads. Empty without a manifest.
 */
export function screenFilesFrom(webDist: string): (src: string) => string[] {
  const path = join(webDist, ".vite", "manifest.json");
  if (!existsSync(path)) return () => [];
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, ManifestChunk>;
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, into);
    return into;
  };
  const first = new Set(
    [...closure("index.html", new Set())].map((key) => manifest[key]?.file).filter((f) => f !== undefined),
  );
  return (src) =>
    [...closure(src, new Set())]
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => file !== undefined && !first.has(file) && file.endsWith(".js"))
      .map((file) => `/${file}`);
}

/** How long past its ttl a kept document may still be sent while it is rebuilt (see TtlCache). */
export const PAGE_STALE_MS = 30_000;

/**
 * index.html with `shell`'s head elements in it. A document is made once per key and kept, with its
 * compressed forms, for `ttlMs` (like the configuration calls' own answers), and made again when this
 * process changes the catalogue, the settings or the site's content. Concurrent misses share one load.
 */
function pageWithBootData(app: FastifyInstance, html: string, shell: PageShell, webDist: string) {
  const screenFiles = screenFilesFrom(webDist);
  const at = html.indexOf("</head>");
  // Past its ttl a document is still sent for a while as it is rebuilt behind it: a visitor never waits for the
  // three lists a home page asks for. What this process changes clears it at once.
  const kept = new TtlCache<KeptAnswer>(shell.ttlMs, 500, Date.now, PAGE_STALE_MS);
  const stop = shell.onChange(() => kept.clear());
  app.addHook("onClose", (_instance, done) => {
    stop();
    done();
  });
  return (url: URL): Promise<KeptAnswer> =>
    kept.get(shell.keyOf(url), async () => {
      const { head, siteName } = await shell.head(url, screenFiles);
      const page = `${html.slice(0, at)}${head}${withSiteName(html.slice(at), siteName)}`;
      return new KeptAnswer(page, "text/html; charset=utf-8");
    });
}
