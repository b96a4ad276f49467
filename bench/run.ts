/**
 * Load figures for the grids, search, a resource page, ads and the configuration endpoints, for visitors
 * and for a signed-in user, beside a Fastify hello-world measured in the same run. Loopback only, bounded
 * in time; prints one table, asserts nothing.
 *
 *   npm run bench                         # 10,000 synthetic resources on PGlite, 5 s per round, 50 connections
 *   BENCH_RESOURCES=100000 BENCH_SECONDS=10 npm run bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_1m BENCH_RESOURCES=1000000 npm run bench
 *   BENCH_ADS=1000 (running ads for the ad display and impression rounds; the default)
 *   BENCH_ROUNDS=3 (each round measured 3 times, each time right after hello-world; medians reported)
 *   BENCH_PORT=3900 (the server's port; hello-world listens on the next), BENCH_USERNAME=teacher1
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (Node's options for the server: a profile)
 *
 * The database is topped up, not refilled: one that already holds BENCH_RESOURCES synthetic resources
 * (a million take a few minutes to seed) is used as it is.
 *
 * Two cores carry both autocannon and the server, so hello-world itself moves by a third between
 * minutes. Each round's ratio is therefore taken against a hello-world measured just before it, and
 * with several rounds the median ratio is reported, which is steadier than any single pair.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GRADES, STOP_WORDS } from "@market/domain";
import autocannon from "autocannon";
import { loadConfig } from "../apps/server/src/config.ts";
import { createViewTokens } from "../apps/server/src/modules/ads/view-tokens.ts";

const root = new URL("..", import.meta.url).pathname;
const resources = Number(process.env.BENCH_RESOURCES ?? 10_000);
const ads = Number(process.env.BENCH_ADS ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
/** BENCH_ONLY=ad,search measures only the rounds whose label contains one of them (hello-world always runs). */
const only = process.env.BENCH_ONLY?.toLowerCase().split(",");
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), "market-bench-"));
/** The server listens here and the hello-world on the next port. */
const appPort = Number(process.env.BENCH_PORT ?? 3900);
const helloPort = appPort + 1;
/** Node's options for the server alone, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
const serverNodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
/** The signed-in rounds' user, logged in once with the demo password. */
const username = process.env.BENCH_USERNAME ?? "teacher1";
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
// The server's own reading of the environment: its cache lifetimes and the demo password.
const config = loadConfig(env);
/** A list asked again within this long may be answered (wholly or its count) from a cache. */
const catalogueCacheMs = Math.max(config.visitorCacheMs, config.catalogueCountCacheMs);

interface Round {
  label: string;
  path: string;
  /** Signed in: the user's access token on every request. */
  signedIn?: boolean;
  /** A different path for every request. */
  walk?: PathWalk;
  /** A POST with this body, made afresh for every request. */
  postBody?: () => string;
}

interface Measured {
  rps: number;
  ratio: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  statuses: Set<string>;
}

/**
 * Paths asked one after another, each once while the list lasts, so that no answer comes from a cache
 * (the list is shared by the warm-up and every time the round is measured). A path asked again within
 * `cacheMs` of its last asking is counted, and the table says so.
 */
class PathWalk {
  asked = 0;
  repeatedWithinCache = 0;
  private readonly lastAsked = new Map<number, number>();
  constructor(
    readonly paths: readonly string[],
    readonly cacheMs: number,
  ) {}
  next(): string {
    const i = this.asked++ % this.paths.length;
    const now = Date.now();
    const before = this.lastAsked.get(i);
    if (before !== undefined && now - before < this.cacheMs) this.repeatedWithinCache += 1;
    this.lastAsked.set(i, now);
    return this.paths[i]!;
  }
}

/** A fixed shuffle (a linear congruential generator): neighbours differ, and two runs ask the same. */
function shuffled<T>(items: readonly T[]): T[] {
  const list = [...items];
  let seed = 19;
  for (let i = list.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = seed % (i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
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

async function getJson<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${appPort}${path}`, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function measure(url: string, round?: Round, token?: string) {
  const headers: Record<string, string> =
    round?.signedIn && token ? { authorization: `Bearer ${token}` } : {};
  const { walk, postBody } = round ?? {};
  const requests: autocannon.Request[] | undefined =
    walk || postBody
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              ...(walk ? { path: walk.next() } : {}),
              ...(postBody
                ? {
                    method: "POST" as const,
                    body: postBody(),
                    // A person's browser: ad counting leaves clients that name none out as bots.
                    headers: { ...headers, "content-type": "application/json", "user-agent": BROWSER },
                  }
                : {}),
            }),
          },
        ]
      : undefined;
  const run = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon({ url, connections, duration, headers, requests }, (err, result) =>
        err ? reject(err) : resolve(result),
      );
    });
  // A short unrecorded warm-up first: the JIT compiles each route's path on its first thousands of calls,
  // and a figure should describe the server running, not starting (hello-world is warmed up alike).
  return run(warmUpSeconds).then(() => run(seconds));
}

/**
 * Two-word searches drawn from the catalogue's own titles: pairs of words that stand in one title, so
 * each search finds something, as a teacher's would. Read through the API (the visitors' grid, by grade
 * and in four orders), so they fit whatever database is measured.
 */
async function catalogueSearches(): Promise<string[]> {
  const stop = new Set<string>(STOP_WORDS);
  const sorts = ["newest", "downloads", "price-asc", "price-desc"];
  const titles = new Set<string>();
  for (const grade of GRADES.map(encodeURIComponent)) {
    for (const sort of sorts) {
      for (const page of [1, 2]) {
        const list = await getJson<{ resources: { title: string }[] }>(
          `/api/resources?grade=${grade}&sort=${sort}&page=${page}&pageSize=48`,
        );
        for (const r of list.resources) titles.add(r.title.toLowerCase());
      }
    }
  }
  const pairs = new Set<string>();
  for (const title of titles) {
    const words = title.split(/[^a-z]+/).filter((w) => w.length >= 3 && !stop.has(w));
    for (let i = 0; i < words.length; i++) {
      for (let j = i + 1; j < words.length; j++) {
        if (words[i] !== words[j]) pairs.add(`${words[i]} ${words[j]}`);
      }
    }
  }
  return shuffled([...pairs]);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const children: ChildProcess[] = [];
try {
  console.log(`Seeding up to ${resources} synthetic resources in ${env.DATABASE_URL || dataDir}...`);
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
      "--top-up",
    ],
    { cwd: root, env, stdio: "inherit" },
  );
  children.push(
    spawn(process.execPath, [...serverNodeArgs, "--import", "tsx", "apps/server/src/main.ts"], {
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

  // Signed in as a browser is: the login endpoint, once, with the demo account's password.
  const { accessToken } = await getJson<{ accessToken: string }>("/api/auth/token", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: config.demoPassword }),
  }).catch((error: Error) => {
    throw new Error(
      `Could not sign in as ${username} (BENCH_USERNAME) with DEMO_PASSWORD: ${error.message}. ` +
        "The signed-in rounds need a demo account (a database seeded with SEED_DEMO on).",
    );
  });

  // A resource page: the newest listed resource's name, looked up once.
  const listed = await getJson<{ resources: { name: string }[] }>("/api/resources?pageSize=1");
  const resourceName = listed.resources[0]?.name;

  // Varied searches, as a visitor: each asked once, so that neither the answers' nor the counts' cache helps.
  const searches = await catalogueSearches();
  const searchWalk = new PathWalk(
    searches.map((q) => `/api/resources?q=${encodeURIComponent(q)}&pageSize=24`),
    catalogueCacheMs,
  );
  // Any page or filter: grid pages 1 to 20 of every grade and price filter in five orders, each asked once.
  const gridPaths = ["", ...GRADES.map((g) => `&grade=${encodeURIComponent(g)}`)].flatMap((grade) =>
    ["", "&price=free", "&price=paid", "&price=sale"].flatMap((price) =>
      ["newest", "downloads", "price-asc", "price-desc", "rating"].flatMap((sort) =>
        Array.from(
          { length: 20 },
          (_, i) => `/api/resources?page=${i + 1}&pageSize=24&sort=${sort}${grade}${price}`,
        ),
      ),
    ),
  );
  const gridWalk = new PathWalk(shuffled(gridPaths), config.visitorCacheMs);

  // An ad to count impressions for: every request brings a fresh view token, as the display call gives a
  // browser (minted here with the server's secret: autocannon cannot chain two calls). All come from one
  // address, so past the hourly cap per address (30) they are checked and not counted: the figure is the
  // cost of the check and its one statement.
  const shownAd = await getJson<{ ad: { id: string } | null }>("/api/advertisements/display?type=1");
  const viewTokens = createViewTokens(jwtSecret);

  const grid = {
    page1: "/api/resources?page=1&pageSize=24",
    deep: "/api/resources?page=200&pageSize=24",
    filtered: "/api/resources?grade=5&price=paid&sort=price-asc&pageSize=24",
    // The pool's last search, as the varied round walks the pool from its first.
    search: `/api/resources?q=${encodeURIComponent(searches.at(-1) ?? "fractions bingo")}&pageSize=24`,
    // "Top rated" (issue 21), a page and a deep page, and "4 stars & up" within a grade.
    topRated: "/api/resources?sort=rating&pageSize=24",
    topRatedDeep: "/api/resources?sort=rating&page=200&pageSize=24",
    minRating: "/api/resources?minRating=4&grade=5&pageSize=24",
  };
  const webBuilt = (await fetch(`http://127.0.0.1:${appPort}/`)).ok;
  if (!webBuilt) console.log("The web app is not built (npm run build): the document rounds are left out.");
  const resourcePage = resourceName ? `/api/resources/${resourceName}` : undefined;
  // In the order of the issue's targets, then the other visitors' rounds.
  const roundList: (Round | false)[] = [
    { label: "signed in: grid page 1", path: grid.page1, signedIn: true },
    { label: "signed in: grid page 200", path: grid.deep, signedIn: true },
    { label: "signed in: filtered grid", path: grid.filtered, signedIn: true },
    {
      label: "signed in: most downloaded",
      path: "/api/resources?sort=downloads&pageSize=24",
      signedIn: true,
    },
    { label: "signed in: top rated", path: grid.topRated, signedIn: true },
    { label: "signed in: top rated page 200", path: grid.topRatedDeep, signedIn: true },
    { label: "signed in: min rating filter", path: grid.minRating, signedIn: true },
    !!resourcePage && { label: "signed in: resource page", path: resourcePage, signedIn: true },
    { label: "signed in: repeated search", path: grid.search, signedIn: true },
    {
      label: `signed in: varied grid (${gridPaths.length})`,
      path: "/api/resources",
      signedIn: true,
      walk: gridWalk,
    },
    searches.length > 0 && {
      label: `varied searches (${searches.length}, uncached)`,
      path: "/api/resources",
      walk: searchWalk,
    },
    { label: "texts", path: "/api/texts/values" },
    { label: "signed in: texts", path: "/api/texts/values", signedIn: true },
    { label: "colours", path: "/api/colors/values" },
    { label: "signed in: colours", path: "/api/colors/values", signedIn: true },
    { label: "front-end settings", path: "/api/site-settings/front-end" },
    { label: "signed in: front-end settings", path: "/api/site-settings/front-end", signedIn: true },
    { label: "ad display (type 2)", path: "/api/advertisements/display?type=2" },
    { label: "ad display (grade 3)", path: "/api/advertisements/display?type=1&grade=3" },
    { label: "offline flag", path: "/api/site-settings/front-end-offline" },
    { label: "grid page 1", path: grid.page1 },
    { label: "grid page 200", path: grid.deep },
    { label: "most downloaded", path: "/api/resources?sort=downloads&pageSize=24" },
    { label: "filtered grid", path: grid.filtered },
    { label: "repeated search", path: grid.search },
    !!resourcePage && { label: "resource page", path: resourcePage },
    // The served documents (when the web app is built): the configuration and a landing page's first
    // answers are put into index.html, kept per page for the visitors' cache time.
    webBuilt && { label: "home page document (/)", path: "/" },
    webBuilt && !!resourceName && { label: "resource page document", path: `/resources/${resourceName}` },
    !!shownAd.ad && {
      label: "ad impression (fresh tokens)",
      path: `/api/advertisements/${shownAd.ad.id}/impression`,
      postBody: () => JSON.stringify({ token: viewTokens.issue(shownAd.ad!.id, "127.0.0.1") }),
    },
  ];

  const helloRuns: autocannon.Result[] = [];
  const rows: { label: string; runs: Measured[] }[] = [];
  for (const round of roundList) {
    if (!round) continue;
    if (only && !only.some((part) => round.label.toLowerCase().includes(part))) continue;
    const runs: Measured[] = [];
    for (let i = 0; i < rounds; i++) {
      const hello = await measure(`http://127.0.0.1:${helloPort}/`);
      helloRuns.push(hello);
      const result = await measure(`http://127.0.0.1:${appPort}${round.path}`, round, accessToken);
      runs.push({
        rps: result.requests.average,
        ratio: result.requests.average / hello.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        statuses: new Set(Object.keys(result.statusCodeStats ?? {}).filter((code) => !code.startsWith("2"))),
      });
    }
    rows.push({ label: round.label, runs });
    if (rounds > 1) {
      console.log(
        `  ${round.label}: ${runs.map((r) => `${Math.round(r.rps)} (${(r.ratio * 100).toFixed(0)}%, p99 ${r.p99})`).join(", ")}`,
      );
    }
  }
  rows.unshift({
    label: "Fastify hello-world",
    runs: helloRuns.map((h) => ({
      rps: h.requests.average,
      ratio: 1,
      p50: h.latency.p50,
      p99: h.latency.p99,
      errors: h.errors + h.timeouts,
      non2xx: h.non2xx,
      statuses: new Set<string>(),
    })),
  });

  console.log(
    `\n${resources} resources, ${connections} connections, ${seconds} s per round after ${warmUpSeconds} s of warm-up, ` +
      `${rounds} time(s) each, engine ${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}. ` +
      "Median req/s, p50 and ratio to the hello-world measured just before; worst p99; errors and non-2xx summed.",
  );
  const head = ["round", "req/s", "vs hello", "p50 ms", "p99 ms", "errors", "non-2xx"];
  const widths = [34, 8, 10, 8, 8, 8, 9];
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("");
  console.log(line(head));
  for (const { label, runs } of rows) {
    const errors = runs.reduce((n, r) => n + r.errors, 0);
    const non2xx = runs.reduce((n, r) => n + r.non2xx, 0);
    const statuses = [...new Set(runs.flatMap((r) => [...r.statuses]))];
    const cells = [
      label,
      String(Math.round(median(runs.map((r) => r.rps)))),
      `${(median(runs.map((r) => r.ratio)) * 100).toFixed(1)}%`,
      String(median(runs.map((r) => r.p50))),
      String(Math.max(...runs.map((r) => r.p99))),
      String(errors),
      String(non2xx),
    ];
    // A round answered with errors measured something else than the endpoint: it says so.
    console.log(line(cells) + (errors + non2xx > 0 ? `   BROKEN (${statuses.join(", ") || "errors"})` : ""));
  }
  for (const [name, walk] of [
    ["Varied grid pages", gridWalk],
    ["Varied searches", searchWalk],
  ] as const) {
    if (walk.asked === 0) continue;
    console.log(
      `${name}: ${walk.asked} asked from ${walk.paths.length} distinct; ${walk.repeatedWithinCache} asked again ` +
        `within ${walk.cacheMs} ms (the caches' lifetime)${walk.repeatedWithinCache > 0 ? ": too few for this rate" : ""}.`,
    );
  }
} finally {
  for (const child of children) child.kill("SIGTERM");
}
