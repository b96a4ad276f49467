import {
  type EarningsActivityResponse,
  type EarningsLineKind,
  type EarningsLineResponse,
  formatAmount,
  type OtherActivityKind,
} from "@market/domain";
import type { EarningsTextKey, EarningsTexts } from "./earnings-texts.ts";

/** Every kind the contract allows has its word: nothing on this page shows a code. */
export const KIND_LABEL: Record<EarningsLineKind | OtherActivityKind, EarningsTextKey> = {
  sale: "earnings.kind.sale",
  gift: "earnings.kind.gift",
  refund: "earnings.kind.refund",
  tip: "earnings.kind.tip",
  fee: "earnings.kind.fee",
  payout: "earnings.kind.payout",
  adjustment: "earnings.kind.adjustment",
  referral: "earnings.kind.referral",
  feature: "earnings.kind.feature",
};

/** A line's type in words: a bundle's sale says so (issue 22). */
export function kindLabel(e: EarningsTexts, line: EarningsLineResponse): string {
  if (line.isBundle && line.kind === "sale") return e("earnings.kind.bundleSale");
  if (line.isBundle && line.kind === "gift") return e("earnings.kind.bundleGift");
  return e(KIND_LABEL[line.kind]);
}

/** A sale's or a refund's words with its seats, when it was bought for colleagues (issue 23): "… · 3 seats". */
function withSeats(e: EarningsTexts, line: EarningsLineResponse, text: string): string {
  return line.seats && line.seats > 1 ? e("earnings.withSeats", { text, seats: String(line.seats) }) : text;
}

/** What a line says: what sold, who tipped and their note, what a fee was taken from or given back on. */
export function describe(e: EarningsTexts, line: EarningsLineResponse): string {
  switch (line.kind) {
    case "sale":
    case "gift":
      return withSeats(e, line, line.title ?? "");
    case "refund":
      return withSeats(e, line, e("earnings.refundOf", { title: line.title ?? "" }));
    case "tip":
      return line.note
        ? e("earnings.tipFromWithNote", { username: line.from ?? "", note: line.note })
        : e("earnings.tipFrom", { username: line.from ?? "" });
    case "fee":
      if (line.feeFor === "tip") return e("earnings.feeOnTip", { username: line.from ?? "" });
      return line.feeFor === "refund"
        ? e("earnings.feeReturned", { title: line.title ?? "" })
        : e("earnings.feeOnSale", { title: line.title ?? "" });
    case "payout":
      return e("earnings.payoutLine");
    case "adjustment":
      return e("earnings.adjustmentLine");
  }
}

/** A line's amount with its sign: "+$8.00", "-$2.00". */
export const signed = (cents: number) => (cents > 0 ? `+${formatAmount(cents)}` : formatAmount(cents));

/** The balance after each line (newest first): the balance, less each newer line in turn. */
export function balancesAfter(data: EarningsActivityResponse): number[] {
  const after: number[] = [];
  let running = data.balance;
  for (const line of data.lines) {
    after.push(running);
    running -= line.amount;
  }
  return after;
}
