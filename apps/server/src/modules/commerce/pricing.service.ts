import {
  additionalSeatCents,
  BUNDLE_TYPE,
  bestSalePrice,
  type CouponTerms,
  DEFAULT_SITE_SETTINGS,
  isCouponCode,
  normalizeCouponCode,
  type PriceQuote,
  priceOn,
  quotePrice,
  type RunningStoreSale,
} from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import { AppError, validationFailed } from "../../platform/errors.ts";

/**
 * What a buyer pays for a resource or bundle (issue 22): the best running sale (its own or its creator's
 * store-wide sale), less a coupon, less (for a bundle) what the buyer already paid for its resources.
 * The rules are rules/commerce.ts's; this reads what they need. The quote endpoint, the checkout and
 * the cards all price through here, so the price shown is the price charged.
 */

/** A resource as pricing needs it (a row of `resources`). */
export interface PricedResource {
  id: string;
  users_id: string;
  price: number;
  sale_price: number | null;
  sale_end: string | null;
  type: string;
  /** The creator's price for each seat after the first (issue 23); null: the site's percent. */
  seat_price: number | null;
}

/** Today in the site's time zone, in SQL (a sale's days are the site's calendar days). */
export const SITE_TODAY = sql`(now() at time zone coalesce((select value #>> '{}' from site_settings where key = 'timeZone'),
                                 ${DEFAULT_SITE_SETTINGS.timeZone}))::date`;

/**
 * The store-wide sales running on `today` for some resources, by resource id: one statement for a page
 * of cards (store_sales_user_idx), the highest percentage when two overlap. The creator is read from the
 * resource itself. Without `today` the statement takes the site's day from the time-zone setting
 * itself, so a grid pays one round trip for its store sales, not two.
 */
export async function runningStoreSales(
  db: Db,
  resourceIds: readonly string[],
  today?: string,
): Promise<Map<string, RunningStoreSale>> {
  const found = new Map<string, RunningStoreSale>();
  if (resourceIds.length === 0) return found;
  // One array parameter (a PostgreSQL array literal of ids read from the database), not a list.
  const ids = `{${resourceIds.join(",")}}`;
  const day = today === undefined ? SITE_TODAY : sql`${today}::date`;
  // Named: every grid page and resource page asks it (planning it cost ten times running it).
  const rows = await executePrepared<{ resource_id: string; percent_off: number; ends_on: string }>(
    db,
    "running_store_sales",
    sql`
    select distinct on (r.id) r.id as resource_id, ss.percent_off, ss.ends_on::text as ends_on
    from unnest(${ids}::uuid[]) as r(id)
    join resources res on res.id = r.id
    join store_sales ss on ss.users_id = res.users_id and ss.starts_on <= ${day} and ss.ends_on >= ${day}
    where (ss.all_resources
           or exists (select 1 from store_sale_resources ssr where ssr.sale_id = ss.id and ssr.resource_id = r.id))
    order by r.id, ss.percent_off desc, ss.ends_on desc`,
  );
  for (const row of rows) {
    found.set(row.resource_id, { percentOff: Number(row.percent_off), endsOn: row.ends_on });
  }
  return found;
}

/** The price before coupons: the list price, or the lower running sale (own or store-wide). */
export async function salePriceOf(db: Db, resource: PricedResource, today: string) {
  const own = { price: resource.price, sale_price: null as number | null, sale_end: resource.sale_end };
  const ownPrice = priceOn(resource, today);
  if (ownPrice !== resource.price) own.sale_price = ownPrice;
  const store = (await runningStoreSales(db, [resource.id], today)).get(resource.id) ?? null;
  return bestSalePrice(own, store);
}

/** A coupon row as pricing reads it. */
export interface CouponRow extends CouponTerms {
  id: string;
  code: string;
  /** The creator whose code it is; null for a site-wide code (the platform bears its discount). */
  ownerId: string | null;
  allResources: boolean;
  expiresAt: Date;
  disabled: boolean;
  maxUses: number;
  uses: number;
}

async function findCoupon(db: Db, code: string): Promise<CouponRow | null> {
  const normal = normalizeCouponCode(code);
  if (!isCouponCode(normal)) return null;
  const result = await db.execute<{
    id: string;
    code: string;
    users_id: string | null;
    percent_off: number | null;
    amount_off_cents: number | null;
    all_resources: boolean;
    expires_at: string | Date;
    disabled_at: string | Date | null;
    max_uses: number;
    uses: number;
  }>(sql`select id, code, users_id, percent_off, amount_off_cents, all_resources, expires_at, disabled_at,
                max_uses, uses
         from coupons where code = ${normal}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    ownerId: row.users_id,
    percentOff: row.percent_off === null ? null : Number(row.percent_off),
    amountOffCents: row.amount_off_cents === null ? null : Number(row.amount_off_cents),
    allResources: row.all_resources,
    expiresAt: new Date(row.expires_at),
    disabled: row.disabled_at !== null,
    maxUses: Number(row.max_uses),
    uses: Number(row.uses),
  };
}

/**
 * The coupon a buyer may use on a resource, or the reason they may not, as an AppError the checkout and
 * the quote both answer with: unknown, expired (or ended by its creator), used up, not for this resource
 * (another creator's, or not among the chosen), or already used by this buyer.
 */
export async function usableCoupon(
  db: Db,
  code: string,
  resource: PricedResource,
  buyerId: string,
  now: Date,
): Promise<CouponRow> {
  const coupon = await findCoupon(db, code);
  if (!coupon) throw new AppError("coupon_not_found", "There is no coupon with this code");
  if (coupon.disabled || coupon.expiresAt <= now) {
    throw new AppError("coupon_expired", "This coupon code has expired");
  }
  if (coupon.uses >= coupon.maxUses) {
    throw new AppError("coupon_used_up", "This coupon code has been used as many times as it allows");
  }
  const forCreator = coupon.ownerId === null || coupon.ownerId === resource.users_id;
  const chosen =
    coupon.allResources ||
    (
      await db.execute(
        sql`select 1 from coupon_resources where coupon_id = ${coupon.id} and resource_id = ${resource.id}`,
      )
    ).rows.length > 0;
  if (!forCreator || !chosen) {
    throw new AppError("coupon_not_for_resource", "This coupon code is not for this resource");
  }
  const used = await db.execute(
    sql`select 1 from coupon_redemptions where coupon_id = ${coupon.id} and buyer_id = ${buyerId}`,
  );
  if (used.rows.length > 0) {
    throw new AppError("coupon_already_used", "You have already used this coupon code");
  }
  return coupon;
}

/**
 * What the buyer paid for the bundle's resources they own by purchase (not as gifts they received, not
 * refunded): the credit a bundle's price is reduced by (rules/commerce.ts bundlePriceForOwner).
 */
export async function paidForOwnedInBundle(db: Db, bundleId: string, buyerId: string): Promise<number> {
  const result = await db.execute<{ paid: string | null }>(sql`
    select sum(s.amount_cents) as paid
    from bundle_items bi
    join sales s on s.resource_id = bi.resource_id and s.buyer_id = ${buyerId} and not s.is_gift
      and s.refunded_at is null
    where bi.bundle_id = ${bundleId}`);
  return Number(result.rows[0]?.paid ?? 0);
}

/** A gift is one seat (issue 23): its recipient has it alone; the quote and the checkout both refuse more. */
export const giftSingleSeat = () =>
  validationFailed(
    { seats: "gift_single_seat" },
    "A gift is for one teacher: buy it for yourself to share seats",
  );

export interface BuyerQuote extends PriceQuote {
  coupon: CouponRow | null;
  /**
   * Each seat after the first (issue 23: rules/licences.ts additionalSeatCents), from the running price
   * before the coupon and the bundle's credit: those are the buyer's own, taken off their seat only.
   * `priceCents` stays the first seat's; a purchase of n seats is licenceTotalCents(priceCents, seatCents, n).
   */
  seatCents: number;
}

/**
 * The full price for one buyer: the best sale, the coupon (when given; refusals throw), and for a bundle
 * bought for themself the credit for what they own. A gift gets no credit: the recipient owns nothing yet.
 * `seatPercent` is the site's additionalSeatPercent, read by the caller with its other settings.
 */
export async function quoteFor(
  db: Db,
  input: {
    resource: PricedResource;
    buyerId: string;
    couponCode?: string | undefined;
    gift: boolean;
    today: string;
    now: Date;
    seatPercent: number;
  },
): Promise<BuyerQuote> {
  const { resource } = input;
  const sale = await salePriceOf(db, resource, input.today);
  const coupon = input.couponCode
    ? await usableCoupon(db, input.couponCode, resource, input.buyerId, input.now)
    : null;
  const isBundle = resource.type === BUNDLE_TYPE;
  const paidForOwnedCents =
    isBundle && !input.gift ? await paidForOwnedInBundle(db, resource.id, input.buyerId) : 0;
  const quote = quotePrice({
    listCents: resource.price,
    saleCents: sale.sale_price ?? resource.price,
    coupon,
    paidForOwnedCents,
  });
  const seatCents = additionalSeatCents(quote.saleCents, resource.seat_price, input.seatPercent);
  return { ...quote, coupon, seatCents };
}
