import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { AppError } from "./errors.ts";

/**
 * Fixed-window counters in the database, so a limit holds across every server instance. The limits
 * are DECISIONS.md's (Accounts and abuse); a route names its limit in `config.rateLimit`, and every
 * other write is held to RATE_LIMITS.write per user. Counted before validation: a malformed attempt
 * is still an attempt.
 */
export interface RateLimit {
  name: string;
  max: number;
  windowMs: number;
  /** Whose count: the caller's address, or the signed-in user (falling back to the address). */
  per: "ip" | "user";
}

export const RATE_LIMITS = {
  signUp: { name: "sign-up", max: 20, windowMs: 3_600_000, per: "ip" },
  login: { name: "login", max: 20, windowMs: 60_000, per: "ip" },
  loginLinkPerAccount: { name: "login-link", max: 3, windowMs: 600_000, per: "ip" },
  captcha: { name: "captcha", max: 30, windowMs: 60_000, per: "ip" },
  usernameCheck: { name: "username-check", max: 60, windowMs: 60_000, per: "ip" },
  messages: { name: "messages", max: 20, windowMs: 3_600_000, per: "user" },
  write: { name: "write", max: 120, windowMs: 60_000, per: "user" },
} as const satisfies Record<string, RateLimit>;

declare module "fastify" {
  interface FastifyContextConfig {
    rateLimit?: RateLimit | false;
  }
}

/** Counts one hit against `bucket`; throws 429 with earliestRetry and isLocked once past `max`. */
export async function consumeRateLimit(db: Db, bucket: string, max: number, windowMs: number): Promise<void> {
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const result = await db.execute<{ hits: number }>(sql`
    insert into rate_limit_counters (bucket, window_start, hits) values (${bucket}, ${windowStart.toISOString()}, 1)
    on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + 1
    returning hits`);
  const hits = Number(result.rows[0]?.hits ?? 0);
  if (hits > max) {
    const earliestRetry = new Date(windowStart.getTime() + windowMs).toISOString();
    throw new AppError("rate_limited", "Too many requests; please wait a moment and try again", {
      earliestRetry,
      isLocked: true,
    });
  }
}

function subjectOf(request: FastifyRequest, per: RateLimit["per"]): string {
  return per === "user" && request.viewer ? `user:${request.viewer.id}` : `ip:${request.ip}`;
}

export function installRateLimits(app: FastifyInstance, db: Db) {
  // Callback-style hooks: most requests (reads) have no limit and pass without a promise.
  app.addHook("preValidation", (request, _reply, done) => {
    const configured = request.routeOptions.config?.rateLimit;
    if (configured === false) return done();
    const isWrite = request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS";
    const limit = configured ?? (isWrite && request.viewer ? RATE_LIMITS.write : null);
    if (!limit) return done();
    consumeRateLimit(db, `${limit.name}:${subjectOf(request, limit.per)}`, limit.max, limit.windowMs).then(
      () => done(),
      (error: Error) => done(error),
    );
  });
  // Old windows are cleared by the hourly housekeeping (platform/housekeeping.ts).
}
