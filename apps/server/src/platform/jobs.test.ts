import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Database, openDatabase } from "../db/client.ts";
import { jobs } from "../db/schema/index.ts";
import { createTestDatabase } from "../test/database.ts";
import { createJobWorker, enqueueJob, type JobDefinition } from "./jobs.ts";

const silent = { error() {}, info() {}, warn() {} } as never;

describe("durable jobs", () => {
  let database: Database;
  let url: string | undefined;
  const done: string[] = [];
  let failuresLeft = 0;

  const greet: JobDefinition<{ name: string }> = {
    name: "greet",
    payload: z.object({ name: z.string() }),
    maxAttempts: 2,
    async handle({ name }) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error("mail server unavailable");
      }
      done.push(name);
    },
  };

  beforeAll(async () => {
    ({ database, url } = await createTestDatabase());
  });
  afterAll(() => database.close());

  const stateOf = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  it("runs a queued job once and marks it done", async () => {
    const worker = createJobWorker({ db: database.db, log: silent, definitions: [greet] });
    const id = await enqueueJob(database.db, greet, { name: "Ada" });
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false);
    expect(done).toEqual(["Ada"]);
    expect((await stateOf(id)).state).toBe("done");
  });

  it("refuses a payload that does not match the definition", async () => {
    await expect(enqueueJob(database.db, greet, { name: 5 } as never)).rejects.toThrow();
  });

  it("retries a failing job later and gives up after maxAttempts", async () => {
    const worker = createJobWorker({ db: database.db, log: silent, definitions: [greet] });
    failuresLeft = 5;
    const id = await enqueueJob(database.db, greet, { name: "Grace" });
    await worker.runOnce();
    let row = await stateOf(id);
    expect(row).toMatchObject({ state: "queued", attempts: 1, last_error: "mail server unavailable" });
    expect(row.run_at.getTime()).toBeGreaterThan(Date.now());
    await database.db.update(jobs).set({ run_at: sql`now()` }).where(eq(jobs.id, id));
    await worker.runOnce();
    row = await stateOf(id);
    expect(row).toMatchObject({ state: "failed", attempts: 2 });
    failuresLeft = 0;
  });

  it("hands a job left running by a dead process to another worker", async () => {
    const id = await enqueueJob(database.db, greet, { name: "Linus" });
    await database.db
      .update(jobs)
      .set({ state: "running", locked_at: sql`now() - interval '1 hour'`, locked_by: "dead" })
      .where(eq(jobs.id, id));
    const worker = createJobWorker({
      db: database.db,
      log: silent,
      definitions: [greet],
      staleAfterMs: 60_000,
    });
    expect(await worker.runOnce()).toBe(true);
    expect((await stateOf(id)).state).toBe("done");
    expect(done).toContain("Linus");
  });

  // Two workers on two connections: PostgreSQL only (PGlite is one connection in one process).
  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "never gives one job to two workers at once",
    async () => {
      const second = await openDatabase({ databaseUrl: url, poolSize: 4 });
      // Each job takes a little while, so the workers really hold jobs at the same time; the most held
      // at once proves it (an instant handler lets one drain finish before the next starts).
      const ran: string[] = [];
      let held = 0;
      let mostHeld = 0;
      const slow: JobDefinition<{ name: string }> = {
        name: "slow",
        payload: z.object({ name: z.string() }),
        maxAttempts: 1,
        async handle({ name }) {
          held += 1;
          mostHeld = Math.max(mostHeld, held);
          await new Promise((resolve) => setTimeout(resolve, 15));
          held -= 1;
          ran.push(name);
        },
      };
      try {
        for (let i = 0; i < 20; i++) await enqueueJob(database.db, slow, { name: `n${i}` });
        const a = createJobWorker({ db: database.db, log: silent, definitions: [slow] });
        const b = createJobWorker({ db: second.db, log: silent, definitions: [slow] });
        const drain = async (w: typeof a) => {
          while (await w.runOnce()) {}
        };
        await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
        expect(mostHeld).toBeGreaterThanOrEqual(2);
        expect(ran).toHaveLength(20);
        expect(new Set(ran).size).toBe(20);
      } finally {
        await second.close();
      }
    },
  );
});
