/**
 * Lighthouse as a phone sees the site: the built app on a fresh embedded database with the demo data,
 * Lighthouse's default (mobile: Moto G class screen, simulated slow 4G and 4x CPU slowdown) on the home
 * page and on one resource page. Prints scores and the three metrics the storefront issue tracks; asserts
 * nothing, and is not part of `npm test` (a figure, not a timed test).
 *
 *   npm run lighthouse
 *   LIGHTHOUSE_RUNS=5 npm run lighthouse       # each page 5 times, the run with the median performance kept
 *   CHROME_PATH=/path/to/chrome npm run lighthouse
 *   LIGHTHOUSE_VERBOSE=1 npm run lighthouse   # also the audits that did not pass, and what shifted
 *
 * Simulated throttling scales with this machine's speed, and two cores shared with other work move a
 * score by a few points between runs: several runs and the median are steadier than one.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = new URL("..", import.meta.url).pathname;
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3902);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const base = `http://127.0.0.1:${port}`;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface Figures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** What to look at: the audits that did not pass, with their headline (savings, elements). */
  misses: string[];
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function audit(url: string, chromePort: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port: chromePort,
    logLevel: "error",
    output: "json",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const misses = CATEGORIES.flatMap((c) =>
    (categories[c]?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .map((a) => `${c}: ${a!.id}${a!.displayValue ? ` (${a!.displayValue})` : ""}`),
  );
  // Which elements moved, for the layout shift the storefront issue names.
  const shifts = audits["layout-shifts"]?.details;
  if (shifts?.type === "table") {
    for (const item of shifts.items) {
      const node = item.node as { selector?: string } | undefined;
      misses.push(`layout shift ${Number(item.score).toFixed(3)}: ${node?.selector ?? "?"}`);
    }
  }
  return {
    misses,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Figures["scores"],
    lcpMs: metric("largest-contentful-paint"),
    cls: metric("cumulative-layout-shift"),
    tbtMs: metric("total-blocking-time"),
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try again. */
async function auditWithRetry(url: string, chromePort: number, attempts = 3): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, chromePort);
    } catch (error) {
      if (attempt >= attempts) throw error;
      // The code and page, without Lighthouse's advice that follows: "…: NO_FCP; once more".
      const [headline] = (error as Error).message.split(/ (?=Something|The page)/);
      console.warn(`  ${headline}; once more`);
    }
  }
}

const children: ChildProcess[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  execFileSync(process.execPath, ["scripts/web-build.mjs"], { cwd: root, stdio: "inherit" });
  const dataDir = mkdtempSync(join(tmpdir(), "market-lighthouse-"));
  console.log(`Starting the app with the demo data in ${dataDir}...`);
  children.push(
    spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: root,
      // A fresh embedded database, whatever DATABASE_URL the shell has; the demo data is seeded on start.
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        NODE_ENV: "development",
        SEED_DEMO: "true",
      },
      stdio: "ignore",
    }),
  );
  await waitFor(`${base}/api/health`);
  const listed = (await (await fetch(`${base}/api/resources?pageSize=1`)).json()) as {
    resources: { name: string }[];
  };
  const resource = listed.resources[0]?.name;
  const pages: [string, string][] = [["home", `${base}/`]];
  if (resource) pages.push([`resource (${resource})`, `${base}/resources/${encodeURIComponent(resource)}`]);

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox"] });
  // One unrecorded visit first: the server's first answers (JIT, caches) should not count against a page.
  for (const [, url] of pages) await fetch(url);

  const rows: [string, Figures][] = [];
  for (const [label, url] of pages) {
    const results: Figures[] = [];
    for (let run = 0; run < runs; run++) results.push(await auditWithRetry(url, chrome.port));
    results.sort((a, b) => a.scores.performance - b.scores.performance);
    const median = results[results.length >> 1]!;
    rows.push([label, median]);
    if (process.env.LIGHTHOUSE_VERBOSE) for (const miss of median.misses) console.log(`    ${miss}`);
    if (runs > 1)
      console.log(`  ${label}: performance ${results.map((r) => r.scores.performance).join(", ")}`);
  }

  console.log(
    `\nLighthouse ${new Date().toISOString()}, mobile, median of ${runs} run(s) by performance, ${chromePath}`,
  );
  console.log("page                                  perf  a11y  best   seo    LCP ms     CLS    TBT ms");
  for (const [label, f] of rows) {
    const s = f.scores;
    const cells = [s.performance, s.accessibility, s["best-practices"], s.seo].map((v) =>
      String(v).padStart(6),
    );
    cells.push(String(Math.round(f.lcpMs)).padStart(10), f.cls.toFixed(3).padStart(8));
    cells.push(String(Math.round(f.tbtMs)).padStart(10));
    console.log(`${label.slice(0, 36).padEnd(36)}${cells.join("")}`);
  }
} finally {
  chrome?.kill();
  for (const child of children) child.kill("SIGTERM");
}
