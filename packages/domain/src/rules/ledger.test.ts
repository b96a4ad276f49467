import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  creatorBalanceCents,
  incomeLines,
  isBalanced,
  type LedgerLine,
  payoutLines,
  percentOf,
  saleLines,
  tipLines,
} from "./ledger.ts";

const CREATOR = "creator-1";

describe("percentOf (half up, integer cents)", () => {
  it.each([
    [499, 20, 100],
    [1000, 20, 200],
    [250, 20, 50],
    [102, 25, 26],
    [101, 50, 51],
    [1, 50, 1],
    [1, 49, 0],
    [999, 0, 0],
    [999, 100, 999],
    [0, 20, 0],
    [10_000, 20, 2000],
  ])("%s cents x %s%% -> %s cents", (amount, percent, fee) => expect(percentOf(amount, percent)).toBe(fee));

  it.each([
    [4.99, 20],
    [-100, 20],
    [100, 12.5],
    [100, -1],
  ])("refuses %s cents x %s%%", (amount, percent) =>
    expect(() => percentOf(amount, percent)).toThrow(RangeError),
  );
});

describe("saleLines (DECISIONS.md: salesFeePercent 20, the creator keeps 80%)", () => {
  it.each([
    [
      "$4.99 at 20%: fee 100, creator 399",
      499,
      20,
      [
        { account: "card_clearing", usersId: null, amountCents: 499 },
        { account: "platform_fees", usersId: null, amountCents: -100 },
        { account: "creator_balance", usersId: CREATOR, amountCents: -399 },
      ],
    ],
    [
      "$100 at 20%: fee 2000, creator 8000",
      10_000,
      20,
      [
        { account: "card_clearing", usersId: null, amountCents: 10_000 },
        { account: "platform_fees", usersId: null, amountCents: -2000 },
        { account: "creator_balance", usersId: CREATOR, amountCents: -8000 },
      ],
    ],
    [
      "$1 at 0%: no fee line",
      100,
      0,
      [
        { account: "card_clearing", usersId: null, amountCents: 100 },
        { account: "creator_balance", usersId: CREATOR, amountCents: -100 },
      ],
    ],
    [
      "$1 at 100%: no creator line",
      100,
      100,
      [
        { account: "card_clearing", usersId: null, amountCents: 100 },
        { account: "platform_fees", usersId: null, amountCents: -100 },
      ],
    ],
    ["a free resource: no lines", 0, 20, []],
  ] as const)("%s", (_title, amountCents, feePercent, lines) =>
    expect(saleLines({ amountCents, feePercent, creatorId: CREATOR })).toEqual(lines),
  );

  it.each([
    [499.5, 20],
    [-499, 20],
    [499, 101],
    [499, -1],
    [499, 12.5],
  ])("refuses %s cents at %s%%", (amountCents, feePercent) =>
    expect(() => saleLines({ amountCents, feePercent, creatorId: CREATOR })).toThrow(RangeError),
  );
});

describe("tipLines (DECISIONS.md: tipFeePercent 0, the creator keeps all)", () => {
  it.each([
    [
      "$5 at 0%: all to the creator",
      500,
      0,
      [
        { account: "card_clearing", usersId: null, amountCents: 500 },
        { account: "creator_balance", usersId: CREATOR, amountCents: -500 },
      ],
    ],
    [
      "$5 at 10%: fee 50, creator 450",
      500,
      10,
      [
        { account: "card_clearing", usersId: null, amountCents: 500 },
        { account: "platform_fees", usersId: null, amountCents: -50 },
        { account: "creator_balance", usersId: CREATOR, amountCents: -450 },
      ],
    ],
  ] as const)("%s", (_title, amountCents, feePercent, lines) =>
    expect(tipLines({ amountCents, feePercent, creatorId: CREATOR })).toEqual(lines),
  );
});

describe("incomeLines (donations, ads and featuring are platform income)", () => {
  it.each([
    [
      "a $10 donation",
      1000,
      [
        { account: "card_clearing", usersId: null, amountCents: 1000 },
        { account: "platform_revenue", usersId: null, amountCents: -1000 },
      ],
    ],
    [
      "7 days of featuring at 200 a day",
      1400,
      [
        { account: "card_clearing", usersId: null, amountCents: 1400 },
        { account: "platform_revenue", usersId: null, amountCents: -1400 },
      ],
    ],
    ["nothing", 0, []],
  ] as const)("%s", (_title, amountCents, lines) => expect(incomeLines(amountCents)).toEqual(lines));

  it("refuses fractional cents", () => expect(() => incomeLines(10.5)).toThrow(RangeError));
});

describe("payoutLines (we owe the creator less; the money leaves)", () => {
  it("pays out the 1000-cent minimum", () =>
    expect(payoutLines({ amountCents: 1000, creatorId: CREATOR })).toEqual([
      { account: "creator_balance", usersId: CREATOR, amountCents: 1000 },
      { account: "payouts", usersId: null, amountCents: -1000 },
    ]));

  it("refuses a negative payout", () =>
    expect(() => payoutLines({ amountCents: -1000, creatorId: CREATOR })).toThrow(RangeError));
});

describe("isBalanced", () => {
  const l = (amountCents: number): LedgerLine => ({ account: "card_clearing", usersId: null, amountCents });
  it.each([
    ["no lines", [], true],
    ["+499 -100 -399", [l(499), l(-100), l(-399)], true],
    ["+499 -100 -398", [l(499), l(-100), l(-398)], false],
    ["fractional cents that sum to zero", [l(0.25), l(0.25), l(-0.5)], false],
    ["+0.5 -0.5", [l(0.5), l(-0.5)], false],
    ["NaN", [l(Number.NaN)], false],
  ])("%s -> %s", (_title, lines, balanced) => expect(isBalanced(lines)).toBe(balanced));
});

describe("creatorBalanceCents (minus the sum of the creator's creator_balance lines)", () => {
  it("adds sales and tips, subtracts payouts, and ignores other creators and accounts", () => {
    const lines = [
      ...saleLines({ amountCents: 499, feePercent: 20, creatorId: CREATOR }),
      ...tipLines({ amountCents: 500, feePercent: 0, creatorId: CREATOR }),
      ...saleLines({ amountCents: 1000, feePercent: 20, creatorId: "someone-else" }),
      ...payoutLines({ amountCents: 300, creatorId: CREATOR }),
      ...incomeLines(1000),
    ];
    expect(creatorBalanceCents(lines, CREATOR)).toBe(399 + 500 - 300);
    expect(creatorBalanceCents(lines, "someone-else")).toBe(800);
    expect(creatorBalanceCents(lines, "nobody")).toBe(0);
    expect(isBalanced(lines)).toBe(true);
  });
});

describe("ledger properties (fast-check)", () => {
  const amount = fc.integer({ min: 0, max: 100_000_000 });
  const percent = fc.integer({ min: 0, max: 100 });
  const sum = (lines: readonly LedgerLine[], account: LedgerLine["account"]) =>
    lines.filter((l) => l.account === account).reduce((total, l) => total + l.amountCents, 0);

  it("every *Lines result is balanced, in integer cents, with no zero lines", () =>
    fc.assert(
      fc.property(amount, percent, (amountCents, feePercent) => {
        for (const lines of [
          saleLines({ amountCents, feePercent, creatorId: CREATOR }),
          tipLines({ amountCents, feePercent, creatorId: CREATOR }),
          incomeLines(amountCents),
          payoutLines({ amountCents, creatorId: CREATOR }),
        ]) {
          expect(isBalanced(lines)).toBe(true);
          expect(lines.every((l) => Number.isInteger(l.amountCents) && l.amountCents !== 0)).toBe(true);
        }
      }),
    ));

  it("the creator's share plus the fee equals the amount", () =>
    fc.assert(
      fc.property(amount, percent, (amountCents, feePercent) => {
        const lines = saleLines({ amountCents, feePercent, creatorId: CREATOR });
        const fee = -sum(lines, "platform_fees");
        expect(creatorBalanceCents(lines, CREATOR) + fee).toBe(amountCents);
        expect(sum(lines, "card_clearing")).toBe(amountCents);
      }),
    ));

  it("the fee is never negative nor above the amount for 0 to 100 percent", () =>
    fc.assert(
      fc.property(amount, percent, (amountCents, feePercent) => {
        const fee = percentOf(amountCents, feePercent);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(amountCents);
      }),
    ));

  it("the fee is within half a cent of the exact percentage", () =>
    fc.assert(
      fc.property(amount, percent, (amountCents, feePercent) => {
        const exactTimes100 = amountCents * feePercent;
        const error = percentOf(amountCents, feePercent) * 100 - exactTimes100;
        expect(error).toBeGreaterThan(-50);
        expect(error).toBeLessThanOrEqual(50);
      }),
    ));

  it("a creator's balance after a sale is never negative", () =>
    fc.assert(
      fc.property(amount, percent, (amountCents, feePercent) => {
        const lines = saleLines({ amountCents, feePercent, creatorId: CREATOR });
        expect(creatorBalanceCents(lines, CREATOR)).toBeGreaterThanOrEqual(0);
      }),
    ));

  it("paying out a creator's whole balance leaves zero, and the books stay balanced", () =>
    fc.assert(
      fc.property(fc.array(fc.tuple(amount, percent), { maxLength: 20 }), (sales) => {
        const lines = sales.flatMap(([amountCents, feePercent]) =>
          saleLines({ amountCents, feePercent, creatorId: CREATOR }),
        );
        const owed = creatorBalanceCents(lines, CREATOR);
        const afterPayout = [...lines, ...payoutLines({ amountCents: owed, creatorId: CREATOR })];
        expect(creatorBalanceCents(afterPayout, CREATOR)).toBe(0);
        expect(isBalanced(afterPayout)).toBe(true);
      }),
    ));
});
