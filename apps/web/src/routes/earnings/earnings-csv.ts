import type { EarningsActivityResponse } from "@market/domain";
import { balancesAfter, describe, kindLabel } from "./earnings-lines.ts";
import type { EarningsTexts } from "./earnings-texts.ts";

/** A text cell a spreadsheet will not run as a formula (a tip note may start with "="). */
export const csvText = (value: string) =>
  `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;
const csvDollars = (cents: number) => (cents / 100).toFixed(2);

/** The balance's lines as CSV: headers in words, days as YYYY-MM-DD (what spreadsheets read as dates). */
export function earningsCsv(e: EarningsTexts, data: EarningsActivityResponse): string {
  const after = balancesAfter(data);
  const rows = [
    [
      e("earnings.csv.date"),
      e("earnings.csv.kind"),
      e("earnings.csv.what"),
      e("earnings.csv.amount"),
      e("earnings.csv.balanceAfter"),
    ].map(csvText),
    ...data.lines.map((line, i) => [
      line.day,
      csvText(kindLabel(e, line)),
      csvText(describe(e, line)),
      csvDollars(line.amount),
      csvDollars(after[i]!),
    ]),
  ];
  if (data.earlierTotal !== 0) {
    rows.push([
      "",
      "",
      csvText(e("earnings.earlier")),
      csvDollars(data.earlierTotal),
      csvDollars(data.earlierTotal),
    ]);
  }
  return `${rows.map((r) => r.join(",")).join("\n")}\n`;
}
