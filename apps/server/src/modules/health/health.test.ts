import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";

/** Liveness and readiness (issue 24), on the real app and database; every failure is made for real. */
describe("health probes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const filesRoot = () => join(t.config.dataDir, "files");

  it("answers liveness without asking anything, never to be cached", async () => {
    const res = await get("/api/health/live");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("is ready when the database answers, has this build's migrations, and storage takes writes", async () => {
    const res = await get("/api/health/ready");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok", migrations: "ok", storage: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
    // The older probe still answers as before.
    expect((await get("/api/health")).json()).toEqual({ status: "ok", database: "ok" });
  });

  it("is not ready, naming storage, when the files folder cannot be written", async () => {
    // A file where the folder should be: what a missing or broken mount looks like to the server.
    await rm(filesRoot(), { recursive: true, force: true });
    await writeFile(filesRoot(), "not a folder");
    try {
      const res = await get("/api/health/ready");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: "unavailable",
        database: "ok",
        migrations: "ok",
        storage: "failed",
      });
      expect((await get("/api/health/live")).statusCode).toBe(200);
    } finally {
      await rm(filesRoot(), { force: true });
    }
    expect((await get("/api/health/ready")).statusCode).toBe(200);
  });

  it("is not ready while the database lacks this build's last migration", async () => {
    const [last] = (
      await t.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await get("/api/health/ready");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "unavailable", database: "ok", migrations: "pending" });
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`);
    }
    expect((await get("/api/health/ready")).statusCode).toBe(200);
  });

  it("answers 503 while the process stops, so a load balancer stops sending", async () => {
    t.app.lifecycle.stopping = true;
    try {
      const res = await get("/api/health/ready");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "unavailable", database: "ok", stopping: true });
      expect((await get("/api/health/live")).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.stopping = false;
    }
  });

  it("answers probes without a rate limit: many at once all succeed", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => get("/api/health/ready")));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
  });

  it("says the database failed, and stays alive, once the database is gone", async () => {
    await t.app.deps.database.close();
    const res = await get("/api/health/ready");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: "unavailable",
      database: "failed",
      migrations: "unknown",
      storage: "ok",
    });
    expect((await get("/api/health/live")).json()).toEqual({ status: "ok" });
  });
});
