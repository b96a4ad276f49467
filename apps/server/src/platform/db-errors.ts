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

/** What both engines' errors carry: pg-protocol's DatabaseError, used by node-postgres and by PGlite. */
interface DatabaseErrorFields {
  code: string;
  severity: string;
  message: string;
}

/**
 * The database's own error inside `error`, wherever the driver put it: node-postgres throws it as it
 * is, Drizzle wraps it (DrizzleQueryError) with the original as `cause` on both engines. It is told
 * apart from other coded errors (Node's `EPIPE`, Fastify's `FST_*`) by the severity PostgreSQL sends.
 */
export function databaseErrorOf(error: unknown): DatabaseErrorFields | undefined {
  let current = error as Partial<DatabaseErrorFields> & { cause?: unknown };
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    if (typeof current.code === "string" && typeof current.severity === "string") {
      return current as DatabaseErrorFields;
    }
    current = current.cause as typeof current;
  }
  return undefined;
}

/** A request's value that the database refused, as the answer to send (see dataExceptionAnswer). */
export interface DataExceptionAnswer {
  status: 400 | 404;
  error: "bad_request" | "not_found";
  message: string;
  sqlState: string;
  /** For the log: the database's own words (they may quote the refused value) and the statement. */
  detail: string;
  query?: string;
}

const DATA_EXCEPTION_MESSAGES: Record<string, string> = {
  "22001": "A value is longer than allowed",
  "22003": "A number is out of range",
  "22007": "A date or time is not valid",
  "22008": "A date or time is out of range",
  "22021": "Text may not contain the NUL character (U+0000) or invalid characters",
  "22P05": "Text may not contain the NUL character (U+0000) or invalid characters",
  "22P02": "A value is not in the expected format",
};

/**
 * The answer to a PostgreSQL data exception (SQLSTATE class 22: a value the column's type cannot
 * hold), or undefined for any other error. These come from the request's input that a schema let
 * through, so they are the caller's 400, not our 500; the handler logs each at warn level, since each
 * is a hole a schema or a service could close. A text that is not a UUID where a uuid is expected
 * (22P02) is an id that names nothing: 404, as the services' own isUuid checks answer.
 */
export function dataExceptionAnswer(error: unknown): DataExceptionAnswer | undefined {
  const dbError = databaseErrorOf(error);
  if (!dbError?.code.startsWith("22")) return undefined;
  const sqlState = dbError.code;
  const query = (error as { query?: unknown }).query;
  const forLog = {
    sqlState,
    detail: dbError.message.slice(0, 200),
    ...(typeof query === "string" ? { query: query.slice(0, 300) } : {}),
  };
  if (sqlState === "22P02" && /\btype uuid\b/.test(dbError.message)) {
    return { status: 404, error: "not_found", message: "Nothing has that id", ...forLog };
  }
  return {
    status: 400,
    error: "bad_request",
    message: DATA_EXCEPTION_MESSAGES[sqlState] ?? "A value in the request is not valid",
    ...forLog,
  };
}
