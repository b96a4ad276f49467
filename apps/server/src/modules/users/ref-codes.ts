import { randomInt } from "node:crypto";

/** DECISIONS.md: 8 characters, with no letters or digits that look alike (0/O, 1/I/L). */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function newRefCode(): string {
  return Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}
