import { formatMoney } from "@market/domain";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { payments, resources, sales, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

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

/**
 * GET /activity/transactions/{saleId}/receipt: a printable receipt for the buyer, for the seller's view
 * of their own sale, and for admins; anybody else is told it does not exist. Every value is escaped.
 */
export async function renderReceipt(
  db: Db,
  viewer: Viewer,
  saleId: string,
  siteName: string,
): Promise<string> {
  if (!isUuid(saleId)) throw notFound("No such receipt");
  const buyer = alias(users, "buyer");
  const seller = alias(users, "seller");
  const [row] = await db
    .select({
      sale: sales,
      title: resources.title,
      sellerId: seller.id,
      sellerName: seller.username,
      buyerFirst: buyer.first_name,
      buyerLast: buyer.last_name,
      brand: payments.card_brand,
      last4: payments.card_last4,
    })
    .from(sales)
    .innerJoin(resources, eq(resources.id, sales.resource_id))
    .innerJoin(seller, eq(seller.id, resources.users_id))
    .innerJoin(buyer, eq(buyer.id, sales.buyer_id))
    .innerJoin(payments, eq(payments.id, sales.payment_id))
    .where(eq(sales.id, saleId));
  if (!row || !(viewer.isAdmin || viewer.id === row.sale.buyer_id || viewer.id === row.sellerId)) {
    throw notFound("No such receipt");
  }
  const date = row.sale.created_at.toISOString().slice(0, 10);
  const lines: [string, string][] = [
    ["Receipt", row.sale.id],
    ["Date", date],
    ["Bought by", `${row.buyerFirst} ${row.buyerLast}`],
    ["Resource", row.title],
    ["Sold by", `@${row.sellerName}`],
    ["Kind", row.sale.is_gift ? "Gift" : "Purchase"],
    ["Paid with", describeCard(row.brand, row.last4) ?? "Card"],
    ["Amount", formatMoney(row.sale.amount_cents)],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Receipt ${escapeHtml(row.sale.id)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;color:#111}
h1{font-size:1.5rem}dl{display:grid;grid-template-columns:9rem 1fr;gap:.5rem 1rem}dt{font-weight:600}
.total{font-size:1.25rem}</style></head>
<body><h1>${escapeHtml(siteName)}: receipt</h1><dl>
${lines.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd${k === "Amount" ? ' class="total"' : ""}>${escapeHtml(v)}</dd>`).join("\n")}
</dl><p>Amounts in US dollars. Keep this receipt for your records.</p></body></html>`;
}
