import { ACCOUNT, type LoginResponse, type SignUpRequest, type TokenRequest } from "@market/domain";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loginTokens, users } from "../../db/schema/index.ts";
import { loginLinkMail, verificationMail } from "../../mail/templates.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { AppError, unauthorized } from "../../platform/errors.ts";
import { DUMMY_HASH, hashSecret, verifySecret } from "../../platform/passwords.ts";
import { consumeRateLimit, RATE_LIMITS } from "../../platform/rate-limit.ts";
import { startSession } from "../../platform/sessions.ts";
import { claimInvitedSeats } from "../licences/index.ts";
import { getSiteSettings } from "../site/index.ts";
import { findUserByLogin, newRefCode, presentSelf, scopesOf } from "../users/index.ts";
import { checkLoginThrottle, recordLoginFailure, resetLoginFailures } from "./login-throttle.ts";
import { hashToken, newSecretToken } from "./secret-tokens.ts";

/** Signing in uses the database and the token signer; mailing a link, the mailer and the site's address. */
type LoginDeps = Pick<AppDeps, "db" | "tokens">;
type LinkMailDeps = Pick<AppDeps, "db" | "mailer" | "config">;
type UserRow = typeof users.$inferSelect;

export interface Caller {
  ip: string;
  captchaToken: string | undefined;
}

async function issueLogin(
  deps: LoginDeps,
  user: UserRow,
  tokenEvent: LoginResponse["tokenEvent"],
): Promise<LoginResponse> {
  const settings = await getSiteSettings(deps.db);
  const accessToken = await deps.tokens.sign(user.id, scopesOf(user), await startSession(deps.db, user.id));
  return { accessToken, user: presentSelf(user, settings.passwordMaxAgeDays), tokenEvent };
}

/**
 * The security pattern is asked for on every path into an account that has one (password and e-mailed
 * link), so neither path is weaker. A wrong pattern counts as a failed login.
 */
async function checkPattern(db: Db, user: UserRow, pattern: number[] | undefined, ip: string) {
  if (!user.security_pattern_hash) return;
  if (!pattern) throw unauthorized("requires_pattern", "Enter your security pattern");
  if (!(await verifySecret(pattern.join("-"), user.security_pattern_hash))) {
    await recordLoginFailure(db, user.id, ip);
    throw new AppError("invalid_pattern", "That pattern is not right", { reason: "requires_pattern" });
  }
}

/**
 * Credentials login. An unknown user and a wrong password get the same answer after the same work
 * (a hash is always verified), so the answer tells nothing about which accounts exist.
 */
export async function loginWithCredentials(
  deps: LoginDeps,
  input: TokenRequest,
  caller: Caller,
): Promise<LoginResponse> {
  const { db } = deps;
  const user = await findUserByLogin(db, input.username);
  await checkLoginThrottle(db, user?.id ?? null, caller.ip, caller.captchaToken);
  const passwordOk = await verifySecret(input.password, user?.password_hash ?? DUMMY_HASH);
  if (!user?.password_hash || !passwordOk) {
    await recordLoginFailure(db, user?.id ?? null, caller.ip);
    throw new AppError("invalid_credentials", "Invalid credentials");
  }
  await checkPattern(db, user, input.pattern, caller.ip);
  await resetLoginFailures(db, user.id);
  return issueLogin(deps, user, "login");
}

/** Always the same answer, known account or not; a link is mailed only to a real account. */
export async function requestLoginLink(deps: LinkMailDeps, username: string): Promise<{ sent: true }> {
  const limit = RATE_LIMITS.loginLinkPerAccount;
  await consumeRateLimit(
    deps.db,
    `${limit.name}:${username.trim().toLowerCase()}`,
    limit.max,
    limit.windowMs,
  );
  const user = await findUserByLogin(deps.db, username);
  if (user) {
    const link = await createEmailToken(deps.db, user.id, "login", ACCOUNT.loginLinkMinutes * 60_000);
    await deps.mailer.send(
      loginLinkMail(user.email, user.first_name, `${deps.config.publicUrl}/token-login?token=${link}`),
    );
  }
  return { sent: true };
}

export async function createEmailToken(
  db: Db,
  userId: string,
  purpose: "login" | "verify_email",
  lifetimeMs: number,
) {
  const { token, hash } = newSecretToken();
  await db.insert(loginTokens).values({
    users_id: userId,
    purpose,
    token_hash: hash,
    expires_at: new Date(Date.now() + lifetimeMs),
  });
  return token;
}

/**
 * Exchanges an e-mailed link (login or e-mail verification) for an access token. The link is spent
 * only once the login succeeds, so an account with a pattern can still enter it after being asked.
 */
export async function loginWithEmailToken(
  deps: LoginDeps,
  input: { loginToken: string; pattern?: number[] },
  caller: Caller,
): Promise<LoginResponse> {
  const { db } = deps;
  const hash = hashToken(input.loginToken);
  const [found] = await db
    .select({ token: loginTokens, user: users })
    .from(loginTokens)
    .innerJoin(users, eq(users.id, loginTokens.users_id))
    .where(
      and(
        eq(loginTokens.token_hash, hash),
        isNull(loginTokens.used_at),
        gt(loginTokens.expires_at, new Date()),
      ),
    );
  if (!found) throw new AppError("invalid_login_token", "Invalid token");
  await checkLoginThrottle(db, found.user.id, caller.ip, caller.captchaToken);
  await checkPattern(db, found.user, input.pattern, caller.ip);
  const spent = await db
    .update(loginTokens)
    .set({ used_at: new Date() })
    .where(and(eq(loginTokens.id, found.token.id), isNull(loginTokens.used_at)))
    .returning({ id: loginTokens.id });
  // A concurrent request spent it first: single use means exactly one login.
  if (spent.length === 0) throw new AppError("invalid_login_token", "Invalid token");
  let user = found.user;
  if (found.token.purpose === "verify_email" && !user.email_verified_at) {
    [user] = (await db
      .update(users)
      .set({ email_verified_at: new Date() })
      .where(eq(users.id, user.id))
      .returning()) as [UserRow];
  }
  await resetLoginFailures(db, user.id);
  return issueLogin(deps, user, found.token.purpose === "verify_email" ? "verify-email" : "login-link");
}

export async function sendVerificationMail(
  deps: LinkMailDeps,
  user: Pick<UserRow, "id" | "email" | "first_name">,
) {
  const token = await createEmailToken(
    deps.db,
    user.id,
    "verify_email",
    ACCOUNT.verificationLinkHours * 3_600_000,
  );
  await deps.mailer.send(
    verificationMail(user.email, user.first_name, `${deps.config.publicUrl}/token-login?token=${token}`),
  );
}

/** Creates the account, signs it in and mails the verification link. */
export async function signUp(deps: LoginDeps & LinkMailDeps, input: SignUpRequest): Promise<LoginResponse> {
  const { db } = deps;
  const [clash] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      sql`lower(${users.email}) = ${input.email.toLowerCase()} or lower(${users.username}) = ${input.username.toLowerCase()}`,
    );
  if (clash?.email.toLowerCase() === input.email.toLowerCase()) throw accountExists();
  if (clash) throw usernameTaken();
  const referrer = input.refCode
    ? (
        await db
          .select({ code: users.ref_code })
          .from(users)
          .where(eq(users.ref_code, input.refCode.toUpperCase()))
      )[0]
    : undefined;
  const passwordHash = await hashSecret(input.password);
  let created: UserRow | undefined;
  for (let attempt = 0; !created; attempt++) {
    try {
      [created] = await db
        .insert(users)
        .values({
          email: input.email,
          username: input.username,
          first_name: input.firstName,
          last_name: input.lastName,
          password_hash: passwordHash,
          ref_code: newRefCode(),
          referred_by: referrer?.code ?? null,
        })
        .returning();
    } catch (error) {
      // Two sign-ups raced past the check above: the unique indexes decide.
      if (isUniqueViolation(error, "email")) throw accountExists();
      if (isUniqueViolation(error, "username")) throw usernameTaken();
      if (!isUniqueViolation(error, "ref_code") || attempt > 5) throw error;
    }
  }
  // Seats colleagues gave this address before it had an account are the new account's (issue 23).
  await claimInvitedSeats(db, created);
  await sendVerificationMail(deps, created);
  return issueLogin(deps, created, "sign-up");
}

const accountExists = () =>
  new AppError("account_exists", "An account with this e-mail address already exists", {
    fields: { email: "account_exists" },
  });
const usernameTaken = () =>
  new AppError("username_taken", "This username is taken", { fields: { username: "username_taken" } });

/** Credits a referral: the first ref code a user brings is kept; their own code is ignored. */
export async function applyRefCode(db: Db, userId: string, refCode: string): Promise<{ applied: boolean }> {
  const code = refCode.trim().toUpperCase();
  const result = await db.execute(sql`
    update users set referred_by = ${code}
    where id = ${userId} and referred_by is null and ref_code <> ${code}
      and exists (select 1 from users r where r.ref_code = ${code})
    returning id`);
  return { applied: result.rows.length === 1 };
}
