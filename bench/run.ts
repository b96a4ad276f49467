/**
 * Load figures for the grids, search, a resource page, ads and the configuration endpoints, beside a Fastify hello-world
 * measured in the same run. Loopback only, bounded in time; prints figures, asserts nothing.
 *
 *   npm run bench                         # 10,000 synthetic resources on PGlite, 5 s per endpoint
 *   BENCH_RESOURCES=100000 BENCH_SECONDS=10 npm run bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench
 *   BENCH_ADS=1000 (running ads for the ad display and impression scenarios; the default)
 *   BENCH_ROUNDS=3 (each endpoint measured 3 times, each time right after hello-world; medians reported)
 *
 * Two cores carry both autocannon and the server, so hello-world itself moves by a third between
 * minutes. Each endpoint's ratio is therefore taken against a hello-world measured just before it, and
 * with several rounds the median ratio is reported, which is steadier than any single pair.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createViewTokens } from "../apps/server/src/modules/ads/view-tokens.ts";

const root = new URL("..", import.meta.url).pathname;
const resources = Number(process.env.BENCH_RESOURCES ?? 10_000);
const ads = Number(process.env.BENCH_ADS ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
/** BENCH_ONLY=ad,search measures only the scenarios whose label contains one of them (hello-world always runs). */
const only = process.env.BENCH_ONLY?.toLowerCase().split(",");
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), "market-bench-"));
const appPort = 3900;
const helloPort = 3901;
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** The server's secret, known here so that the bench can mint the ad view tokens a browser would be given. */
const jwtSecret = process.env.JWT_SECRET ?? randomBytes(32).toString("hex");
const env = {
  ...process.env,
  JWT_SECRET: jwtSecret,
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
  LOG_LEVEL: "warn",
  HOST: "127.0.0.1",
};

/** Two-word searches a teacher might type, cycled so that no count or page is asked for twice in a row. */
const SEARCHES = [
  "fractions bingo",
  "place value",
  "sight words",
  "solar system",
  "ancient rome",
  "escape room",
  "long division",
  "exit tickets",
  "spanish verbs",
  "color theory",
  "task cards",
  "poetry unit",
  "weather quiz",
  "magnets centers",
  "grammar slides",
  "phonics pack",
  "geometry posters",
  "decimals review",
  "vocabulary worksheets",
  "fitness lesson",
];

const ENDPOINTS: [string, string][] = [
  ["home grid (page 1)", "/api/resources?page=1&pageSize=24"],
  ["home grid (page 200)", "/api/resources?page=200&pageSize=24"],
  ["most downloaded", "/api/resources?sort=downloads&pageSize=24"],
  ["filtered grid", "/api/resources?grade=5&price=paid&sort=price-asc&pageSize=24"],
  ["two-word search", "/api/resources?q=fractions%20bingo&pageSize=24"],
  ["front-end settings", "/api/site-settings/front-end"],
  ["offline flag", "/api/site-settings/front-end-offline"],
  ["texts", "/api/texts/values"],
  ["colours", "/api/colors/values"],
  ["ad display (type 2)", "/api/advertisements/display?type=2"],
  ["ad display (grade 3)", "/api/advertisements/display?type=1&grade=3"],
];

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function measure(url: string, paths?: string[], postBody?: () => string) {
  let next = 0;
  const requests: autocannon.Request[] | undefined =
    paths || postBody
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              ...(paths ? { path: paths[next++ % paths.length]! } : {}),
              ...(postBody
                ? {
                    method: "POST" as const,
                    body: postBody(),
                    // A person's browser: ad counting leaves clients that name none out as bots.
                    headers: { "content-type": "application/json", "user-agent": BROWSER },
                  }
                : {}),
            }),
          },
        ]
      : undefined;
  const run = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      // p97_5 is autocannon's nearest figure to a p95.
      autocannon({ url, connections, duration, requests }, (err, result) =>
        err ? reject(err) : resolve(result),
      );
    });
  // A short unrecorded warm-up first: the JIT compiles each route's path on its first thousands of calls,
  // and a figure should describe the server running, not starting (hello-world is warmed up alike).
  return run(warmUpSeconds).then(() => run(seconds));
}

const children: ChildProcess[] = [];
try {
  console.log(`Seeding ${resources} synthetic resources in ${env.DATABASE_URL || dataDir}...`);
  execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "apps/server/src/db/seed/cli.ts",
      "--resources",
      String(resources),
      "--ads",
      String(ads),
    ],
    {
      cwd: root,
      env,
      stdio: "inherit",
    },
  );
  children.push(
    spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: root,
      env: { ...env, PORT: String(appPort) },
      stdio: "ignore",
    }),
  );
  children.push(
    spawn(process.execPath, ["--import", "tsx", "bench/hello.ts"], {
      cwd: root,
      env: { ...env, PORT: String(helloPort) },
      stdio: "ignore",
    }),
  );
  await waitFor(`http://127.0.0.1:${appPort}/api/health`);
  await waitFor(`http://127.0.0.1:${helloPort}/`);

  // A resource page: the first listed resource's name, looked up once.
  const listed = (await (await fetch(`http://127.0.0.1:${appPort}/api/resources?pageSize=1`)).json()) as {
    resources: { name: string }[];
  };
  if (listed.resources[0]) ENDPOINTS.push(["resource page", `/api/resources/${listed.resources[0].name}`]);
  // The served documents (when the web app is built): the configuration and a landing page's first
  // answers are put into index.html, kept per page for the visitors' cache time.
  ENDPOINTS.push(["home page document (/)", "/"]);
  if (listed.resources[0])
    ENDPOINTS.push(["resource page document", `/resources/${listed.resources[0].name}`]);

  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  // An ad to count impressions for: every request brings a fresh view token, as the display call gives a
  // browser (minted here with the server's secret: autocannon cannot chain two calls). All come from one
  // address, so past the hourly cap per address (30) they are checked and not counted: the figure is the
  // cost of the check and its one statement.
  const shownAd = (await (
    await fetch(`http://127.0.0.1:${appPort}/api/advertisements/display?type=1`)
  ).json()) as {
    ad: { id: string } | null;
  };
  const viewTokens = createViewTokens(jwtSecret);
  const scenarios: [string, string, string[]?, (() => string)?][] = [
    ...ENDPOINTS,
    [
      `varied searches (${SEARCHES.length})`,
      "/api/resources",
      SEARCHES.map((q) => `/api/resources?q=${encodeURIComponent(q)}&pageSize=24`),
    ],
  ];
  if (shownAd.ad) {
    const adId = shownAd.ad.id;
    scenarios.push([
      "ad impression (fresh tokens)",
      `/api/advertisements/${shownAd.ad.id}/impression`,
      undefined,
      () => JSON.stringify({ token: viewTokens.issue(adId, "127.0.0.1") }),
    ]);
  }
  const helloRuns: autocannon.Result[] = [];
  const rows: [string, number, number, number, number][] = [];
  for (const [label, path, paths, postBody] of scenarios) {
    if (only && !only.some((part) => label.toLowerCase().includes(part))) continue;
    const runs: { rps: number; p99: number; p975: number; ratio: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      const hello = await measure(helloUrl);
      helloRuns.push(hello);
      const result = await measure(`http://127.0.0.1:${appPort}${path}`, paths, postBody);
      if (result.non2xx > 0) console.warn(`  ${label}: ${result.non2xx} non-2xx answers`);
      if (result.errors > 0 || result.timeouts > 0) {
        console.warn(`  ${label}: ${result.errors} connection errors, ${result.timeouts} timeouts`);
      }
      runs.push({
        rps: result.requests.average,
        p99: result.latency.p99,
        p975: result.latency.p97_5,
        ratio: result.requests.average / hello.requests.average,
      });
    }
    rows.push([
      label,
      median(runs.map((r) => r.rps)),
      Math.max(...runs.map((r) => r.p99)),
      median(runs.map((r) => r.p975)),
      median(runs.map((r) => r.ratio)),
    ]);
    if (rounds > 1) {
      console.log(
        `  ${label}: ${runs.map((r) => `${Math.round(r.rps)} (${(r.ratio * 100).toFixed(0)}%, p99 ${r.p99})`).join(", ")}`,
      );
    }
  }
  rows.unshift([
    "Fastify hello-world",
    median(helloRuns.map((h) => h.requests.average)),
    Math.max(...helloRuns.map((h) => h.latency.p99)),
    median(helloRuns.map((h) => h.latency.p97_5)),
    1,
  ]);
  console.log(
    `\n${resources} resources, ${connections} connections, ${seconds} s each, ${rounds} round(s) (median req/s and ratio, worst p99), engine ${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );
  console.log("endpoint                    req/s     p99 ms  p97.5 ms   vs hello-world just before");
  for (const [label, rps, p99, p975, ratio] of rows) {
    console.log(
      `${String(label).padEnd(26)}${Math.round(Number(rps)).toString().padStart(7)}${String(p99).padStart(10)}${String(p975).padStart(10)}   ${(Number(ratio) * 100).toFixed(1)}%`,
    );
  }
} finally {
  for (const child of children) child.kill("SIGTERM");
}
