import { formatAmount } from "@market/domain";
import type { Db } from "../../db/client.ts";
import type { Viewer } from "../../platform/access.ts";
import { itemNote, loadSaleReceipt, refundSentence, type SaleReceipt, unusedSeats } from "./receipt-facts.ts";

export { describeCard } from "./receipt-facts.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** Escaped text with its line breaks kept (a billing address is several lines). */
const lines = (text: string) => escapeHtml(text).replace(/\r?\n/g, "<br>");

function billedTo(r: SaleReceipt): string {
  const b = r.buyer.billing;
  return [
    b?.organisation ? `<strong>${escapeHtml(b.organisation)}</strong>` : null,
    escapeHtml(r.buyer.name),
    b?.address ? lines(b.address) : null,
    b?.taxId ? `Tax ID: ${escapeHtml(b.taxId)}` : null,
  ]
    .filter(Boolean)
    .join("<br>");
}

function itemRows(r: SaleReceipt): string {
  const note = itemNote(r);
  const row = (label: string, amount: string, cls = "") =>
    `<tr${cls ? ` class="${cls}"` : ""}><td>${label}</td><td class="amount">${escapeHtml(amount)}</td></tr>`;
  return [
    row(
      `${escapeHtml(r.item.title)}${note ? `<br><small>${escapeHtml(note)}</small>` : ""}`,
      formatAmount(r.priceCents),
    ),
    r.coupon
      ? row(`Coupon ${escapeHtml(r.coupon.code)}`, formatAmount(-r.coupon.discountCents), "discount")
      : "",
    r.creditCents > 0
      ? row("Credit for resources you already owned", formatAmount(-r.creditCents), "discount")
      : "",
    row("Total paid", formatAmount(r.totalCents), "total"),
    r.refund
      ? row(
          `${r.refund.seats === null ? "Refunded" : `${unusedSeats(r.refund.seats)} refunded`} on ${escapeHtml(r.refund.date)}`,
          formatAmount(-r.refund.amountCents),
        )
      : "",
  ].join("\n");
}

/**
 * GET /activity/transactions/{saleId}/receipt: a printable receipt for the buyer, for the seller's view
 * of their own sale, and for admins; anybody else is told it does not exist. Every value is escaped.
 * It says what the PDF (receipt-pdf.ts) says: both are drawn from loadSaleReceipt.
 */
export async function renderReceipt(
  db: Db,
  viewer: Viewer,
  saleId: string,
  siteName: string,
): Promise<string> {
  const r = await loadSaleReceipt(db, viewer, saleId, { sellerMayRead: true });
  const facts: [string, string][] = [
    ["Receipt", r.saleId],
    ["Date", r.date],
    ["Paid with", r.paidWith ?? "Card"],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Receipt ${escapeHtml(r.saleId)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#111}
h1{font-size:1.5rem}dl{display:grid;grid-template-columns:8rem 1fr;gap:.4rem 1rem}dt{font-weight:600}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem;margin:1.5rem 0}
h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:#555;margin:0 0 .3rem}
table{width:100%;border-collapse:collapse}td{padding:.5rem 0;border-bottom:1px solid #ddd;vertical-align:top}
th{text-align:left;border-bottom:2px solid #111;padding:.4rem 0}.amount{text-align:right;white-space:nowrap}
small{color:#555}.discount td{color:#555}.total td{font-weight:700;font-size:1.15rem;border-bottom:2px solid #111}
.refund{background:#fdf0e1;border-left:4px solid #d9731a;padding:.6rem .8rem;margin-top:1rem}</style></head>
<body><h1>${escapeHtml(siteName)}: receipt</h1><dl>
${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("\n")}
</dl>
<div class="parties"><section><h2>Sold by</h2>${escapeHtml(r.seller.name)} (@${escapeHtml(r.seller.username)})<br>through ${escapeHtml(siteName)}</section>
<section><h2>Billed to</h2>${billedTo(r)}</section></div>
<table><thead><tr><th>Item</th><th class="amount">Amount</th></tr></thead><tbody>
${itemRows(r)}
</tbody></table>
${r.refund && r.refund.seats === null ? `<p class="refund">This purchase was refunded on ${escapeHtml(r.refund.date)}: ${escapeHtml(formatAmount(r.refund.amountCents))} went back to ${escapeHtml(r.paidWith ?? "the card")}.</p>` : ""}
${r.refund && r.refund.seats !== null ? `<p class="refund">${escapeHtml(refundSentence(r) ?? "")}</p>` : ""}
<p>Amounts in US dollars. Keep this receipt for your records.</p></body></html>`;
}
