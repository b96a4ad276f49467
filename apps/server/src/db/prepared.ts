import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

const names = new Map<string, string>();

/**
 * PostgreSQL keeps a named statement and its plan on each pooled connection until the connection closes
 * (node-postgres never deallocates one), and a grid's text differs by which filters and sort it has: so
 * at most this many texts per process get a name, the first asked for, and any text past them runs
 * unnamed (planned each time, as before) rather than filling the database's memory with plans.
 */
const NAMED_TEXTS_MAX = 256;

function statementName(name: string, text: string): string | undefined {
  let named = names.get(text);
  if (named === undefined) {
    if (names.size >= NAMED_TEXTS_MAX) return undefined;
    named = `${name}_${createHash("sha1").update(text).digest("hex").slice(0, 12)}`;
    names.set(text, named);
  }
  return named;
}

/**
 * Runs a hot query as a named statement: PostgreSQL parses it once per connection and keeps its plan,
 * where an unnamed statement is parsed and planned on every call (for the resource page's query,
 * planning cost about as much as running it). The name carries a hash of the text, so two texts can
 * never share a name; PGlite, one process with no network, ignores names.
 *
 * Only for statements whose best plan does not depend on the values (a lookup by key, a page read in an
 * index's order): after five runs PostgreSQL may switch a named statement to one plan for all values, and
 * keeps planning each run when that plan would cost more than the values' own plans.
 */
export async function executePrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { dialect, _ } = db as unknown as Db & { dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  const named = statementName(name, built.sql);
  if (named === undefined) return (await db.execute(query)).rows as T[];
  const prepared = _.session.prepareQuery(built, undefined, named, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}
