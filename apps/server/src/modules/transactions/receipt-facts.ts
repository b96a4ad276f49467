import { type BillingDetails, BUNDLE_TYPE, formatAmount } from "@market/domain";
import { and, count, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import {
  bundleItems,
  couponRedemptions,
  coupons,
  payments,
  refunds,
  resources,
  sales,
  users,
} from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { getSiteSettings } from "../site/index.ts";

const CARD_BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

/** A card as a receipt names it: "Visa ending 4242"; null when the payment kept no card details. */
export function describeCard(brand: string | null, last4: string | null): string | null {
  if (!brand || !last4) return null;
  const name = CARD_BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
  return `${name} ending ${last4}`;
}

/** Everything a sale's receipt says, whether drawn as the HTML page or as the PDF. Amounts in cents. */
export interface SaleReceipt {
  saleId: string;
  /** The day of the purchase in the site's time zone, spelled out ("March 14, 2026"). */
  date: string;
  isGift: boolean;
  buyer: { name: string; email: string; billing: BillingDetails | null };
  seller: { name: string; username: string };
  /** Seats: the number bought (issue 23; 1 unless bought for colleagues), the refunded ones included. */
  item: { title: string; isBundle: boolean; includedCount: number; seats: number };
  /** The price the sale was made at (after any running sale), before the coupon and the bundle credit. */
  priceCents: number;
  coupon: { code: string; discountCents: number } | null;
  /** Taken off a bundle for what the buyer had paid for resources in it they owned. */
  creditCents: number;
  totalCents: number;
  paidWith: string | null;
  /**
   * Once refunded: the day, and the amount given back; `seats` when only a licence's free seats were
   * (issue 23), else null (the whole sale).
   */
  refund: { date: string; amountCents: number; seats: number | null } | null;
}

/** Billing details with nothing in them are no billing details: the receipt leaves the block out. */
function billingOrNull(billing: BillingDetails | null): BillingDetails | null {
  if (!billing) return null;
  return billing.organisation || billing.address || billing.taxId ? billing : null;
}

/**
 * A sale's receipt for `viewer`: its buyer and admins always, its seller when `sellerMayRead` (the HTML
 * page, from the seller's earnings); anybody else, and a malformed id, is told there is no such receipt,
 * so a stranger cannot tell a sale exists.
 */
export async function loadSaleReceipt(
  db: Db,
  viewer: Viewer,
  saleId: string,
  opts: { sellerMayRead: boolean },
): Promise<SaleReceipt> {
  if (!isUuid(saleId)) throw notFound("No such receipt");
  const buyer = alias(users, "buyer");
  const seller = alias(users, "seller");
  const [row] = await db
    .select({
      sale: sales,
      title: resources.title,
      type: resources.type,
      sellerId: seller.id,
      sellerFirst: seller.first_name,
      sellerUsername: seller.username,
      buyerFirst: buyer.first_name,
      buyerLast: buyer.last_name,
      buyerEmail: buyer.email,
      brand: payments.card_brand,
      last4: payments.card_last4,
      billing: payments.billing,
      couponCode: coupons.code,
      refund: { seats: refunds.seats, amountCents: refunds.amount_cents, decidedAt: refunds.decided_at },
    })
    .from(sales)
    .innerJoin(resources, eq(resources.id, sales.resource_id))
    .innerJoin(seller, eq(seller.id, resources.users_id))
    .innerJoin(buyer, eq(buyer.id, sales.buyer_id))
    .innerJoin(payments, eq(payments.id, sales.payment_id))
    .leftJoin(couponRedemptions, eq(couponRedemptions.sale_id, sales.id))
    .leftJoin(coupons, eq(coupons.id, couponRedemptions.coupon_id))
    // A refund of a licence's free seats (issue 23) leaves the sale unrefunded: its row says what went back.
    .leftJoin(refunds, and(eq(refunds.sale_id, sales.id), eq(refunds.status, "refunded")))
    .where(eq(sales.id, saleId));
  const mayRead =
    row &&
    (viewer.isAdmin || viewer.id === row.sale.buyer_id || (opts.sellerMayRead && viewer.id === row.sellerId));
  if (!row || !mayRead) throw notFound("No such receipt");

  const isBundle = row.type === BUNDLE_TYPE;
  const [included] = isBundle
    ? await db.select({ n: count() }).from(bundleItems).where(eq(bundleItems.bundle_id, row.sale.resource_id))
    : [{ n: 0 }];
  const { timeZone } = await getSiteSettings(db);
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone });
  const { sale } = row;
  const seatsRefunded = sale.refunded_at ? null : (row.refund?.seats ?? null);
  return {
    saleId: sale.id,
    date: day.format(sale.created_at),
    isGift: sale.is_gift,
    buyer: {
      name: `${row.buyerFirst} ${row.buyerLast}`.trim(),
      email: row.buyerEmail,
      billing: billingOrNull(row.billing),
    },
    seller: { name: row.sellerFirst, username: row.sellerUsername },
    item: {
      title: row.title,
      isBundle,
      includedCount: Number(included?.n ?? 0),
      seats: sale.seats + (seatsRefunded ?? 0),
    },
    priceCents: sale.amount_cents + sale.discount_cents + sale.credit_cents,
    coupon:
      sale.discount_cents > 0
        ? { code: row.couponCode ?? "Coupon", discountCents: sale.discount_cents }
        : null,
    creditCents: sale.credit_cents,
    totalCents: sale.amount_cents,
    paidWith: describeCard(row.brand, row.last4),
    refund: sale.refunded_at
      ? { date: day.format(sale.refunded_at), amountCents: sale.amount_cents, seats: null }
      : seatsRefunded !== null && row.refund?.decidedAt
        ? {
            date: day.format(row.refund.decidedAt),
            amountCents: row.refund.amountCents ?? 0,
            seats: seatsRefunded,
          }
        : null,
  };
}

export const unusedSeats = (n: number) => (n === 1 ? "1 unused seat" : `${n} unused seats`);

/** What a receipt says of its refund, on the page and in the PDF. */
export function refundSentence(receipt: SaleReceipt): string | null {
  const { refund } = receipt;
  if (!refund) return null;
  const card = receipt.paidWith ?? "the card";
  if (refund.seats === null) {
    return `Refunded on ${refund.date}: ${formatAmount(refund.amountCents)} went back to ${card}. Nothing is owed for this purchase.`;
  }
  return `${unusedSeats(refund.seats)} refunded on ${refund.date}: ${formatAmount(refund.amountCents)} went back to ${card}. The seats in use stay.`;
}

/** What a receipt calls its one item, under its title: "Bundle of 12 resources", "Gift". */
export function itemNote(receipt: SaleReceipt): string | null {
  const parts: string[] = [];
  if (receipt.item.isBundle) {
    parts.push(
      receipt.item.includedCount === 1
        ? "Bundle: includes 1 resource"
        : `Bundle: includes ${receipt.item.includedCount} resources`,
    );
  }
  if (receipt.item.seats > 1) parts.push(`${receipt.item.seats} seats`);
  if (receipt.isGift) parts.push("Bought as a gift");
  return parts.length ? parts.join(" · ") : null;
}
