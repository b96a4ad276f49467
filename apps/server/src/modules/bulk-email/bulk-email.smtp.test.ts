import { mkdtemp } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BulkEmailState } from "@market/domain";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Config, loadConfig } from "../../config.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { jobDefinitions } from "../../jobs.registry.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { createJobWorker, type JobWorker } from "../../platform/jobs.ts";
import { createMailer } from "../../platform/mail.ts";
import { createSandboxGateway } from "../../platform/payments.ts";
import { createLocalStorage } from "../../platform/storage.ts";
import { createTokenSigner } from "../../platform/tokens.ts";
import { TEST_JWT_SECRET } from "../../test/app.ts";
import { createTestDatabase } from "../../test/database.ts";
import { makeAdmin, makeUser, TEST_PASSWORD } from "../../test/factories.ts";

const silent = {
  info() {},
  error() {},
  warn() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silent,
} as never;

/** Waits for a condition, checking every 25 ms (no fixed sleeps), failing after `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Issue 9: "a bulk-send test against a real SMTP server started by the test, in which the server is stopped
 * halfway and restarted, and every active user receives exactly one copy". The server here is the real app
 * with its durable job worker and nodemailer speaking SMTP to smtp-server; it is shut down mid-send as
 * main.ts does on SIGTERM, and a new one is started on the same database (on PostgreSQL, through a
 * connection of its own, as another process would).
 */
describe("bulk e-mail through a real SMTP server, across a server restart", () => {
  const received: { to: string[]; subject: string }[] = [];
  let smtp: SMTPServer;
  let smtpUrl: string;
  let dataDir: string;
  let first: { database: Database; url?: string };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        let raw = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => {
          raw += chunk;
        });
        stream.on("end", () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    dataDir = await mkdtemp(join(tmpdir(), "market-smtp-"));
    first = await createTestDatabase();
  });
  afterAll(async () => {
    await first.database.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** One server process: the app and its job worker, mailing through the SMTP server. */
  function startServer(database: Database): { app: Promise<AppInstance>; worker: JobWorker; config: Config } {
    const config: Config = {
      ...loadConfig({
        NODE_ENV: "test",
        JWT_SECRET: TEST_JWT_SECRET,
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
      }),
      webDist: join(dataDir, "no-web-build"),
      smtpUrl,
      // 10 a second: the send takes a few seconds, long enough to stop it halfway.
      bulkEmailRatePerMinute: 600,
    };
    const deps = {
      config,
      database,
      db: database.db,
      storage: createLocalStorage(join(dataDir, "files")),
      mailer: createMailer({ smtpUrl, from: config.mailFrom, mailDir: join(dataDir, "mail"), log: silent }),
      tokens: createTokenSigner(config.jwtSecret),
      payments: createSandboxGateway(),
    };
    const worker = createJobWorker({ db: database.db, log: silent, definitions: jobDefinitions(deps) });
    worker.start(20);
    return { app: buildApp(deps, { logger: false }), worker, config };
  }

  it("sends every active user exactly one copy though the server stops halfway", async () => {
    const { db } = first.database;
    const admin = await makeAdmin(db);
    const active = [admin];
    for (let i = 0; i < 29; i++) active.push(await makeUser(db));
    const skipped = [
      await makeUser(db, { is_deactivated: true }),
      await makeUser(db, { is_deactivated: true }),
      await makeUser(db, { unsubscribed_at: new Date() }),
    ];

    const one = startServer(first.database);
    const appOne = await one.app;
    const login = await appOne.inject({
      method: "POST",
      url: "/api/auth/token",
      payload: { username: admin.username, password: TEST_PASSWORD },
    });
    const auth = { authorization: `Bearer ${login.json().accessToken}` };
    const start = await appOne.inject({
      method: "POST",
      url: "/api/users/bulk-email",
      headers: auth,
      payload: { subject: "Term news", body: "Hello from Lesson Loft.<br>See what is new." },
    });
    expect(start.statusCode).toBe(202);
    expect(start.json<BulkEmailState>().progress.totalActiveUsers).toBe(30);

    // Halfway: stop the server as main.ts does on SIGTERM (the worker first, then the app).
    await until(() => received.length >= 10);
    await one.worker.stop();
    await appOne.close();
    const atStop = received.length;
    expect(atStop).toBeLessThan(30);

    // A new server process on the same database resumes the send.
    const second = first.url ? await openDatabase({ databaseUrl: first.url, poolSize: 3 }) : first.database;
    const two = startServer(second);
    const appTwo = await two.app;
    try {
      const progress = async () =>
        (
          await appTwo.inject({ method: "GET", url: "/api/users/bulk-email", headers: auth })
        ).json<BulkEmailState>();
      await until(async () => (await progress()).bulkSend?.finishedAt != null);
      const final = await progress();
      expect(final.progress).toMatchObject({
        emailsSent: 30,
        totalActiveUsers: 30,
        totalUsersRemaining: 0,
        unconfirmed: 0,
        failed: 0,
      });
      expect(final.bulkSend!.finishedAt).not.toBeNull();
    } finally {
      await two.worker.stop();
      await appTwo.close();
      if (second !== first.database) await second.close();
    }

    const copies = new Map<string, number>();
    for (const mail of received.filter((m) => m.subject === "Term news")) {
      for (const to of mail.to) copies.set(to, (copies.get(to) ?? 0) + 1);
    }
    expect(received.length).toBeGreaterThan(atStop);
    expect([...copies.keys()].sort()).toEqual(active.map((u) => u.email.toLowerCase()).sort());
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    for (const user of skipped) expect(copies.has(user.email.toLowerCase())).toBe(false);
  });
});
