import { createHash, randomBytes } from "node:crypto";

/** A random token for a link or a captcha pass: 256 bits, URL-safe. Only its hash is stored. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/** SHA-256 suffices for high-entropy random tokens (unlike passwords, they cannot be guessed). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
