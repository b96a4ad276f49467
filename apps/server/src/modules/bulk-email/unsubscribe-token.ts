import { createHmac, timingSafeEqual } from "node:crypto";
import { isUuid } from "../../platform/ids.ts";

/**
 * The unsubscribe link of every bulk e-mail: the user's id and an HMAC of it under the server's secret
 * (with a purpose of its own, so no other signed value can stand in). It needs no database row, works
 * from any old mail, and cannot be made for another user.
 */
const mac = (secret: string, userId: string) =>
  createHmac("sha256", `unsubscribe:${secret}`).update(userId).digest("base64url");

export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${mac(secret, userId)}`;
}

/** The user id a token was made for, or null when it was not made by this server. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [userId, given, ...rest] = token.split(".");
  if (!userId || !given || rest.length > 0 || !isUuid(userId)) return null;
  const expected = Buffer.from(mac(secret, userId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null;
}
