import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../db/migrate.ts";
import { adminQuery, withDatabase } from "../test/global-setup.ts";
import { productionEnv, runServer, stopServer } from "../test/server-process.ts";

/** This file's ports (ops' range is 3410-3419); its two-instance test runs on PostgreSQL only. */
const PORTS = [3416, 3417] as const;

const journalLength = () =>
  (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: unknown[] })
    .entries.length;

/**
 * The container's start (the Dockerfile's CMD, compose.yaml's two app instances) without Docker: the
 * same command and the same kind of environment, on this machine.
 */
describe("the container's start command", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "ops-container-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("refuses to start in production without JWT_SECRET, saying so", async () => {
    const server = runServer(productionEnv(join(root, "no-secret"), PORTS[0], { JWT_SECRET: "" }));
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("JWT_SECRET: required in production");
  });

  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "starts two instances at once on an empty database: both come up ready, every migration ran once",
    async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `ops_mig_${randomBytes(5).toString("hex")}`;
      await adminQuery(base, `create database ${name}`);
      const databaseUrl = withDatabase(base, name);
      const servers = PORTS.map((port, i) =>
        runServer(productionEnv(join(root, `instance-${i}`), port, { DATABASE_URL: databaseUrl })),
      );
      try {
        await Promise.all(servers.map((server) => server.said("Lesson Loft is running at")));
        for (const port of PORTS) {
          const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
          expect({ port, status: ready.status, body: await ready.json() }).toEqual({
            port,
            status: 200,
            body: { status: "ok", database: "ok", migrations: "ok", storage: "ok" },
          });
        }
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          const { rows } = await client.query<{ n: number; distinct: number }>(
            "select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
          );
          expect(rows[0]).toEqual({ n: journalLength(), distinct: journalLength() });
        } finally {
          await client.end();
        }
        expect(await Promise.all(servers.map(stopServer))).toEqual([0, 0]);
      } finally {
        await Promise.all(servers.map(stopServer));
        await adminQuery(base, `drop database if exists ${name} with (force)`);
      }
    },
    60_000,
  );
});
