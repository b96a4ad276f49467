import { formatAmount } from "@market/domain";
import { COLORS, CONTENT_WIDTH, PAGE, PdfWriter } from "./pdf-layout.ts";
import type { Statement, StatementLine } from "./statement.service.ts";
import { KIND_LABEL } from "./statement-csv.ts";

const RIGHT = PAGE.width - PAGE.margin;

/** The table's columns: x from the left margin and width, in points; the amount is right-aligned. */
const COL = {
  date: { x: 0, width: 62 },
  type: { x: 66, width: 92 },
  description: { x: 162, width: 200 },
  paidTo: { x: 366, width: 76 },
  amount: { right: CONTENT_WIDTH },
} as const;

function tableHead(w: PdfWriter): void {
  w.rect(PAGE.margin, w.y, CONTENT_WIDTH, 20, COLORS.wash);
  const style = { size: 8, bold: true, color: COLORS.muted };
  const top = w.y + 6;
  w.textAt("DATE", PAGE.margin + COL.date.x + 4, top, style);
  w.textAt("TYPE", PAGE.margin + COL.type.x, top, style);
  w.textAt("DESCRIPTION", PAGE.margin + COL.description.x, top, style);
  w.textAt("PAID TO", PAGE.margin + COL.paidTo.x, top, style);
  w.textRight("AMOUNT (USD)", RIGHT - 4, top, style);
  w.y += 26;
}

function lineRow(w: PdfWriter, line: StatementLine): void {
  const style = { size: 9 };
  // The CSV has a column for seats; the page says them after the description when there are several.
  const seats = line.seats !== null && line.seats > 1 ? ` (${line.seats} seats)` : "";
  const description = w.wrap(`${line.description}${seats}`, COL.description.width, style);
  const paidTo = w.wrap(line.paidTo, COL.paidTo.width, style);
  const type = w.wrap(KIND_LABEL[line.kind], COL.type.width, { ...style, bold: line.toSite });
  const height = Math.max(description.length, paidTo.length, type.length) * 12 + 8;
  w.ensure(height);
  const top = w.y;
  w.textAt(line.day, PAGE.margin + COL.date.x + 4, top, style);
  const column = (lines: string[], x: number, bold = false) => {
    lines.forEach((text, i) => {
      w.textAt(text, PAGE.margin + x, top + i * 12, { ...style, bold });
    });
  };
  column(type, COL.type.x, line.toSite);
  column(description, COL.description.x);
  column(paidTo, COL.paidTo.x);
  w.textRight(formatAmount(line.amountCents), RIGHT - 4, top, {
    ...style,
    color: line.amountCents < 0 ? COLORS.noticeEdge : COLORS.ink,
  });
  w.y += height;
  w.rule(w.y - 4);
}

function heading(w: PdfWriter, s: Statement, siteName: string): void {
  w.rect(0, 0, PAGE.width, 96, COLORS.band);
  w.textAt(siteName, PAGE.margin, 36, { size: 22, bold: true, color: COLORS.onBand });
  w.textRight("STATEMENT", RIGHT, 30, { size: 16, bold: true, color: COLORS.onBand });
  w.textRight(String(s.year), RIGHT, 52, { size: 12, color: COLORS.onBand });
  w.y = 120;
  w.paragraph(`Payments in ${s.year}`, { size: 16, bold: true, gap: 2 });
  w.paragraph(
    `Everything paid on ${siteName} from January 1 to December 31, ${s.year} (${s.timeZone} time), and refunds received in that time.`,
    { size: 9, color: COLORS.muted, gap: 12 },
  );

  const column = (CONTENT_WIDTH - 24) / 2;
  const top = w.y;
  const block = (x: number, title: string, rows: { text: string; bold?: boolean }[]) => {
    let y = top;
    w.textAt(title.toUpperCase(), x, y, { size: 8, bold: true, color: COLORS.muted });
    y += 15;
    for (const row of rows) {
      for (const text of row.text.split(/\r?\n/).flatMap((part) => w.wrap(part, column, { size: 10 }))) {
        w.textAt(text, x, y, { size: 10, bold: row.bold });
        y += 13;
      }
    }
    return y;
  };
  const b = s.billing;
  const left = block(PAGE.margin, "Billed to", [
    ...(b.organisation ? [{ text: b.organisation, bold: true }] : []),
    { text: s.account.name },
    { text: s.account.email },
    ...(b.address ? [{ text: b.address }] : []),
    ...(b.taxId ? [{ text: `Tax ID: ${b.taxId}` }] : []),
  ]);
  const right = block(PAGE.margin + column + 24, "Totals", [
    { text: `Paid: ${formatAmount(s.totals.paidCents)}` },
    { text: `Refunded: ${formatAmount(s.totals.refundedCents)}` },
    { text: `Net paid: ${formatAmount(s.totals.netCents)}`, bold: true },
  ]);
  w.y = Math.max(left, right) + 18;
}

function totals(w: PdfWriter, s: Statement): void {
  w.ensure(70);
  w.y += 6;
  const row = (label: string, cents: number, bold = false) => {
    w.textRight(label, RIGHT - 110, w.y, { size: bold ? 11 : 10, bold });
    w.textRight(formatAmount(cents), RIGHT - 4, w.y, { size: bold ? 11 : 10, bold });
    w.y += bold ? 18 : 15;
  };
  row("Total paid", s.totals.paidCents);
  row("Total refunded", -s.totals.refundedCents);
  w.rule(w.y - 3, COLORS.ink, 1);
  w.y += 4;
  row("Net paid", s.totals.netCents, true);
}

/** A yearly statement as a PDF: the header, who it is for, one row per line (pages as needed), totals. */
export async function drawStatementPdf(s: Statement, siteName: string): Promise<Buffer> {
  const w = await PdfWriter.create(`${siteName} statement ${s.year}`, `Payments in ${s.year}`);
  heading(w, s, siteName);
  tableHead(w);
  w.onNewPage = tableHead;
  if (s.lines.length === 0) {
    w.paragraph(`Nothing was paid or refunded in ${s.year}.`, { size: 10, color: COLORS.muted, gap: 8 });
  }
  for (const line of s.lines) lineRow(w, line);
  totals(w, s);
  w.y += 14;
  w.paragraph(
    "Amounts in US dollars. Donations to the site are marked in bold. Each purchase's receipt number is its reference in the CSV statement.",
    { size: 8, color: COLORS.muted },
  );
  w.footer(`${siteName} statement ${s.year} for ${s.account.name}`);
  return w.bytes();
}
