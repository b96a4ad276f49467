import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { loginTokens, sessions } from "../db/schema/index.ts";

type Executor = Pick<Db, "insert" | "update">;

/** Opens a session for a sign-in; its id goes into the access token as `sid`. */
export async function startSession(db: Executor, userId: string): Promise<string> {
  const [row] = await db.insert(sessions).values({ users_id: userId }).returning({ id: sessions.id });
  return row!.id;
}

/** Ends one session (logging out on this device): its tokens are refused from the next request on. */
export async function endSession(db: Executor, userId: string, sessionId: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ ended_at: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.users_id, userId), isNull(sessions.ended_at)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Ends every session of a user but `except` (the one that just proved the password, when there is one),
 * and spends every e-mailed login or verification link not yet used: after a password change,
 * deactivation or "log out everywhere", nothing issued before opens the account again.
 */
export async function endAllSessions(
  db: Executor,
  userId: string,
  opts: { except?: string } = {},
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ ended_at: sql`now()` })
    .where(
      and(
        eq(sessions.users_id, userId),
        isNull(sessions.ended_at),
        opts.except ? ne(sessions.id, opts.except) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  await db
    .update(loginTokens)
    .set({ used_at: sql`now()` })
    .where(and(eq(loginTokens.users_id, userId), isNull(loginTokens.used_at)));
  return ended.length;
}
