import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type pg from "pg";
import type { Database } from "../db/client.ts";
import type { AppInstance } from "./app-types.ts";
import { notFound, unauthorized } from "./errors.ts";
import {
  Counter,
  type CounterChild,
  EXPOSITION_CONTENT_TYPE,
  Gauge,
  type GaugeSample,
  Histogram,
  type HistogramChild,
  renderMetrics,
} from "./metrics.ts";
import { mailsSentTotal, paymentsTotal } from "./outcome-metrics.ts";

/**
 * What the server tells Prometheus at GET /metrics (outside /api, so no API client ever meets it): off
 * (404) unless METRICS_TOKEN is set, then only for `Authorization: Bearer <token>`. Each instance answers
 * for itself (its requests, mails, payments, pool); the job queue's depth is the shared database's, the
 * same on every instance (take max(), not sum(), across them).
 */

/** The route label of a request no route matched: its raw URL would make every probe a new series. */
const UNMATCHED = "unmatched";

/** Whether `given` is the Authorization header for `token`, compared in constant time. */
export function bearerMatches(given: string | undefined, token: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given ?? ""), digest(`Bearer ${token}`));
}

/**
 * Times every request by its route's pattern (`/api/resources/:id`, never the URL asked, so the number of
 * series stays that of the routes), method and status: a string key and a Map lookup per request, from
 * the reply's own elapsed time. Installed only when metrics are on.
 */
function installRequestCounting(app: AppInstance, requests: Counter, durations: Histogram) {
  const handles = new Map<string, { count: CounterChild; duration: HistogramChild }>();
  const handleFor = (request: FastifyRequest, status: number) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const key = `${request.method} ${status} ${route}`;
    let handle = handles.get(key);
    if (!handle) {
      handle = {
        count: requests.labels(request.method, route, String(status)),
        duration: durations.labels(request.method, route),
      };
      handles.set(key, handle);
    }
    return handle;
  };
  app.addHook("onResponse", (request, reply, done) => {
    const handle = handleFor(request, reply.statusCode);
    handle.count.inc();
    handle.duration.observe(reply.elapsedTime / 1000);
    done();
  });
}

function poolGauges(database: Database): Gauge[] {
  if (database.engine !== "postgres") return [];
  // drizzle keeps the node-postgres pool it was made with; PGlite has no pool (one connection).
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const one =
    (value: () => number): (() => GaugeSample[]) =>
    () => [{ labels: [], value: value() }];
  return [
    new Gauge(
      "db_pool_total_connections",
      "Open connections of this instance's pool.",
      [],
      one(() => pool.totalCount),
    ),
    new Gauge(
      "db_pool_idle_connections",
      "Open connections not in use.",
      [],
      one(() => pool.idleCount),
    ),
    new Gauge(
      "db_pool_waiting_requests",
      "Queries waiting for a free connection.",
      [],
      one(() => pool.waitingCount),
    ),
  ];
}

function jobQueueGauge(database: Database): Gauge {
  return new Gauge(
    "job_queue_depth",
    "Durable jobs waiting or being worked, by job name and state (the shared database's, not this instance's).",
    ["name", "state"],
    async () => {
      // One grouped count over the unfinished jobs; finished ones are purged by housekeeping.
      const result = await database.db.execute<{ name: string; state: string; n: number }>(sql`
        select name, state, count(*)::int as n from jobs where state in ('queued', 'running')
        group by name, state order by name, state`);
      return result.rows.map((row) => ({ labels: [row.name, row.state], value: Number(row.n) }));
    },
  );
}

const processGauges = [
  new Gauge("process_resident_memory_bytes", "Resident memory size in bytes.", [], () => [
    { labels: [], value: process.memoryUsage.rss() },
  ]),
  new Gauge(
    "process_start_time_seconds",
    "Start time of the process since the Unix epoch, in seconds.",
    [],
    () => [{ labels: [], value: Math.round(Date.now() / 1000 - process.uptime()) }],
  ),
];

/**
 * GET /metrics: 404 while METRICS_TOKEN is unset (and no request is timed), else the exposition for the
 * right bearer token and 401 for any other. Public as far as the access rules go (its own token is not
 * a user's), answered in offline mode, never rate limited or cached.
 */
export function installMetrics(app: AppInstance) {
  const token = app.deps.config.metricsToken;
  const requests = new Counter(
    "http_requests_total",
    "HTTP requests answered, by method, route and status.",
    ["method", "route", "status"],
  );
  const durations = new Histogram(
    "http_request_duration_seconds",
    "Time to answer HTTP requests, by method and route.",
    ["method", "route"],
  );
  if (token) installRequestCounting(app, requests, durations);
  const families = [
    requests,
    durations,
    mailsSentTotal,
    paymentsTotal,
    ...poolGauges(app.deps.database),
    jobQueueGauge(app.deps.database),
    ...processGauges,
  ];
  app.get(
    "/metrics",
    { config: { access: "public", availableOffline: true, rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      if (!token) throw notFound(`No route GET ${request.url.split("?")[0]}`);
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw unauthorized("invalid_token", "The metrics token is missing or wrong");
      }
      const body = await renderMetrics(families);
      return reply
        .header("content-type", EXPOSITION_CONTENT_TYPE)
        .header("cache-control", "no-store")
        .send(body);
    },
  );
}
