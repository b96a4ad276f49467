import { type SQL, sql } from "drizzle-orm";
import { bundleItems, licenceSeats, sales } from "../../db/schema/index.ts";

/**
 * Whether `userId` has the resource as a buyer: bought for themself, or a gift they claimed (a gift they
 * gave is someone else's), or through a bundle that includes it (issue 22: bought or claimed as a gift,
 * including resources added to the bundle later), or through a seat a buyer gave them of either (issue
 * 23: licences for colleagues). A refunded sale grants nothing, its seats included. What the resource
 * page's "You own this", the premium download and the right to review all ask.
 * Each lookup uses its own index (sales_once_per_buyer_key, sales_recipient_idx, bundle_items_resource_idx
 * then the bundle's sales by buyer, and for seats licence_seats_holder_idx (a user holds few seats) then
 * the sale's primary key and, for a bundle, bundle_items' primary key), not one condition with an OR,
 * which would read every sale of a popular resource.
 */
export function boughtBy(resourceId: string | SQL, userId: string | SQL): SQL {
  return sql`(exists (select 1 from ${sales} s
                      where s.resource_id = ${resourceId} and s.buyer_id = ${userId} and not s.is_gift
                        and s.refunded_at is null)
              or exists (select 1 from ${sales} s
                         where s.recipient_id = ${userId} and s.resource_id = ${resourceId}
                           and s.refunded_at is null)
              or exists (select 1 from ${bundleItems} bi
                         join ${sales} s on s.resource_id = bi.bundle_id and s.buyer_id = ${userId}
                          and not s.is_gift and s.refunded_at is null
                         where bi.resource_id = ${resourceId})
              or exists (select 1 from ${bundleItems} bi
                         join ${sales} s on s.recipient_id = ${userId} and s.resource_id = bi.bundle_id
                          and s.refunded_at is null
                         where bi.resource_id = ${resourceId})
              or exists (select 1 from ${licenceSeats} ls
                         join ${sales} s on s.id = ls.sale_id and s.resource_id = ${resourceId}
                          and s.refunded_at is null
                         where ls.holder_id = ${userId})
              or exists (select 1 from ${licenceSeats} ls
                         join ${sales} s on s.id = ls.sale_id and s.refunded_at is null
                         join ${bundleItems} bi on bi.bundle_id = s.resource_id and bi.resource_id = ${resourceId}
                         where ls.holder_id = ${userId}))`;
}
