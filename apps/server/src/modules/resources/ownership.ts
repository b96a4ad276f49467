import { type SQL, sql } from "drizzle-orm";
import { sales } from "../../db/schema/index.ts";

/**
 * Whether `userId` has the resource as a buyer: bought for themself, or a gift they claimed (a gift they
 * gave is someone else's). What the resource page's "You own this" and the right to review both ask.
 * Two lookups, each on its own index (sales_once_per_buyer_key, sales_recipient_idx), not one condition
 * with an OR, which would read every sale of a popular resource.
 */
export function boughtBy(resourceId: string, userId: string): SQL {
  return sql`(exists (select 1 from ${sales} s
                      where s.resource_id = ${resourceId} and s.buyer_id = ${userId} and not s.is_gift)
              or exists (select 1 from ${sales} s where s.recipient_id = ${userId} and s.resource_id = ${resourceId}))`;
}
