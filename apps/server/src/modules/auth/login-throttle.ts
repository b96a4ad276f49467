import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loginFailures } from "../../db/schema/index.ts";
import { AppError, unauthorized } from "../../platform/errors.ts";
import { consumeCaptchaToken } from "./captcha.service.ts";

/**
 * DECISIONS.md, Accounts and abuse: 3 failed logins for an account, or 10 from an address, within
 * 15 minutes demand a captcha; 10 for an account within an hour cool it off for 15 minutes, when no
 * login is accepted even with a captcha. A success resets the account's count.
 */
export const THROTTLE = {
  captchaAccountFailures: 3,
  captchaAddressFailures: 10,
  captchaWindowMinutes: 15,
  coolOffFailures: 10,
  coolOffWindowMinutes: 60,
  coolOffMinutes: 15,
} as const;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** Throws 401 cooling_off or requires_captcha when the attempt may not go ahead; spends a captcha pass. */
export async function checkLoginThrottle(
  db: Db,
  userId: string | null,
  ip: string,
  captchaToken: string | undefined,
) {
  const [counts] = await db
    .select({
      accountHour: userId
        ? sql<number>`count(*) filter (where ${loginFailures.users_id} = ${userId})::int`
        : sql<number>`0`,
      accountRecent: userId
        ? sql<number>`count(*) filter (where ${loginFailures.users_id} = ${userId} and ${loginFailures.created_at} > ${minutesAgo(THROTTLE.captchaWindowMinutes).toISOString()})::int`
        : sql<number>`0`,
      accountLatest: userId
        ? sql<
            string | null
          >`max(${loginFailures.created_at}) filter (where ${loginFailures.users_id} = ${userId})`
        : sql<null>`null`,
      addressRecent: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip} and ${loginFailures.created_at} > ${minutesAgo(THROTTLE.captchaWindowMinutes).toISOString()})::int`,
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.created_at, minutesAgo(THROTTLE.coolOffWindowMinutes)),
        userId
          ? sql`(${loginFailures.users_id} = ${userId} or ${loginFailures.ip} = ${ip})`
          : eq(loginFailures.ip, ip),
      ),
    );
  const accountHour = Number(counts?.accountHour ?? 0);
  if (accountHour >= THROTTLE.coolOffFailures && counts?.accountLatest) {
    const until = new Date(new Date(counts.accountLatest).getTime() + THROTTLE.coolOffMinutes * 60_000);
    if (until.getTime() > Date.now()) {
      throw new AppError("unauthorized", "Too many failed logins; this account is cooling off for a while", {
        reason: "cooling_off",
        earliestRetry: until.toISOString(),
      });
    }
  }
  const needsCaptcha =
    Number(counts?.accountRecent ?? 0) >= THROTTLE.captchaAccountFailures ||
    Number(counts?.addressRecent ?? 0) >= THROTTLE.captchaAddressFailures;
  if (needsCaptcha && !(await consumeCaptchaToken(db, captchaToken))) {
    throw unauthorized("requires_captcha", "Please solve the captcha to continue");
  }
}

export async function recordLoginFailure(db: Db, userId: string | null, ip: string) {
  await db.insert(loginFailures).values({ users_id: userId, ip });
}

export async function resetLoginFailures(db: Db, userId: string) {
  await db.delete(loginFailures).where(eq(loginFailures.users_id, userId));
}
