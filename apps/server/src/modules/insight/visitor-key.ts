import { createHmac } from "node:crypto";

/**
 * Who a page view came from, as 64 bits of a keyed hash (HMAC-SHA256): the signed-in user's id, else the
 * address with the browser's user agent (two teachers behind one school address are two visitors when
 * their browsers differ). Nothing personal is stored: without the server's secret the number cannot be
 * turned back into an id or an address, and the secret's key is insight's own (derived from the token
 * secret, config.jwtSecret, with a label), so it signs nothing else. 64 bits: a collision among the
 * visitors of one resource on one day is far less likely than one lost in the counting's rounding.
 */
export type VisitorKey = (visitor: { userId: string } | { address: string; userAgent: string }) => bigint;

export function createVisitorKey(secret: string): VisitorKey {
  const key = createHmac("sha256", secret).update("lesson-loft insight visitors").digest();
  return (visitor) => {
    const subject =
      "userId" in visitor ? `user:${visitor.userId}` : `addr:${visitor.address}|${visitor.userAgent}`;
    return createHmac("sha256", key).update(subject).digest().readBigInt64BE(0);
  };
}
