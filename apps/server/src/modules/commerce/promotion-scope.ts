import { DEFAULT_SITE_SETTINGS, dayInZone } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { validationFailed } from "../../platform/errors.ts";

/**
 * What store-wide sales and coupon codes share: the site's time zone and today in it, and the check of
 * the resources a sale or a code is limited to.
 */

/** The site's time zone, read fresh (a change of the setting is in force at once). */
export async function siteTimeZone(db: Db | Tx): Promise<string> {
  const result = await db.execute<{ zone: string | null }>(
    sql`select value #>> '{}' as zone from site_settings where key = 'timeZone'`,
  );
  return result.rows[0]?.zone ?? DEFAULT_SITE_SETTINGS.timeZone;
}

export async function siteToday(db: Db | Tx, now = new Date()): Promise<string> {
  return dayInZone(now, await siteTimeZone(db));
}

/**
 * The chosen resources, checked: a creator may choose only their own (not deleted) resources; a site
 * code (ownerId null) any listed one. An id that is not allowed refuses the whole list with a 400 on
 * `resourceIds` that does not say whether the resource exists. Duplicates count once.
 */
export async function checkChosenResources(
  db: Db | Tx,
  resourceIds: readonly string[],
  ownerId: string | null,
): Promise<string[]> {
  const ids = [...new Set(resourceIds)];
  const allowed =
    ownerId === null
      ? sql`r.approval_status = 'approved' and r.status = 'active'`
      : sql`r.users_id = ${ownerId} and r.status <> 'deleted'`;
  const result = await db.execute<{ id: string }>(
    sql`select r.id from resources r where r.id = any(${`{${ids.join(",")}}`}::uuid[]) and ${allowed}`,
  );
  if (result.rows.length !== ids.length) {
    throw validationFailed(
      { resourceIds: "not_your_resource" },
      ownerId === null
        ? "Some of the chosen resources are not listed on the site"
        : "You can only choose your own resources",
    );
  }
  return ids;
}

/** The titles of the resources chosen for some sales or codes, by the sale's or code's id. */
export async function chosenTitles(
  db: Db,
  table: "store_sale_resources" | "coupon_resources",
  ownerIds: readonly string[],
): Promise<Map<string, { id: string; title: string }[]>> {
  const found = new Map<string, { id: string; title: string }[]>();
  if (ownerIds.length === 0) return found;
  const key = table === "store_sale_resources" ? sql`c.sale_id` : sql`c.coupon_id`;
  const result = await db.execute<{ owner: string; id: string; title: string }>(sql`
    select ${key} as owner, r.id, r.title from ${sql.raw(table)} c join resources r on r.id = c.resource_id
    where ${key} = any(${`{${ownerIds.join(",")}}`}::uuid[]) order by r.title, r.id`);
  for (const row of result.rows) {
    const list = found.get(row.owner) ?? [];
    list.push({ id: row.id, title: row.title });
    found.set(row.owner, list);
  }
  return found;
}
