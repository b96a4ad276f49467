import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { jobs } from "../db/schema/index.ts";

/**
 * Durable jobs in the database (bulk e-mail, preview generation), worked by every server process.
 * A job is claimed with FOR UPDATE SKIP LOCKED, so several instances never take the same one; a job
 * left `running` by a process that died is handed out again after `staleAfterMs`; one whose process
 * stops on purpose is handed back at once (`stop`). Handlers must be safe to run again after a crash
 * (they record their own progress), which is how nothing is done twice.
 */
export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  maxAttempts?: number;
  /** `signal` aborts when the worker stops: a long handler (a bulk send) ends its slice and queues the rest. */
  handle(
    payload: P,
    ctx: { db: Db; log: FastifyBaseLogger; jobId: number; signal: AbortSignal },
  ): Promise<void>;
}

export async function enqueueJob<P>(db: Db, definition: JobDefinition<P>, payload: P, runAt = new Date()) {
  const checked = definition.payload.parse(payload);
  const [row] = await db
    .insert(jobs)
    .values({ name: definition.name, payload: checked as object, run_at: runAt })
    .returning({ id: jobs.id });
  return row!.id;
}

export interface JobWorker {
  /** Claims and runs at most one ready job; resolves to whether one ran. */
  runOnce(): Promise<boolean>;
  start(pollMs?: number): void;
  /**
   * Stops claiming, tells a running handler to end (its `signal`), waits for it up to `waitMs` (unbounded
   * without), then hands back any job this worker still holds, queued to run now on another instance.
   */
  stop(waitMs?: number): Promise<void>;
}

const BACKOFF_MS = [5_000, 30_000, 120_000, 600_000];

export function createJobWorker(opts: {
  db: Db;
  log: FastifyBaseLogger;
  // biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of many payload types
  definitions: JobDefinition<any>[];
  staleAfterMs?: number;
}): JobWorker {
  const { db, log } = opts;
  const byName = new Map(opts.definitions.map((d) => [d.name, d]));
  const workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const staleAfter = `${Math.round((opts.staleAfterMs ?? 10 * 60_000) / 1000)} seconds`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const stopping = new AbortController();

  async function claim() {
    const names = [...byName.keys()];
    if (names.length === 0) return null;
    const result = await db.execute<{ id: number; name: string; payload: unknown; attempts: number }>(sql`
      update jobs set state = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${workerId}
      where id = (
        select id from jobs
        where name in ${sql.raw(`(${names.map((n) => `'${n.replaceAll("'", "''")}'`).join(", ")})`)}
          and ((state = 'queued' and run_at <= now())
            or (state = 'running' and locked_at < now() - ${staleAfter}::interval))
        order by run_at
        limit 1
        for update skip locked)
      returning id, name, payload, attempts`);
    return result.rows[0] ?? null;
  }

  async function runOnce(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const definition = byName.get(job.name)!;
    const jobId = Number(job.id);
    // Only while this worker still holds the job: one handed back at a stop belongs to whoever took it next.
    const held = sql`id = ${jobId} and locked_by = ${workerId}`;
    try {
      await definition.handle(definition.payload.parse(job.payload), {
        db,
        log,
        jobId,
        signal: stopping.signal,
      });
      await db.execute(
        sql`update jobs set state = 'done', finished_at = now(), last_error = null where ${held}`,
      );
    } catch (error) {
      // Ended by the stop rather than failed: handed back whole, with the attempt not counted.
      if (stopping.signal.aborted) {
        await handBack(held);
        return true;
      }
      const message = error instanceof Error ? error.message : String(error);
      const attempts = Number(job.attempts);
      const giveUp = attempts >= (definition.maxAttempts ?? 5);
      const delayMs = BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)]!;
      log.error(
        { jobId, name: job.name, attempts, err: error },
        giveUp ? "job failed for good" : "job failed; will retry",
      );
      await db.execute(sql`
        update jobs set state = ${giveUp ? "failed" : "queued"}, last_error = ${message.slice(0, 2000)},
          run_at = now() + ${`${delayMs} milliseconds`}::interval, locked_at = null, locked_by = null,
          finished_at = ${giveUp ? sql`now()` : null}
        where ${held}`);
    }
    return true;
  }

  /** Queues held jobs to run now, as if never claimed, so another instance takes them at its next poll. */
  async function handBack(which: ReturnType<typeof sql>) {
    await db.execute(sql`
      update jobs set state = 'queued', run_at = now(), attempts = greatest(attempts - 1, 0),
        locked_at = null, locked_by = null
      where ${which} and state = 'running'`);
  }

  return {
    runOnce,
    start(pollMs = 1000) {
      const tick = async () => {
        if (stopped) return;
        try {
          // Drain what is ready, then wait for the next poll.
          while (!stopped) {
            running = runOnce();
            if (!(await running)) break;
          }
        } catch (error) {
          log.error({ err: error }, "job worker poll failed");
        }
        if (!stopped) timer = setTimeout(tick, pollMs);
      };
      timer = setTimeout(tick, 0);
    },
    async stop(waitMs) {
      stopped = true;
      stopping.abort();
      if (timer) clearTimeout(timer);
      const finished = running.catch(() => {});
      if (waitMs === undefined) await finished;
      else {
        let timeout: NodeJS.Timeout | undefined;
        await Promise.race([finished, new Promise((resolve) => (timeout = setTimeout(resolve, waitMs)))]);
        clearTimeout(timeout);
      }
      await handBack(sql`locked_by = ${workerId}`).catch((error: unknown) =>
        log.error({ err: error }, "held jobs could not be handed back; they run again once stale"),
      );
    },
  };
}
