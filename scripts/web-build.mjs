// Builds the web app when its build is missing or older than any of its sources, and writes a brotli
// and a gzip copy beside each text file of the build, which the server sends as they are
// (apps/server/src/platform/web-app.ts): compressed once here at the best ratio, never per request.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "apps/web/dist");
const built = join(dist, "index.html");
const sources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/public",
  "packages/domain/src",
];

/** Files worth compressing: text. Pictures and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), info.mtimeMs);
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside each compressible file of
 * `dir` of 1 KB or more, when smaller than the file. Returns how many files it compressed.
 */
export function precompressDist(dir = dist) {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

export function buildWebIfStale() {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newest(join(root, s))));
  if (builtAt > changedAt) {
    // A build from before the compressed copies existed gets them without a rebuild.
    const assets = join(dist, "assets");
    if (existsSync(assets) && !readdirSync(assets).some((name) => name.endsWith(".br"))) precompressDist();
    return false;
  }
  console.log(builtAt ? "Web app sources changed: rebuilding..." : "Building the web app (first start)...");
  execFileSync("npm", ["run", "build", "--workspace", "apps/web"], { cwd: root, stdio: "inherit" });
  const started = Date.now();
  const count = precompressDist();
  console.log(`Compressed ${count} files (brotli and gzip) in ${Date.now() - started} ms.`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
