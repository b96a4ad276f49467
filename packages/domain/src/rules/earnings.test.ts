import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CreatorLedgerTransaction,
  earningsLines,
  earningsMonths,
  eligiblePayoutCents,
  monthEarned,
  sumCents,
} from "./earnings.ts";
import { creatorBalanceCents, payoutLines, percentOf, saleLines, tipLines } from "./ledger.ts";

const tx = (over: Partial<CreatorLedgerTransaction>): CreatorLedgerTransaction => ({
  id: "t1",
  kind: "sale",
  createdAt: "2026-11-20T15:00:00.000Z",
  day: "2026-11-20",
  credit: 800,
  fee: 200,
  title: "Fractions",
  from: null,
  note: null,
  saleId: "s1",
  isBundle: false,
  ...over,
});

describe("earningsLines", () => {
  it("shows a sale at what the buyer paid, with the platform's fee as a line of its own", () => {
    expect(earningsLines([tx({})]).map((l) => [l.kind, l.amount, l.feeFor, l.receipt])).toEqual([
      ["sale", 1000, null, "/api/activity/transactions/s1/receipt"],
      ["fee", -200, "sale", null],
    ]);
  });

  it("leaves out a fee of 0 (tips keep everything by default) and shows payouts as negative", () => {
    const lines = earningsLines([
      tx({ id: "p", kind: "payout", credit: -1300, fee: 0, title: null, saleId: null }),
      tx({ id: "t", kind: "tip", credit: 500, fee: 0, title: null, from: "grace", saleId: null }),
    ]);
    expect(lines.map((l) => [l.id, l.kind, l.amount])).toEqual([
      ["p", "payout", -1300],
      ["t", "tip", 500],
    ]);
  });

  it("shows a refund as the sale taken back, with its fee given back, and labels bundles", () => {
    const lines = earningsLines([tx({ id: "r", kind: "refund", credit: -800, fee: -200, isBundle: true })]);
    expect(lines.map((l) => [l.id, l.kind, l.amount, l.feeFor, l.isBundle])).toEqual([
      ["r", "refund", -1000, null, true],
      ["r-fee", "fee", 200, "refund", true],
    ]);
    expect(sumCents(lines)).toBe(-800);
  });

  it("nets a refund out of its month's sales and fees", () => {
    const [month] = earningsMonths(
      "2026-11-20",
      [
        { month: "2026-11", kind: "sale", credit: 800, fee: 200 },
        { month: "2026-11", kind: "refund", credit: -800, fee: -200 },
      ],
      1,
    );
    expect(month).toMatchObject({ sales: 0, fees: 0 });
  });

  it("names a balance movement of an unknown kind an adjustment, never its code", () => {
    expect(earningsLines([tx({ kind: "refund_reversal", credit: -50, fee: 0 })])[0]).toMatchObject({
      kind: "adjustment",
      amount: -50,
    });
  });

  it("adds up to the creator's ledger balance, whatever the sales, tips, fees and payouts", () => {
    const creator = "c";
    const movement = fc.oneof(
      fc.record({ kind: fc.constantFrom("sale", "gift"), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
      fc.record({ kind: fc.constant("tip"), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
      fc.record({ kind: fc.constant("payout"), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(movement, { maxLength: 40 }), fc.integer({ min: 0, max: 100 }), (moves, pct) => {
        const ledger = moves.map((m) =>
          m.kind === "payout"
            ? payoutLines({ amountCents: m.amount, creatorId: creator })
            : (m.kind === "tip" ? tipLines : saleLines)({
                amountCents: m.amount,
                feePercent: pct,
                creatorId: creator,
              }),
        );
        const transactions = moves.map((m, i) =>
          tx({
            id: `t${i}`,
            kind: m.kind,
            credit: -ledger[i]!.filter((l) => l.account === "creator_balance").reduce(
              (s, l) => s + l.amountCents,
              0,
            ),
            fee: -ledger[i]!.filter((l) => l.account === "platform_fees").reduce(
              (s, l) => s + l.amountCents,
              0,
            ),
          }),
        );
        const lines = earningsLines(transactions);
        expect(sumCents(lines)).toBe(creatorBalanceCents(ledger.flat(), creator));
        for (const l of lines) expect(Number.isSafeInteger(l.amount)).toBe(true);
        for (const [i, m] of moves.entries()) {
          if (m.kind !== "payout" && percentOf(m.amount, pct) > 0)
            expect(lines.find((l) => l.id === `t${i}-fee`)?.amount).toBe(-percentOf(m.amount, pct));
        }
      }),
    );
  });
});

describe("earningsMonths", () => {
  it("lists twelve months ending with today's, empty ones as zeros, across a year's end", () => {
    const months = earningsMonths("2026-02-10", [
      { month: "2026-02", kind: "sale", credit: 800, fee: 200 },
      { month: "2026-02", kind: "gift", credit: 400, fee: 100 },
      { month: "2025-12", kind: "tip", credit: 500, fee: 0 },
      { month: "2025-12", kind: "payout", credit: -1000, fee: 0 },
      // Outside the window: left out.
      { month: "2025-02", kind: "sale", credit: 800, fee: 200 },
    ]);
    expect(months.map((m) => m.month)).toEqual([
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    expect(months.at(-1)).toEqual({ month: "2026-02", sales: 1500, tips: 0, fees: -300, payouts: 0 });
    expect(monthEarned(months.at(-1)!)).toBe(1200);
    expect(months.at(-3)).toEqual({ month: "2025-12", sales: 0, tips: 500, fees: 0, payouts: -1000 });
  });
});

describe("eligiblePayoutCents", () => {
  it.each([
    [999, 1000, 0],
    [1000, 1000, 1000],
    [2500, 1000, 2500],
    [0, 0, 0],
  ])("eligible %s with a minimum of %s pays %s", (eligible, minimum, payout) =>
    expect(eligiblePayoutCents(eligible, minimum)).toBe(payout),
  );
});
