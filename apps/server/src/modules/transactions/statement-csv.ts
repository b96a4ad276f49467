import type { Statement, StatementLine, StatementLineKind } from "./statement.service.ts";

/** A statement line's type, in the words a bookkeeper reads. */
export const KIND_LABEL: Record<StatementLineKind, string> = {
  purchase: "Purchase",
  gift: "Gift bought",
  tip: "Tip",
  donation: "Donation to the site",
  refund: "Refund",
};

/**
 * A text cell a spreadsheet will not run: quoted, quotes doubled, and a leading ' before a value that
 * starts with = + - @ (or a tab or carriage return), which spreadsheets would read as a formula.
 */
export function csvText(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Cents as a plain number of dollars ("-5.00"): ours, never text a user typed, so never a formula. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Seats last (issue 23), so the columns a bookkeeper's sheet already reads keep their places. */
const COLUMNS = ["Date", "Type", "Description", "Paid to", "Paid with", "Reference", "Amount (USD)", "Seats"];

function lineRow(line: StatementLine): string[] {
  return [
    line.day,
    csvText(KIND_LABEL[line.kind]),
    csvText(line.description),
    csvText(line.paidTo),
    csvText(line.paidWith ?? ""),
    csvText(line.reference),
    dollars(line.amountCents),
    line.seats === null ? "" : String(line.seats),
  ];
}

/**
 * A yearly statement as CSV (UTF-8 with a byte-order mark, so spreadsheets read accents right): who it
 * is for and their billing details first, then one row per line with its columns named, then the totals
 * under the amounts. Days are YYYY-MM-DD, which spreadsheets read as dates.
 */
export function statementCsv(s: Statement, siteName: string): string {
  const pair = (label: string, value: string) => [csvText(label), csvText(value)];
  const blank = Array(COLUMNS.length - 1).fill("");
  const total = (label: string, cents: number) => [...blank.slice(0, 5), csvText(label), dollars(cents)];
  const rows: string[][] = [
    pair("Statement", `${siteName} payments in ${s.year}`),
    pair("Account", `${s.account.name} (@${s.account.username}), ${s.account.email}`),
    pair("Organisation", s.billing.organisation ?? ""),
    pair("Billing address", s.billing.address ?? ""),
    pair("Tax ID", s.billing.taxId ?? ""),
    pair("Period", `${s.year}-01-01 to ${s.year}-12-31 (${s.timeZone} time)`),
    [],
    COLUMNS.map(csvText),
    ...s.lines.map(lineRow),
    [],
    total("Total paid", s.totals.paidCents),
    total("Total refunded", -s.totals.refundedCents),
    total("Net paid", s.totals.netCents),
  ];
  return `\uFEFF${rows.map((r) => r.join(",")).join("\r\n")}\r\n`;
}
