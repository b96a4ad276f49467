import { formatAmount } from "@market/domain";
import type { Db } from "../../db/client.ts";
import type { Viewer } from "../../platform/access.ts";
import { COLORS, CONTENT_WIDTH, PAGE, PdfWriter } from "./pdf-layout.ts";
import { itemNote, loadSaleReceipt, refundSentence, type SaleReceipt } from "./receipt-facts.ts";

const SITE_NAME = "Lesson Loft";
const RIGHT = PAGE.width - PAGE.margin;

/** Draws the header band: the site's name and "Receipt", then the receipt's number, date and card. */
function header(w: PdfWriter, r: SaleReceipt): void {
  w.rect(0, 0, PAGE.width, 96, COLORS.band);
  w.textAt(SITE_NAME, PAGE.margin, 36, { size: 22, bold: true, color: COLORS.onBand });
  w.textRight("RECEIPT", RIGHT, 41, { size: 16, bold: true, color: COLORS.onBand });
  w.y = 120;
  const facts: [string, string][] = [
    ["Receipt number", r.saleId],
    ["Date", r.date],
    ["Paid with", r.paidWith ?? "Card"],
  ];
  for (const [label, value] of facts) {
    w.textAt(label, PAGE.margin, w.y, { size: 9, color: COLORS.muted });
    w.textAt(value, PAGE.margin + 100, w.y, { size: 10 });
    w.y += 16;
  }
  w.y += 12;
}

/** "Sold by" and "Billed to", side by side; the block is as tall as the longer of the two. */
function parties(w: PdfWriter, r: SaleReceipt): void {
  const column = (CONTENT_WIDTH - 24) / 2;
  const billing = r.buyer.billing;
  const sold = [`${r.seller.name} (@${r.seller.username})`, `through ${SITE_NAME}`];
  const billed: { text: string; bold?: boolean }[] = [
    ...(billing?.organisation ? [{ text: billing.organisation, bold: true }] : []),
    { text: r.buyer.name },
    { text: r.buyer.email },
    ...(billing?.address ? billing.address.split(/\r?\n/).map((text) => ({ text })) : []),
    ...(billing?.taxId ? [{ text: `Tax ID: ${billing.taxId}` }] : []),
  ];
  const top = w.y;
  const drawColumn = (x: number, title: string, rows: { text: string; bold?: boolean }[]) => {
    let y = top;
    w.textAt(title.toUpperCase(), x, y, { size: 8, bold: true, color: COLORS.muted });
    y += 16;
    for (const row of rows) {
      for (const line of w.wrap(row.text, column, { size: 10, bold: row.bold })) {
        w.textAt(line, x, y, { size: 10, bold: row.bold });
        y += 14;
      }
    }
    return y;
  };
  const left = drawColumn(
    PAGE.margin,
    "Sold by",
    sold.map((text) => ({ text })),
  );
  const right = drawColumn(PAGE.margin + column + 24, "Billed to", billed);
  w.y = Math.max(left, right) + 20;
}

/** The items table: the item with its price, the discounts taken off it, and the total. */
function items(w: PdfWriter, r: SaleReceipt): void {
  const amountWidth = 90;
  const descWidth = CONTENT_WIDTH - amountWidth - 12;
  w.rect(PAGE.margin, w.y, CONTENT_WIDTH, 22, COLORS.wash);
  w.textAt("Item", PAGE.margin + 8, w.y + 6, { size: 9, bold: true, color: COLORS.muted });
  w.textRight("Amount", RIGHT - 8, w.y + 6, { size: 9, bold: true, color: COLORS.muted });
  w.y += 30;

  const titleLines = w.wrap(r.item.title, descWidth, { size: 11, bold: true });
  w.textRight(formatAmount(r.priceCents), RIGHT - 8, w.y, { size: 11 });
  for (const line of titleLines) {
    w.textAt(line, PAGE.margin + 8, w.y, { size: 11, bold: true });
    w.y += 15;
  }
  const note = itemNote(r);
  if (note) {
    w.textAt(note, PAGE.margin + 8, w.y, { size: 9, color: COLORS.muted });
    w.y += 14;
  }
  w.y += 6;
  w.rule();
  w.y += 8;

  const minus = (label: string, cents: number) => {
    w.textAt(label, PAGE.margin + 8, w.y, { size: 10, color: COLORS.muted });
    w.textRight(formatAmount(-cents), RIGHT - 8, w.y, { size: 10, color: COLORS.muted });
    w.y += 18;
  };
  if (r.coupon) minus(`Coupon ${r.coupon.code}`, r.coupon.discountCents);
  if (r.creditCents > 0) minus("Credit for resources you already owned", r.creditCents);
  if (r.coupon || r.creditCents > 0) {
    w.rule();
    w.y += 8;
  }
  w.textAt("Total paid", PAGE.margin + 8, w.y, { size: 13, bold: true });
  w.textRight(formatAmount(r.totalCents), RIGHT - 8, w.y, { size: 13, bold: true });
  w.y += 20;
  w.rule(w.y, COLORS.ink, 1.5);
  w.y += 20;
}

/** Once refunded (whole, or a licence's unused seats): a notice box saying when, how much, and where it went. */
function refundNote(w: PdfWriter, r: SaleReceipt): void {
  const text = refundSentence(r);
  if (!r.refund || !text) return;
  const textLines = w.wrap(text, CONTENT_WIDTH - 28, { size: 10 });
  const height = 30 + textLines.length * 14;
  w.rect(PAGE.margin, w.y, CONTENT_WIDTH, height, COLORS.notice);
  w.rect(PAGE.margin, w.y, 4, height, COLORS.noticeEdge);
  w.textAt(r.refund.seats === null ? "REFUNDED" : "SEATS REFUNDED", PAGE.margin + 16, w.y + 10, {
    size: 9,
    bold: true,
    color: COLORS.noticeEdge,
  });
  let y = w.y + 26;
  for (const line of textLines) {
    w.textAt(line, PAGE.margin + 16, y, { size: 10 });
    y += 14;
  }
  w.y += height + 20;
}

/** The receipt of one sale as a PDF document, drawn with pdf-lib: one Letter page. */
export async function drawReceiptPdf(r: SaleReceipt): Promise<Buffer> {
  const w = await PdfWriter.create(`${SITE_NAME} receipt ${r.saleId}`, `Receipt for ${r.item.title}`);
  header(w, r);
  parties(w, r);
  items(w, r);
  refundNote(w, r);
  w.paragraph("Amounts in US dollars. Keep this receipt for your records.", {
    size: 9,
    color: COLORS.muted,
  });
  w.footer(`${SITE_NAME} receipt ${r.saleId}`);
  return w.bytes();
}

/**
 * GET /activity/transactions/{saleId}/receipt.pdf: the sale's buyer's receipt (and any admin's), as a
 * PDF; the seller reads theirs on the HTML page. Answers the bytes and the file name to offer.
 */
export async function receiptPdf(
  db: Db,
  viewer: Viewer,
  saleId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const receipt = await loadSaleReceipt(db, viewer, saleId, { sellerMayRead: false });
  return {
    pdf: await drawReceiptPdf(receipt),
    fileName: `lesson-loft-receipt-${receipt.saleId.slice(0, 8)}.pdf`,
  };
}
