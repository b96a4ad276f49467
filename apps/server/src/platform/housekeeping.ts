import { INSIGHT_MAX_DAYS } from "@market/domain";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";

/**
 * How long rows that only matter for a while are kept (DECISIONS.md "Housekeeping"). Each is well past
 * the longest moment its rule looks back, so purging never changes an answer:
 * - an impression mark spends an ad view token's nonce (for its impression, and apart for its click),
 *   and no token counts after an hour (VIEW_TOKEN_LIFETIME_MS); without the purge every counted page
 *   view left a row for good;
 * - a click mark only matters within its minute;
 * - login failures are counted over at most an hour (THROTTLE.coolOffWindowMinutes);
 * - captcha challenges expire within minutes, e-mailed login tokens within days;
 * - a session's tokens expire a day after it began (ACCOUNT.accessTokenHours), so after two days it
 *   can let nothing in, ended or not;
 * - a finished job (done, or failed for good) is kept a month for looking into, then goes: every payment
 *   now adds one (its receipt mail);
 * - a rate-limit window is an hour at most (RATE_LIMITS). The limiter once cleared them every 500
 *   requests, which at ad-serving rates was thirty deletes a second for nothing;
 * - a resource page's view mark (insight, issue 23) dedupes a visitor's views of its day and counts
 *   distinct visitors over a period of at most INSIGHT_MAX_DAYS; the daily rows keep the counts for good.
 */
export const RETENTION = {
  impressionMarkHours: 48,
  clickMarkHours: 1,
  loginFailureHours: 24,
  expiredCaptchaHours: 24,
  expiredLoginTokenDays: 7,
  rateLimitWindowHours: 24,
  sessionHours: 48,
  finishedJobDays: 30,
  viewMarkDays: INSIGHT_MAX_DAYS + 1,
} as const;

/** Deletes what RETENTION lets go, as of `now`; answers how many rows of each went. */
export async function purgeExpired(db: Db, now = new Date()) {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const deleted = async (statement: ReturnType<typeof sql>) => {
    const result = await db.execute<{ n: number }>(
      sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
    );
    return Number(result.rows[0]?.n ?? 0);
  };
  return {
    impressionMarks: await deleted(
      sql`delete from ad_impression_marks where created_at < ${hoursAgo(RETENTION.impressionMarkHours)}`,
    ),
    clickMarks: await deleted(
      sql`delete from ad_click_marks where minute < ${hoursAgo(RETENTION.clickMarkHours)}`,
    ),
    loginFailures: await deleted(
      sql`delete from login_failures where created_at < ${hoursAgo(RETENTION.loginFailureHours)}`,
    ),
    captchaChallenges: await deleted(
      sql`delete from captcha_challenges where expires_at < ${hoursAgo(RETENTION.expiredCaptchaHours)}`,
    ),
    loginTokens: await deleted(
      sql`delete from login_tokens where expires_at < ${hoursAgo(RETENTION.expiredLoginTokenDays * 24)}`,
    ),
    finishedJobs: await deleted(
      sql`delete from jobs where state in ('done', 'failed') and finished_at < ${hoursAgo(RETENTION.finishedJobDays * 24)}`,
    ),
    sessions: await deleted(sql`delete from sessions where created_at < ${hoursAgo(RETENTION.sessionHours)}`),
    rateLimitWindows: await deleted(
      sql`delete from rate_limit_counters where window_start < ${hoursAgo(RETENTION.rateLimitWindowHours)}`,
    ),
    viewMarks: await deleted(
      sql`delete from resource_view_marks where day < ${hoursAgo(RETENTION.viewMarkDays * 24)}::timestamptz::date`,
    ),
  };
}

/**
 * Purges once soon after start and then every `everyMs` (an hour). Several instances may each run it:
 * the deletes are idempotent. A failure is logged and retried at the next round.
 */
export function startHousekeeping(db: Db, log: FastifyBaseLogger, everyMs = 3_600_000): () => void {
  const round = () => {
    purgeExpired(db).then(
      (counts) => log.info({ purged: counts }, "housekeeping"),
      (error: unknown) => log.warn({ err: error }, "housekeeping failed; retried next round"),
    );
  };
  const first = setTimeout(round, 60_000);
  const every = setInterval(round, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
