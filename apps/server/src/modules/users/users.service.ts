import type { BillingDetails } from "@market/domain";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { AppError, unauthorized } from "../../platform/errors.ts";
import { hashSecret, verifySecret } from "../../platform/passwords.ts";
import { endAllSessions } from "../../platform/sessions.ts";

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** A username or an e-mail address, without regard to case (usernames are unique that way). */
export async function findUserByLogin(db: Db, login: string) {
  const lowered = login.trim().toLowerCase();
  const column = lowered.includes("@") ? users.email : users.username;
  const [row] = await db.select().from(users).where(sql`lower(${column}) = ${lowered}`);
  return row ?? null;
}

/** The account behind a valid token; a token whose account is gone is as good as no token. */
export async function requireAccount(db: Db, id: string) {
  const row = await findUserById(db, id);
  if (!row) throw unauthorized("invalid_token", "This account no longer exists");
  return row;
}

/** Changes that need the current password: a stolen session alone cannot lock the owner out. */
async function requirePassword(db: Db, userId: string, password: string) {
  const user = await requireAccount(db, userId);
  if (!user.password_hash || !(await verifySecret(password, user.password_hash))) {
    throw new AppError("invalid_credentials", "Your current password is not right", {
      fields: { password: "invalid_credentials" },
    });
  }
  return user;
}

export async function updateSelf(
  db: Db,
  userId: string,
  change: {
    firstName?: string;
    lastName?: string;
    username?: string;
    avatarId?: number;
    billing?: BillingDetails;
  },
) {
  if (change.username) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = ${change.username.toLowerCase()}`, ne(users.id, userId)));
    if (taken)
      throw new AppError("username_taken", "This username is taken", {
        fields: { username: "username_taken" },
      });
  }
  const [row] = await db
    .update(users)
    .set({
      ...(change.firstName !== undefined ? { first_name: change.firstName, last_name: change.lastName } : {}),
      ...(change.username !== undefined ? { username: change.username } : {}),
      ...(change.avatarId !== undefined ? { avatar_locator: `avatars/system-${change.avatarId}.png` } : {}),
      ...(change.billing !== undefined
        ? {
            billing_organisation: change.billing.organisation,
            billing_address: change.billing.address,
            billing_tax_id: change.billing.taxId,
          }
        : {}),
      updated_at: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/**
 * A new password ends every other session and every e-mailed link issued before it; the session that
 * proved the current password stays signed in (DECISIONS.md "Sessions").
 */
export async function changePassword(
  db: Db,
  viewer: Pick<Viewer, "id" | "sessionId">,
  currentPassword: string | undefined,
  newPassword: string,
) {
  // An account made without one (admin:create) sets its first password with no current one to give.
  const account = await requireAccount(db, viewer.id);
  if (account.password_hash !== null) await requirePassword(db, viewer.id, currentPassword ?? "");
  const passwordHash = await hashSecret(newPassword);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ password_hash: passwordHash, password_changed_at: new Date(), updated_at: new Date() })
      .where(eq(users.id, viewer.id))
      .returning();
    await endAllSessions(tx, viewer.id, { except: viewer.sessionId });
    return row!;
  });
}

export async function setRecoveryEmail(db: Db, userId: string, recoveryEmail: string | null) {
  const [row] = await db
    .update(users)
    .set({ recovery_email: recoveryEmail, updated_at: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

export async function setSecurityPattern(db: Db, userId: string, password: string, pattern: number[] | null) {
  await requirePassword(db, userId, password);
  const [row] = await db
    .update(users)
    .set({
      security_pattern_hash: pattern ? await hashSecret(pattern.join("-")) : null,
      updated_at: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/**
 * Deactivation ends every other session and e-mailed link; the one that asked keeps its session, so the
 * user can still read their status and reactivate (spec 6).
 */
export async function deactivateSelf(db: Db, viewer: Pick<Viewer, "id" | "sessionId">, password: string) {
  await requirePassword(db, viewer.id, password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ is_deactivated: true, deactivated_by: viewer.id, updated_at: new Date() })
      .where(eq(users.id, viewer.id))
      .returning();
    await endAllSessions(tx, viewer.id, { except: viewer.sessionId });
    return row!;
  });
}

/** A user may undo their own deactivation; one made by an admin stays until an admin lifts it. */
export async function reactivateSelf(db: Db, userId: string) {
  const [row] = await db
    .update(users)
    .set({ is_deactivated: false, deactivated_by: null, updated_at: new Date() })
    .where(and(eq(users.id, userId), eq(users.is_deactivated, true), eq(users.deactivated_by, userId)))
    .returning();
  if (!row) throw new AppError("forbidden", "Only an admin can reactivate this account");
  return row;
}

export async function markActive(db: Db, userId: string) {
  await db.update(users).set({ last_active_at: new Date() }).where(eq(users.id, userId));
}
