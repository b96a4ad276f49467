import { BUNDLE_TYPE, bundleCatalogueFields, PRICE_RULES } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { bundleItems, resources } from "../schema/index.ts";

/**
 * Two approved bundles for the demo (issue 22), one by creator1 and one by creator2, each of up to
 * three of their listed paid resources of one subject (the one they have most of) at about a quarter
 * off the sum, so a newcomer sees a bundle's badge on the
 * grids, its "What's included" and saving, and "Also in these bundles" on the resources it holds. Built
 * from the rows the demo has just inserted, in its transaction; the search trigger indexes their words.
 */

const BUNDLE_SIZE = 3;

interface Included extends Record<string, unknown> {
  id: string;
  title: string;
  price: number;
  grade: string;
  subject_area: string;
}

/** A bundle's price: about 75% of the sum, in whole half-dollars, always below the sum and within range. */
export function demoBundlePrice(sumCents: number): number {
  const price = Math.floor((sumCents * 0.75) / 50) * 50;
  return Math.min(PRICE_RULES.maxCents, Math.max(PRICE_RULES.minCents, Math.min(price, sumCents - 50)));
}

export async function insertDemoBundles(tx: Tx, now: Date): Promise<void> {
  for (const username of ["creator1", "creator2"]) {
    const result = await tx.execute<Included & { users_id: string; first_name: string }>(sql`
      select r.id, r.title, r.price, r.grade, r.subject_area, r.users_id, u.first_name
      from resources r join users u on u.id = r.users_id
      where u.username = ${username} and r.approval_status = 'approved' and r.status = 'active'
        and r.price > 0 and r.type <> ${BUNDLE_TYPE}
      order by count(*) over (partition by r.subject_area) desc, r.subject_area, r.download_count desc, r.id
      limit ${BUNDLE_SIZE}`);
    const subject = result.rows[0]?.subject_area;
    const items = result.rows
      .filter((row) => row.subject_area === subject)
      .map((row) => ({ ...row, price: Number(row.price) }));
    if (items.length < 2) continue;
    const owner = items[0]!;
    const filed = bundleCatalogueFields(items);
    const sum = items.reduce((total, item) => total + item.price, 0);
    const title = `${filed.subject_area} favorites bundle`.slice(0, 32);
    const [row] = await tx
      .insert(resources)
      .values({
        name: `${filed.subject_area.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-favorites-bundle-${username}`,
        users_id: owner.users_id,
        title,
        description: `${owner.first_name}'s most downloaded ${filed.subject_area.toLowerCase()} resources in one set: ${items.map((i) => i.title).join(", ")}. Together they cost less than bought one by one.`,
        type: BUNDLE_TYPE,
        price: demoBundlePrice(sum),
        ...filed,
        approval_status: "approved",
        status: "active",
        upload_status: 2,
        requires_approval: false,
        created_at: new Date(now.getTime() - 3 * 86_400_000),
        updated_at: new Date(now.getTime() - 2 * 86_400_000),
        submitted_at: new Date(now.getTime() - 3 * 86_400_000),
        published_at: new Date(now.getTime() - 2 * 86_400_000),
      })
      .returning({ id: resources.id });
    await tx
      .insert(bundleItems)
      .values(items.map((item, position) => ({ bundle_id: row!.id, resource_id: item.id, position })));
  }
}
