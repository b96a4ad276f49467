// npm test: lint, typecheck, every unit and integration test, then the browser journeys.
import { execFileSync } from "node:child_process";
import { findChromium } from "./browser.mjs";
import { buildWebIfStale } from "./web-build.mjs";

const root = new URL("..", import.meta.url).pathname;
const run = (label, cmd, args, env = {}) => {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  execFileSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
};

try {
  run("lint (biome)", "npx", ["biome", "check", "."]);
  for (const project of ["packages/domain", "apps/server", "apps/web", "tsconfig.tools.json"]) {
    run(`typecheck ${project}`, "npx", ["tsc", "-p", project, "--noEmit"]);
  }
  run("unit and integration tests (vitest)", "npx", ["vitest", "run"]);
  const browser = await findChromium();
  if (browser) {
    buildWebIfStale();
    run("browser journeys (playwright)", "npx", ["playwright", "test"], { CHROME_PATH: browser });
  } else if (process.env.E2E_REQUIRED === "1") {
    console.error("E2E_REQUIRED=1 but no Chromium was found (set CHROME_PATH or install Debian's chromium).");
    process.exit(1);
  } else {
    console.log("\nNo Chromium found: browser journeys skipped (set CHROME_PATH to run them).");
  }
} catch (error) {
  console.error(`\n✘ ${error.message.split("\n")[0]}`);
  process.exit(1);
}
