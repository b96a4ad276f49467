import { BUNDLE_TYPE, type BundleContents, bundleTotals, type ResourceDetail } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { LISTED, selectCards } from "./card-query.ts";

/**
 * What a resource page adds for bundles (issue 22): a bundle's listed resources as cards, with their
 * summed list prices and the saving; and for any resource, the listed bundles that include it.
 */

/** A bundle's listed resources as cards, in the bundle's order, with the sum and the saving. */
export async function bundleContents(db: Db, bundleId: string, bundlePrice: number): Promise<BundleContents> {
  const order = sql`page.position, r.id`;
  const resources = await selectCards(
    db,
    sql`select r.id, bi.position from bundle_items bi join resources r on r.id = bi.resource_id
        where bi.bundle_id = ${bundleId} and ${LISTED}`,
    order,
  );
  return {
    resources,
    ...bundleTotals(
      bundlePrice,
      resources.map((card) => card.price),
    ),
  };
}

/** The listed bundles that include a resource, the cheapest first (bundle_items_resource_idx). */
export async function containingBundles(db: Db, resourceId: string) {
  const result = await db.execute<{ id: string; name: string; title: string; price: number }>(sql`
    select r.id, r.name, r.title, r.price from bundle_items bi join resources r on r.id = bi.bundle_id
    where bi.resource_id = ${resourceId} and ${LISTED}
    order by r.price, r.title, r.id`);
  return result.rows.map((row) => ({ ...row, price: Number(row.price) }));
}

type BundleFields = Pick<
  ResourceDetail,
  "isBundle" | "includedResourceIds" | "bundle" | "inBundles" | "resources_previews_models"
>;

/**
 * The bundle fields of a resource's page. A bundle without previews of its own shows its resources'
 * covers (issue 22: its previews are theirs by default), read from where they are stored.
 */
export async function bundleFieldsOf(
  db: Db,
  detail: Pick<ResourceDetail, "id" | "type" | "price" | "resources_previews_models">,
): Promise<BundleFields> {
  const isBundle = detail.type === BUNDLE_TYPE;
  const [bundle, inBundles] = await Promise.all([
    isBundle ? bundleContents(db, detail.id, detail.price) : null,
    isBundle ? [] : containingBundles(db, detail.id),
  ]);
  const borrowed =
    bundle && detail.resources_previews_models.length === 0
      ? bundle.resources.flatMap((card, index) =>
          card.cover_locator
            ? [{ id: card.id, order_index: index, size_bytes: 0, locator: card.cover_locator }]
            : [],
        )
      : detail.resources_previews_models;
  return {
    isBundle,
    includedResourceIds: bundle ? bundle.resources.map((card) => card.id) : [],
    bundle,
    inBundles,
    resources_previews_models: borrowed,
  };
}
