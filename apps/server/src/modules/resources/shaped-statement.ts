import { createHash } from "node:crypto";
import { is, Param, Placeholder, type SQL } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";

interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/** Per database, the statements built so far, by shape. */
const statements = new WeakMap<Db, Map<string, Prepared>>();

const placeholderName = (param: unknown) =>
  is(param, Placeholder)
    ? param.name
    : is(param, Param) && is(param.value, Placeholder)
      ? param.value.name
      : undefined;

/**
 * The query with one parameter per placeholder name: a value bound in several places of the text is sent
 * and parsed once.
 */
function oneParameterPerName(query: { sql: string; params: unknown[] }) {
  const byName = new Map<string, number>();
  const params: unknown[] = [];
  const renumbered = query.params.map((param) => {
    const name = placeholderName(param);
    const known = name === undefined ? undefined : byName.get(name);
    if (known !== undefined) return known;
    params.push(param);
    if (name !== undefined) byName.set(name, params.length);
    return params.length;
  });
  return { sql: query.sql.replace(/\$(\d+)/g, (_, n) => `$${renumbered[Number(n) - 1]}`), params };
}

/**
 * Runs the statement `name` of a shape with `values` for its placeholders (sql.placeholder). The text is
 * built once per shape (`key` names everything `build` depends on) and run as a named statement, which
 * PostgreSQL parses once per connection (PGlite ignores the name): a search builds no SQL and sends its
 * words as a handful of parameters. A statement whose values are read by init plans (search-sql.ts's
 * runValue) is also planned once: PostgreSQL keeps its generic plan after the first few runs.
 */
export async function executeShaped<T>(
  db: Db,
  name: string,
  key: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  let byKey = statements.get(db);
  if (!byKey) {
    byKey = new Map();
    statements.set(db, byKey);
  }
  const shape = `${name} ${key}`;
  let prepared = byKey.get(shape);
  if (!prepared) {
    const { dialect, _ } = db as unknown as Db & { dialect: PgDialect };
    const query = oneParameterPerName(dialect.sqlToQuery(build()));
    const hash = createHash("sha1").update(query.sql).digest("hex").slice(0, 12);
    prepared = _.session.prepareQuery(query, undefined, `${name}_${hash}`, false) as Prepared;
    // The shapes are a few dozen (terms, prefix, filters); a bound keeps a mistaken caller from growing this.
    if (byKey.size >= 500) byKey.clear();
    byKey.set(shape, prepared);
  }
  const result = (await prepared.execute(values)) as { rows: T[] };
  return result.rows;
}
