// Builds the web app when its build is missing or older than any of its sources.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const built = join(root, "apps/web/dist/index.html");
const sources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/public",
  "packages/domain/src",
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), info.mtimeMs);
}

export function buildWebIfStale() {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newest(join(root, s))));
  if (builtAt > changedAt) return false;
  console.log(builtAt ? "Web app sources changed: rebuilding..." : "Building the web app (first start)...");
  execFileSync("npm", ["run", "build", "--workspace", "apps/web"], { cwd: root, stdio: "inherit" });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
