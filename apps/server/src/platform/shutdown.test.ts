import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobs } from "../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { adminQuery, withDatabase } from "../test/global-setup.ts";
import { productionEnv, runServer, stopServer } from "../test/server-process.ts";
import { createJobWorker, enqueueJob, type JobDefinition } from "./jobs.ts";
import { shutDown } from "./shutdown.ts";

const onPostgres = process.env.TEST_DB_ENGINE === "postgres";
/** This file's ports (3410-3419 are ops'): each engine's project has its own, as both may run at once. */
const PORTS = onPostgres
  ? { child: 3413, timedOut: 3414, inProcess: 3415 }
  : { child: 3410, timedOut: 3411, inProcess: 3412 };
const silent = { error() {}, info() {}, warn() {} } as never;

/** Polls `check` until it holds (no fixed sleeps); fails past `withinMs`. */
async function until(withinMs: number, check: () => Promise<boolean> | boolean) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Whether a new TCP connection to `port` is refused (the server no longer listens). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

/**
 * A download that reads its first bytes and then stops reading, as a slow client does: the server's
 * answer stays in flight until `resume()`. Kept alive, as browsers and load balancers keep connections.
 */
function slowDownload(port: number, path: string, agent: http.Agent) {
  let received = 0;
  let response: http.IncomingMessage | null = null;
  const started = new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
      response = res;
      res.once("data", (chunk: Buffer) => {
        received += chunk.length;
        res.pause();
        resolve(res);
      });
    });
    request.once("error", reject);
  });
  const finished = started.then(
    (res) =>
      new Promise<{ status: number; bytes: number; complete: boolean }>((resolve) => {
        res.on("data", (chunk: Buffer) => {
          received += chunk.length;
        });
        res.once("close", () =>
          resolve({ status: res.statusCode!, bytes: received, complete: res.complete }),
        );
      }),
  );
  return { started, finished, resume: () => response?.resume() };
}

const BIG_FILE_BYTES = 48 * 1024 * 1024;

/**
 * Graceful shutdown (issue 24) through the real process and its signals: what is in flight when the
 * orchestrator says stop is finished, nothing new is taken, and the process then exits by itself.
 */
describe("stopping the server process", () => {
  let root: string;
  let databaseUrl: string | undefined;
  const made: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "ops-shutdown-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    for (const name of made)
      await adminQuery(process.env.TEST_DATABASE_URL!, `drop database if exists ${name} with (force)`);
  });

  /** A data folder with a stored file too large to send at once, and on PostgreSQL a database of its own. */
  async function prepare(name: string) {
    const dataDir = join(root, name);
    await mkdir(join(dataDir, "files", "previews"), { recursive: true });
    await writeFile(join(dataDir, "files", "previews", "big.mp4"), randomBytes(BIG_FILE_BYTES));
    if (onPostgres) {
      const db = `ops_sd_${randomBytes(5).toString("hex")}`;
      await adminQuery(process.env.TEST_DATABASE_URL!, `create database ${db}`);
      made.push(db);
      databaseUrl = withDatabase(process.env.TEST_DATABASE_URL!, db);
    }
    return { dataDir, extra: databaseUrl ? { DATABASE_URL: databaseUrl } : {} };
  }

  it("finishes a download in flight at SIGTERM, refuses new connections meanwhile, then exits 0", async () => {
    const port = PORTS.child;
    const { dataDir, extra } = await prepare("clean");
    const server = runServer(productionEnv(dataDir, port, extra));
    await server.said("Lesson Loft is running at");
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    try {
      // An idle kept-alive connection, as a balancer keeps them: it must not hold the close up.
      const live = await fetch(`http://127.0.0.1:${port}/api/health/live`);
      expect(live.status).toBe(200);
      await new Promise<void>((resolve) =>
        http.get({ host: "127.0.0.1", port, path: "/api/health/live", agent }, (res) =>
          res.resume().on("end", resolve),
        ),
      );
      const download = slowDownload(port, "/api/files/previews/big.mp4", agent);
      await download.started;

      server.child.kill("SIGTERM");
      await server.said("shutting down");
      await until(5000, () => refused(port));
      // Still running: the download holds it.
      expect(server.child.exitCode).toBeNull();

      download.resume();
      expect(await download.finished).toEqual({ status: 200, bytes: BIG_FILE_BYTES, complete: true });
      const finishedAt = performance.now();
      expect(await server.exited).toBe(0);
      // Not held by the now idle kept-alive connections (Fastify's keep-alive timeout is 72 seconds).
      expect(performance.now() - finishedAt).toBeLessThan(5000);
      expect(server.output()).toContain('"outcome":"clean"');
    } finally {
      agent.destroy();
      await stopServer(server);
    }
  }, 60_000);

  it("cuts what is still running at SHUTDOWN_TIMEOUT_MS and exits 1", async () => {
    const port = PORTS.timedOut;
    const { dataDir, extra } = await prepare("timed-out");
    const server = runServer(productionEnv(dataDir, port, { ...extra, SHUTDOWN_TIMEOUT_MS: "1000" }));
    await server.said("Lesson Loft is running at");
    const agent = new http.Agent({ keepAlive: true });
    try {
      // A reader that never reads on.
      const download = slowDownload(port, "/api/files/previews/big.mp4", agent);
      await download.started;
      const stoppedAt = performance.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(1);
      expect(performance.now() - stoppedAt).toBeLessThan(1000 + 4000);
      download.resume();
      expect((await download.finished).complete).toBe(false);
      expect(server.output()).toContain("requests still running at the shutdown timeout");
    } finally {
      agent.destroy();
      await stopServer(server);
    }
  }, 60_000);
});

/** The job worker's part of a shutdown: what it claimed is handed back for another instance at once. */
describe("shutting down with a job in hand", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const rowOf = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  /** A job whose handler on the first worker waits for `release` (ignoring the stop), and ends at once elsewhere. */
  function stuckJob(name: string) {
    let release: (outcome: "finish" | "fail") => void = () => {};
    const held = new Promise<"finish" | "fail">((resolve) => {
      release = resolve;
    });
    const stuck: JobDefinition<{ n: number }> = {
      name,
      payload: z.object({ n: z.number() }),
      async handle() {
        if ((await held) === "fail") throw new Error("failed after it was handed back");
      },
    };
    const quick: JobDefinition<{ n: number }> = { ...stuck, async handle() {} };
    return { stuck, quick, release: (outcome: "finish" | "fail") => release(outcome) };
  }

  it("hands back a job whose handler ends on the stop, without counting the attempt", async () => {
    const endsOnStop: JobDefinition<{ n: number }> = {
      name: "ops-ends-on-stop",
      payload: z.object({ n: z.number() }),
      handle: (_payload, { signal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(new Error("stopped"))),
        ),
    };
    const id = await enqueueJob(t.db, endsOnStop, { n: 1 });
    const first = createJobWorker({ db: t.db, log: silent, definitions: [endsOnStop] });
    first.start(5);
    await until(5000, async () => (await rowOf(id)).state === "running");
    await first.stop();
    expect(await rowOf(id)).toMatchObject({
      state: "queued",
      attempts: 0,
      locked_by: null,
      last_error: null,
    });
    expect((await rowOf(id)).run_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // Another instance takes it at its next poll, not after the stale-job timeout.
    const second = createJobWorker({
      db: t.db,
      log: silent,
      definitions: [{ ...endsOnStop, handle: async () => {} }],
    });
    expect(await second.runOnce()).toBe(true);
    expect((await rowOf(id)).state).toBe("done");
  });

  it("hands back a job still running at the timeout; its late failure does not undo the next run", async () => {
    const { stuck, quick, release } = stuckJob("ops-stuck");
    const id = await enqueueJob(t.db, stuck, { n: 1 });
    const first = createJobWorker({ db: t.db, log: silent, definitions: [stuck] });
    first.start(5);
    await until(5000, async () => (await rowOf(id)).state === "running");
    await first.stop(50);
    expect(await rowOf(id)).toMatchObject({ state: "queued", attempts: 0, locked_by: null });
    const second = createJobWorker({ db: t.db, log: silent, definitions: [quick] });
    expect(await second.runOnce()).toBe(true);
    const done = await rowOf(id);
    expect(done.state).toBe("done");
    // The first worker's handler fails only now: it no longer holds the job, so it records nothing.
    release("fail");
    await first.stop();
    expect(await rowOf(id)).toEqual(done);
  });

  it("stops the app, hands back the worker's job, and closes the database last", async () => {
    const { stuck, release } = stuckJob("ops-stuck-at-shutdown");
    const local = await buildTestApp();
    await local.app.listen({ port: PORTS.inProcess, host: "127.0.0.1" });
    const id = await enqueueJob(local.db, stuck, { n: 1 });
    const worker = createJobWorker({ db: local.db, log: silent, definitions: [stuck] });
    worker.start(5);
    const row = async () => (await local.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
    await until(5000, async () => (await row()).state === "running");
    // What the database's close finds when it comes: the server closed and the job handed back.
    const database = local.app.deps.database;
    let atClose: { listening: boolean; job: Awaited<ReturnType<typeof row>> } | null = null;
    const outcome = await shutDown({
      app: local.app,
      worker,
      database: {
        ...database,
        async close() {
          atClose = { listening: local.app.server.listening, job: await row() };
          await database.close();
        },
      },
      timeoutMs: 300,
      log: silent,
    });
    release("finish");
    expect(outcome).toBe("clean");
    expect(local.app.lifecycle.stopping).toBe(true);
    expect(atClose).toMatchObject({
      listening: false,
      job: { state: "queued", attempts: 0, locked_by: null },
    });
    expect(await refused(PORTS.inProcess)).toBe(true);
    await expect(local.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
