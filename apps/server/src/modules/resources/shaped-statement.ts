import { createHash } from "node:crypto";
import { is, Param, Placeholder, type SQL } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";

interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/**
 * Per database, the statements built so far, by shape. A search's shapes are many but finite (1 to 8
 * words, a prefix or not, five filters (featured, grade, subject, type, a rating) set or not, four
 * prices: 2,048 per statement, two statements,
 * each text a few kilobytes): the bound holds them all, so varied searches never rebuild, and only
 * keeps a mistaken caller from growing this forever.
 */
const SHAPES_KEPT = 4096;

/**
 * PostgreSQL keeps a named statement and its plan on each connection until the connection closes (and
 * node-postgres never deallocates one), so names go only to the shapes searches keep asking for: a shape
 * is named from its third run, and at most NAMED_SHAPES_MAX shapes per process are. A rare shape runs
 * unnamed and is planned each time; a caller cycling through every shape cannot fill the database's
 * memory with plans on every pooled connection.
 */
const NAMED_SHAPES_MAX = 128;
const NAMED_FROM_RUN = 3;

interface Shape {
  query: { sql: string; params: unknown[] };
  runs: number;
  prepared: Prepared;
  named: boolean;
}

interface Shapes {
  byKey: Map<string, Shape>;
  named: number;
}

const statements = new WeakMap<Db, Shapes>();

/** How many shapes this process built and how many run as named statements (for tests). */
export function shapeCounts(db: Db): { shapes: number; named: number } {
  const shapes = statements.get(db);
  return { shapes: shapes?.byKey.size ?? 0, named: shapes?.named ?? 0 };
}

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
  let shapes = statements.get(db);
  if (!shapes) {
    shapes = { byKey: new Map(), named: 0 };
    statements.set(db, shapes);
  }
  const { dialect, _ } = db as unknown as Db & { dialect: PgDialect };
  const shapeKey = `${name} ${key}`;
  let shape = shapes.byKey.get(shapeKey);
  if (!shape) {
    const query = oneParameterPerName(dialect.sqlToQuery(build()));
    // Unnamed until it has proved common (above).
    const prepared = _.session.prepareQuery(query, undefined, undefined, false) as Prepared;
    if (shapes.byKey.size >= SHAPES_KEPT) shapes.byKey.clear();
    shape = { query, runs: 0, prepared, named: false };
    shapes.byKey.set(shapeKey, shape);
  }
  shape.runs += 1;
  if (!shape.named && shape.runs >= NAMED_FROM_RUN && shapes.named < NAMED_SHAPES_MAX) {
    const hash = createHash("sha1").update(shape.query.sql).digest("hex").slice(0, 12);
    shape.prepared = _.session.prepareQuery(shape.query, undefined, `${name}_${hash}`, false) as Prepared;
    shape.named = true;
    shapes.named += 1;
  }
  const prepared = shape.prepared;
  const result = (await prepared.execute(values)) as { rows: T[] };
  return result.rows;
}
