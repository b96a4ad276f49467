import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoginResponse } from "@market/domain";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type Db, openDatabase } from "../db/client.ts";
import type { AppInstance } from "../platform/app-types.ts";
import { createMailer } from "../platform/mail.ts";
import { createSandboxGateway } from "../platform/payments.ts";
import { startSession } from "../platform/sessions.ts";
import { createLocalStorage, type Storage } from "../platform/storage.ts";
import { createTokenSigner } from "../platform/tokens.ts";
import { createTestDatabase } from "./database.ts";
import { TEST_PASSWORD } from "./factories.ts";
import { decodeQuotedPrintable } from "./mail.ts";

export const TEST_JWT_SECRET = "test-secret-that-is-at-least-32-characters-long";

export interface TestApp {
  app: AppInstance;
  db: Db;
  config: Config;
  /** A URL that another instance can open on the same database (PostgreSQL only). */
  databaseUrl?: string;
  mailDir: string;
  close(): Promise<void>;
  /**
   * The Authorization header of a fresh session for `userId`, without the login endpoint (whose scrypt
   * check is slow): for tests that sign in many users.
   */
  tokenFor(userId: string, scopes?: string[]): Promise<{ authorization: string }>;
  /** Logs in through the real endpoint and returns the Authorization header. */
  authHeader(username: string, password?: string): Promise<{ authorization: string }>;
  /** The e-mails written so far, oldest first, as RFC 822 text with quoted-printable decoded. */
  sentMail(): Promise<string[]>;
}

/**
 * The real app on a fresh database of its own, through app.inject (Outline's server/test/support.ts); its
 * files in a local folder of its own unless `options.storage` says otherwise (an S3 server's, say).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: { storage?: Storage } = {},
): Promise<TestApp> {
  const { database, url } = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), "market-test-"));
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dataDir, LOG_LEVEL: "silent" }),
    webDist: join(dataDir, "no-web-build"),
    // Factories write rows directly, behind the services' back; counts must be fresh for them.
    catalogueCountCacheMs: 0,
    visitorCacheMs: 0,
    accountCacheMs: 0,
    adServingCacheMs: 0,
    offlineFlagCacheMs: 0,
    ...overrides,
  };
  const mailDir = join(dataDir, "mail");
  const app = await buildApp(
    {
      config,
      database,
      db: database.db,
      storage: options.storage ?? createLocalStorage(join(dataDir, "files")),
      mailer: createMailer({ from: config.mailFrom, mailDir, log: silentLog }),
      tokens: createTokenSigner(config.jwtSecret),
      payments: createSandboxGateway(),
    },
    { logger: false },
  );
  await app.ready();
  let loginCount = 0;
  return {
    app,
    db: database.db,
    config,
    databaseUrl: url,
    mailDir,
    async close() {
      await app.close();
      await database.close();
    },
    async tokenFor(userId, scopes = ["user"]) {
      const token = await app.deps.tokens.sign(userId, scopes, await startSession(database.db, userId));
      return { authorization: `Bearer ${token}` };
    },
    async authHeader(username, password = TEST_PASSWORD) {
      // Each login from its own address, so tests that log in often stay clear of the login rate limit.
      loginCount += 1;
      const remoteAddress = `10.250.${Math.floor(loginCount / 250) % 250}.${(loginCount % 250) + 1}`;
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/token",
        payload: { username, password },
        remoteAddress,
      });
      if (res.statusCode !== 200)
        throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
      return { authorization: `Bearer ${res.json<LoginResponse>().accessToken}` };
    },
    async sentMail() {
      const files = (await readdir(mailDir).catch(() => [] as string[]))
        .filter((f) => f.endsWith(".eml"))
        .sort();
      const raw = await Promise.all(files.map((f) => readFile(join(mailDir, f), "utf8")));
      return raw.map(decodeQuotedPrintable);
    },
  };
}

const noop = () => {};
const silentLog = {
  info: noop,
  error: noop,
  warn: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  silent: noop,
  level: "silent",
  child: () => silentLog,
} as unknown as import("fastify").FastifyBaseLogger;

/**
 * A second server instance on the test app's PostgreSQL database (as a second machine behind a load
 * balancer would be), with its own connection pool. PostgreSQL only: PGlite is one process.
 */
export async function buildSecondInstance(
  first: TestApp,
  overrides: Partial<Config> = {},
  options: { storage?: Storage } = {},
): Promise<{ app: AppInstance; close(): Promise<void> }> {
  const database = await openDatabase({ databaseUrl: first.databaseUrl, poolSize: 2 });
  const config = { ...first.config, ...overrides };
  const storage = options.storage ?? first.app.deps.storage;
  const app = await buildApp(
    { ...first.app.deps, config, database, db: database.db, storage },
    { logger: false },
  );
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
