import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

const names = new Map<string, string>();

function statementName(name: string, text: string): string {
  let named = names.get(text);
  if (named === undefined) {
    named = `${name}_${createHash("sha1").update(text).digest("hex").slice(0, 12)}`;
    // The hot statements are a handful; a bound keeps a mistaken caller from growing this forever.
    if (names.size >= 1000) names.clear();
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
 * Only for statements of a fixed shape whose best plan does not depend on the values (a lookup by key):
 * after a few runs PostgreSQL may switch a named statement to one plan for all values.
 */
export async function executePrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { dialect, _ } = db as unknown as Db & { dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  const prepared = _.session.prepareQuery(built, undefined, statementName(name, built.sql), false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}
