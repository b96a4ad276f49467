import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { unauthorized } from "../../platform/errors.ts";

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
