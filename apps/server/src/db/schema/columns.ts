import { sql } from "drizzle-orm";
import { type AnyPgColumn, timestamp, type UpdateDeleteAction, uuid } from "drizzle-orm/pg-core";

export const id = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A row's required link to another row, `uuid not null references <target>`; `onDelete` says what deleting
 * the target does to this row (none given: the database's default, no action).
 */
export function requiredRef<TName extends string>(
  name: TName,
  target: () => AnyPgColumn,
  onDelete?: UpdateDeleteAction,
) {
  return uuid(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : {});
}

/** `col IN ('a','b')` for a CHECK over one of the domain's enumerations. */
export function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`"${column}" in (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")})`);
}
