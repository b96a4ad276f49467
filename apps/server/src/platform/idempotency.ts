import type { FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";

/**
 * The Idempotency-Key header of a money-moving call (a retry with the same key changes nothing). A
 * malformed key is refused rather than ignored: ignoring it would quietly turn a safe retry into a
 * second charge.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers["idempotency-key"];
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !/^[A-Za-z0-9._:-]{8,100}$/.test(header)) {
    throw new AppError("validation_failed", "Idempotency-Key must be 8 to 100 letters, digits or ._:-", {
      fields: { "Idempotency-Key": "invalid" },
    });
  }
  return header;
}
