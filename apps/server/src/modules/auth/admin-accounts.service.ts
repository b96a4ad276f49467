import { ACCOUNT, checkEmail, checkUsername } from "@market/domain";
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { firstAdminMail } from "../../mail/templates.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { newRefCode } from "../users/index.ts";
import { createEmailToken } from "./auth.service.ts";

type AdminDeps = Pick<AppDeps, "db" | "mailer" | "config">;

export class AdminAccountError extends Error {}

/**
 * A production site has no demo accounts, so its first administrator is made here: by
 * `npm run admin:create` or by ADMIN_EMAIL on the first start. The account has no password; it signs in
 * once through a single-use link (which also verifies the address) and sets one in its settings. The
 * first administrator of a site is its master account (spec 6), whom no other admin can demote.
 */
export async function createAdminAccount(
  deps: AdminDeps,
  input: { username: string; email: string },
): Promise<{ id: string; username: string; email: string; loginLink: string }> {
  const username = input.username.trim();
  const email = input.email.trim();
  const usernameProblem = checkUsername(username);
  if (usernameProblem) throw new AdminAccountError(`The username is not valid (${usernameProblem}).`);
  const emailProblem = checkEmail(email);
  if (emailProblem) throw new AdminAccountError(`The e-mail address is not valid (${emailProblem}).`);
  const hasMaster = await deps.db.execute<{ found: boolean }>(
    sql`select exists (select 1 from users where is_master_account) as found`,
  );
  let created: typeof users.$inferSelect | undefined;
  for (let attempt = 0; !created; attempt++) {
    try {
      [created] = await deps.db
        .insert(users)
        .values({
          username,
          email,
          first_name: "Site",
          last_name: "Administrator",
          password_hash: null,
          role: "admin",
          is_master_account: !hasMaster.rows[0]?.found,
          ref_code: newRefCode(),
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, "email"))
        throw new AdminAccountError("That e-mail address has an account.");
      if (isUniqueViolation(error, "username")) throw new AdminAccountError("That username is taken.");
      if (!isUniqueViolation(error, "ref_code") || attempt > 5) throw error;
    }
  }
  const token = await createEmailToken(
    deps.db,
    created.id,
    "verify_email",
    ACCOUNT.verificationLinkHours * 3_600_000,
  );
  const loginLink = `${deps.config.publicUrl}/token-login?token=${token}`;
  return { id: created.id, username: created.username, email: created.email, loginLink };
}

/**
 * ADMIN_EMAIL on start: while the site has no administrator, make one (username ADMIN_USERNAME) and
 * mail the sign-in link to the address. Returns the username when one was made. Once any administrator
 * exists this does nothing, so the variable can stay set.
 */
export async function ensureFirstAdmin(
  deps: AdminDeps,
  input: { email: string; username: string },
): Promise<string | null> {
  const hasAdmin = async () =>
    (await deps.db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1)).length > 0;
  if (await hasAdmin()) return null;
  let created: Awaited<ReturnType<typeof createAdminAccount>>;
  try {
    created = await createAdminAccount(deps, input);
  } catch (error) {
    // Two instances started together: the other one made the administrator first.
    if (error instanceof AdminAccountError && (await hasAdmin())) return null;
    throw error;
  }
  try {
    await deps.mailer.send(firstAdminMail(created.email, created.username, created.loginLink));
  } catch (error) {
    // The account exists now, so a restart would not mail again: the link goes to the operator instead.
    console.error(
      `ADMIN_EMAIL: the login link could not be mailed (${error instanceof Error ? error.message : String(error)}). ` +
        `Sign in as "${created.username}" within ${ACCOUNT.verificationLinkHours} hours at: ${created.loginLink}`,
    );
  }
  return created.username;
}
