/**
 * Whether a database error is a unique violation (SQLSTATE 23505), optionally of one constraint.
 * node-postgres puts the code on the error, Drizzle on PGlite on its cause; both are looked at.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e?.cause?.code ? e.cause : e;
  if (inner?.code !== "23505") return false;
  return constraint === undefined || (inner.constraint ?? "").includes(constraint);
}
