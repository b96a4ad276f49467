import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { parseStorageUrl, type StorageChoice, StorageUrlError } from "./platform/storage-url.ts";

/** Repo root: apps/server/src -> ../../.. */
export const REPO_ROOT = resolve(import.meta.dirname, "../../..");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default(join(REPO_ROOT, "data")),
  /** Uploaded and generated files: unset, $DATA_DIR/files; s3://bucket/prefix?endpoint=...&region=... a bucket. */
  STORAGE_URL: z.string().optional(),
  /** The default region of an s3:// STORAGE_URL without ?region= (the AWS SDK's own variable). */
  AWS_REGION: z.string().optional(),
  /** Downloads answer with a link into the bucket valid for a minute, after the access check. */
  STORAGE_SIGNED_URLS: z.enum(["true", "false"]).default("false"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().default("Lesson Loft <no-reply@lessonloft.test>"),
  DEMO_PASSWORD: z.string().min(8).default("teach-demo-2026"),
  /** Seed the demo accounts and catalogue into an empty database: on by default, off in production. */
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  /** On start, while the site has no administrator, make one for this address and mail it a login link. */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_USERNAME: z.string().default("admin"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().default(join(REPO_ROOT, "apps/web/dist")),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** How long a grid's result count is reused; 0 counts on every request. */
  CATALOGUE_COUNT_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /** How long a public answer for visitors (grids, resource pages) is served from memory; 0 never. */
  VISITOR_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * How long a signed-in request reuses the account and session its token names (ms); 0 reads them every
   * time. Changes to an account reach every instance at once through database notices; this is the
   * bound if one is lost (DECISIONS.md: at most 5 seconds).
   */
  ACCOUNT_CACHE_MS: z.coerce.number().int().min(0).max(5000).default(3000),
  /** Requests slower than this (ms) are logged at the default level, with errors. */
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).max(600_000).default(1000),
  /** How long ad serving reuses the running ads and the settings it read (ms); 0 reads them every time. */
  AD_SERVING_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How long the offline gate reuses the offline flag it read (ms); 0 reads it on every request. */
  OFFLINE_FLAG_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /** How many bulk e-mails (to all users) are handed to the mail server per minute, across all instances. */
  BULK_EMAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(60_000).default(120),
  /** Which card processor takes payments; only the built-in sandbox (test cards) ships today. */
  PAYMENT_GATEWAY: z.enum(["sandbox"]).default("sandbox"),
  /** Turns on GET /metrics (Prometheus), answered only with `Authorization: Bearer <this>`; unset, 404. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** On SIGTERM/SIGINT, how long requests in flight and a running job get before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Where uploaded and generated files live (STORAGE_URL): the data folder's files/, or a bucket. */
  storage: StorageChoice;
  /** Whether a download, once allowed, is a redirect to a short-lived link into the bucket (S3 only). */
  storageSignedUrls: boolean;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoPassword: string;
  /** Whether an empty database gets the demo data (never in production unless SEED_DEMO=true). */
  seedDemo: boolean;
  /** The first administrator to make while there is none (ADMIN_EMAIL, ADMIN_USERNAME). */
  firstAdmin: { email: string; username: string } | null;
  logLevel: string;
  webDist: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
  catalogueCountCacheMs: number;
  visitorCacheMs: number;
  accountCacheMs: number;
  slowRequestMs: number;
  paymentGateway: "sandbox";
  adServingCacheMs: number;
  offlineFlagCacheMs: number;
  bulkEmailRatePerMinute: number;
  /** The bearer token GET /metrics asks for; null: no metrics are served (404). */
  metricsToken: string | null;
  shutdownTimeoutMs: number;
};

export class ConfigError extends Error {}

/**
 * Parses the environment once. A wrong value throws ConfigError naming the variable, so the server
 * stops at boot with a clear message rather than failing later.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= in a .env file) means "not set", as shells and dotenv treat it.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.JWT_SECRET) {
    throw new ConfigError("Invalid configuration:\n  JWT_SECRET: required in production (32+ characters)");
  }
  const port = e.PORT;
  let storage: StorageChoice;
  try {
    storage = parseStorageUrl(e.STORAGE_URL, { region: e.AWS_REGION });
  } catch (error) {
    if (!(error instanceof StorageUrlError)) throw error;
    throw new ConfigError(`Invalid configuration:\n  STORAGE_URL: ${error.message}`);
  }
  if (e.STORAGE_SIGNED_URLS === "true" && storage.kind !== "s3") {
    throw new ConfigError("Invalid configuration:\n  STORAGE_SIGNED_URLS: needs an s3:// STORAGE_URL");
  }
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    // Without a trailing slash, once: every link is publicUrl + "/path".
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    dataDir: e.DATA_DIR,
    storage,
    storageSignedUrls: e.STORAGE_SIGNED_URLS === "true",
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: e.JWT_SECRET ?? localSecret(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "true" : e.NODE_ENV !== "production",
    firstAdmin: e.ADMIN_EMAIL ? { email: e.ADMIN_EMAIL, username: e.ADMIN_USERNAME } : null,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    catalogueCountCacheMs: e.CATALOGUE_COUNT_CACHE_MS,
    visitorCacheMs: e.VISITOR_CACHE_MS,
    accountCacheMs: e.ACCOUNT_CACHE_MS,
    slowRequestMs: e.SLOW_REQUEST_MS,
    paymentGateway: e.PAYMENT_GATEWAY,
    adServingCacheMs: e.AD_SERVING_CACHE_MS,
    offlineFlagCacheMs: e.OFFLINE_FLAG_CACHE_MS,
    bulkEmailRatePerMinute: e.BULK_EMAIL_RATE_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

/**
 * The configuration for a command or the server's start, or null once a wrong value has been reported on
 * stderr (the caller exits with 1): the one way every entry point reads the environment.
 */
export function loadConfigOrReport(env: NodeJS.ProcessEnv = process.env): Config | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return null;
  }
}

/** On a laptop, a secret kept in the data folder, so tokens survive restarts without any setup. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
