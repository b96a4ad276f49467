import {
  DEFAULT_TEXTS,
  EARNINGS_LINE_KINDS,
  type EarningsActivityResponse,
  type EarningsLineResponse,
  earningsMonths,
} from "@market/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../state/session.ts";
import { siteQueries } from "../../state/site-config.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import EarningsPage, { earningsCsv } from "./EarningsPage.tsx";
import { EARNINGS_TEXTS, type EarningsTextKey } from "./earnings-texts.ts";

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const line = (over: Partial<EarningsLineResponse>): EarningsLineResponse => ({
  id: "x",
  kind: "sale",
  amount: 1000,
  createdAt: "2026-11-20T15:00:00.000Z",
  day: "2026-11-20",
  title: null,
  from: null,
  note: null,
  feeFor: null,
  receipt: null,
  isBundle: false,
  ...over,
});

/** Newest first, as the server sends them: a tip, a sale and its fee, an older payout. */
const LINES = [
  line({
    id: "t1",
    kind: "tip",
    amount: 2500,
    from: "grace",
    note: "Thank you for the unit!",
    day: "2026-11-21",
  }),
  line({
    id: "s1",
    kind: "sale",
    amount: 499,
    title: "Fractions Fun",
    receipt: "/api/activity/transactions/s1/receipt",
  }),
  line({ id: "s1-fee", kind: "fee", amount: -100, title: "Fractions Fun", feeFor: "sale" }),
  line({ id: "p1", kind: "payout", amount: -1500, day: "2026-10-02" }),
];
const MONTHS = earningsMonths("2026-11-21", [
  { month: "2026-11", kind: "sale", credit: 399, fee: 100 },
  { month: "2026-11", kind: "tip", credit: 2500, fee: 0 },
  { month: "2026-09", kind: "sale", credit: 1600, fee: 400 },
]);

const activity = (over: Partial<EarningsActivityResponse> = {}): EarningsActivityResponse => ({
  lines: LINES,
  // Older lines the server did not list: 2000 + 2500 + 499 - 100 - 1500 = 3399.
  earlierTotal: 2000,
  balance: 3399,
  months: MONTHS,
  other: [
    {
      id: "r1",
      kind: "referral",
      amount: 700,
      createdAt: "2026-11-02T15:00:00.000Z",
      day: "2026-11-02",
      title: "Tides",
    },
  ],
  ...over,
});

const BALANCE = {
  balance: 3399,
  estimatedBalance: 3399,
  eligibleBalance: 2000,
  eligiblePayout: 2000,
  pendingPayout: 0,
  hasTakenPayout: true,
};

function stubEarnings(extra: Parameters<typeof stubFetch>[0] = {}, data = activity()) {
  return stubFetch({
    "GET /api/earnings/self/balance": [200, BALANCE],
    "GET /api/earnings/self/activity": [200, data],
    "GET /api/earnings/self/payouts": [200, { payouts: [] }],
    "GET /api/earnings/self/refund-requests": [200, { refunds: [] }],
    ...extra,
  });
}

const cents = (text: string) => Math.round(Number(text.replace(/[$,+]/g, "")) * 100);

describe("the earnings screen", () => {
  it("lists the fees as their own lines, and the lines add up to the balance it shows", async () => {
    stubEarnings();
    renderScreen(EarningsPage, "/earnings");
    const list = await screen.findByRole("list", { name: "Earnings activity" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Tip.*From @grace: “Thank you for the unit!”.*Nov 21, 2026.*\+\$25\.00/),
      expect.stringMatching(/^Sale.*Fractions Fun.*Nov 20, 2026.*\+\$4\.99.*Receipt/),
      expect.stringMatching(/^Platform fee.*On the sale of “Fractions Fun”.*-\$1\.00/),
      expect.stringMatching(/^Payout.*Paid out to you.*Oct 2, 2026.*-\$15\.00/),
      expect.stringMatching(/^Earlier activity, in total.*\+\$20\.00/),
    ]);
    const amounts = items.map((i) => cents(/[+-]\$[\d,.]+/.exec(i.textContent!)?.[0] ?? "0"));
    const total = screen.getByText("Together these make your balance:").nextElementSibling!;
    expect(total.textContent).toBe("$33.99");
    expect(amounts.reduce((s, a) => s + a, 0)).toBe(cents(total.textContent!));
    // The balance card says the same.
    expect(screen.getAllByText("$33.99")).toHaveLength(3);
    // No ISO date and no code anywhere on the page.
    const page = document.body.textContent!;
    expect(page).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(page).not.toMatch(/\b(feeFor|payout_|referral_|adjustment)\b/);
    // Referrals are shown apart, as not part of the balance.
    const other = screen.getByRole("region", { name: "Not part of your balance" });
    expect(other.textContent).toContain("Bought through your link: Tides");
  });

  it("has words for every kind of line the contract allows", () => {
    for (const kind of EARNINGS_LINE_KINDS) {
      expect(EARNINGS_TEXTS[`earnings.kind.${kind}` as EarningsTextKey]).toMatch(/^[A-Z][a-z ]+$/);
    }
  });

  it("shows the chart with its legend and, beside it, every month's numbers as a table", async () => {
    stubEarnings();
    renderScreen(EarningsPage, "/earnings/graph");
    const table = await screen.findByRole("table", { name: "Earnings by month, in numbers" });
    const rows = within(table).getAllByRole("row");
    // Header, twelve months oldest first, the total.
    expect(rows).toHaveLength(14);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Month", "Sales", "Tips", "Platform fees", "Earned after fees"]);
    expect(rows[1]!.textContent).toMatch(/^Dec 2025/);
    expect(
      within(rows[12]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["$4.99", "$25.00", "-$1.00", "$28.99"]);
    expect(rows[13]!.textContent).toContain("$44.99");
    // The chart (its own chunk) names what it shows; its legend has the table's series, in order.
    const chart = await screen.findByRole("img", {
      name: /^Bar chart of your earnings from Dec 2025 to Nov 2026/,
    });
    expect(chart.getAttribute("aria-label")).toContain(
      "$44.99 earned after fees; the best month was Nov 2026",
    );
    const legend = screen.getByRole("list", { name: "Legend" });
    expect(
      within(legend)
        .getAllByRole("listitem")
        .map((i) => i.textContent),
    ).toEqual(["Sales", "Tips", "Platform fees"]);
  });

  it("says there is nothing to chart, with nothing earned in the last year", async () => {
    stubEarnings({}, activity({ months: earningsMonths("2026-11-21", []) }));
    renderScreen(EarningsPage, "/earnings/graph");
    expect(
      await screen.findByText("No sales or tips in the last 12 months, so there is nothing to chart yet."),
    ).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("downloads a CSV with headers in words, kinds in words, and no formula from a title", async () => {
    stubEarnings();
    renderScreen(EarningsPage, "/earnings/data");
    await screen.findByRole("table");
    const texts = (key: EarningsTextKey, values?: Record<string, string>) =>
      Object.entries(values ?? {}).reduce(
        (t, [k, v]) => t.replace(`{${k}}`, v),
        EARNINGS_TEXTS[key] as string,
      );
    const csv = earningsCsv(
      texts,
      activity({
        lines: [line({ kind: "sale", amount: 500, title: "=HYPERLINK(1)" })],
        earlierTotal: 0,
        balance: 500,
      }),
    );
    expect(csv.split("\n")[0]).toBe(
      '"Date","Type","Description","Amount (US dollars)","Balance after (US dollars)"',
    );
    expect(csv.split("\n")[1]).toBe('2026-11-20,"Sale","\'=HYPERLINK(1)",5.00,5.00');
    expect(earningsCsv(texts, activity()).split("\n")[3]).toBe(
      '2026-11-20,"Platform fee","On the sale of “Fractions Fun”",-1.00,4.00',
    );
    // The table shows each line's balance after it, ending at the earlier total.
    const cells = screen.getAllByRole("row").map((r) => r.lastElementChild?.textContent);
    expect(cells).toEqual(["Balance after", "$33.99", "$8.99", "$4.00", "$5.00", "$20.00"]);
  });

  it("requests a payout and says so; a refusal below the minimum is told in words", async () => {
    let refuse = false;
    stubEarnings({
      "POST /api/earnings/self/payouts": () =>
        refuse
          ? [400, { error: "validation_failed", message: "x", fields: { amount: "below_payout_minimum" } }]
          : [
              201,
              {
                id: "p9",
                amount: 2000,
                status: "requested",
                requestedAt: "2026-11-21T15:00:00.000Z",
                requestedDay: "2026-11-21",
                payoutDate: null,
              },
            ],
    });
    renderScreen(EarningsPage, "/earnings/payout");
    expect(await screen.findByText("You have not asked for a payout yet.")).toBeTruthy();
    const button = await screen.findByRole("button", { name: "Request payout" });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(
      await screen.findByText("Payout of $20.00 requested. An admin pays it out.", {
        selector: "[role=status]",
      }),
    ).toBeTruthy();
    refuse = true;
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect(await screen.findByText("You can ask for a payout once $10.00 is available.")).toBeTruthy();
  });

  it("shows each payout's state in words and its dates in the reader's format", async () => {
    const payout = (over: object) => ({
      id: "p",
      amount: 1500,
      status: "paid",
      requestedAt: "2026-10-01T15:00:00.000Z",
      requestedDay: "2026-10-01",
      payoutDate: "2026-10-02",
      ...over,
    });
    stubEarnings({
      "GET /api/earnings/self/payouts": [
        200,
        {
          payouts: [
            payout({ id: "a", status: "requested", payoutDate: null }),
            payout({ id: "b", status: "rejected", payoutDate: null }),
            payout({ id: "c" }),
          ],
        },
      ],
    });
    renderScreen(EarningsPage, "/earnings/payout");
    const list = await screen.findByRole("list", { name: "Your payouts" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((i) => i.textContent),
    ).toEqual([
      "Waiting to be paid$15.00Requested Oct 1, 2026",
      "Not paid: ask again$15.00Requested Oct 1, 2026",
      "Paid Oct 2, 2026$15.00Requested Oct 1, 2026",
    ]);
  });

  it("shows each resource's rating with how its stars fall, linking to its reviews; unrated ones say so", async () => {
    const { calls } = stubEarnings({
      "GET /api/earnings/self/ratings": [
        200,
        {
          resources: [
            {
              id: "r1",
              name: "fractions fun",
              title: "Fractions Fun",
              rating: { average: 4.3, count: 3, distribution: [0, 0, 0, 2, 1] },
            },
            {
              id: "r2",
              name: "tides",
              title: "Tides",
              rating: { average: 1, count: 1, distribution: [1, 0, 0, 0, 0] },
            },
            {
              id: "r3",
              name: "unrated",
              title: "Unrated worksheet",
              rating: { average: null, count: 0, distribution: [0, 0, 0, 0, 0] },
            },
          ],
        },
      ],
    });
    renderScreen(EarningsPage, "/earnings/ratings");
    const list = await screen.findByRole("list", { name: "Ratings of your resources" });
    expect(screen.getByRole("link", { name: "Ratings" }).getAttribute("aria-current")).toBe("page");
    const [fractions, tides, unrated] = [...list.children] as HTMLElement[] as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(fractions).getByRole("link", { name: "Fractions Fun" }).getAttribute("href")).toBe(
      "/resources/fractions%20fun#reviews",
    );
    expect(within(fractions).getByRole("img", { name: "4.3 out of 5 stars" })).toBeTruthy();
    expect(fractions.textContent).toContain("3 reviews");
    const spread = within(fractions).getByRole("list", { name: "How the stars of “Fractions Fun” fall" });
    expect(
      within(spread)
        .getAllByRole("listitem")
        .map((i) => i.textContent),
    ).toEqual(["5 stars1", "4 stars2", "3 stars0", "2 stars0", "1 star0"]);
    expect(tides.textContent).toContain("1 review");
    expect(within(tides).getByRole("img", { name: "1.0 out of 5 stars" })).toBeTruthy();
    // No reviews: said in words, never as zero stars.
    expect(unrated.textContent).toBe("Unrated worksheetNo reviews yet");
    expect(within(unrated).queryByRole("img")).toBeNull();
    // The creator's overall rating from every shown review: (4 + 4 + 5 + 1) / 4.
    expect(screen.getByText(/^All together: 3\.5 out of 5 from 4 reviews\./)).toBeTruthy();
    // The ratings come in one call; the activity is not needed for them.
    expect(calls.filter((c) => c.url.includes("/ratings"))).toHaveLength(1);
  });

  it("says where ratings will show when nothing is published, and offers a retry when they fail", async () => {
    let fail = true;
    stubEarnings({
      "GET /api/earnings/self/ratings": () =>
        fail ? [500, { error: "internal", message: "x" }] : [200, { resources: [] }],
    });
    renderScreen(EarningsPage, "/earnings/ratings");
    // A server failure is tried once more before the screen says so.
    expect(await screen.findByText("We could not load your ratings.", {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No published resources yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Publish a resource" }).getAttribute("href")).toBe("/publishing");
  });

  it("shows an admin's stored override of its copy instead of the default", async () => {
    stubEarnings();
    const { queryClient } = renderScreen(EarningsPage, "/earnings");
    queryClient.setQueryData(siteQueries.texts.queryKey, {
      ...DEFAULT_TEXTS,
      "earnings.tipFromWithNote": "@{username} thanked you: {note}",
    });
    const list = await screen.findByRole("list", { name: "Earnings activity" });
    expect(await screen.findByText("@grace thanked you: Thank you for the unit!")).toBeTruthy();
    expect(list.textContent).not.toContain("From @grace");
    // Keys without an override keep their defaults.
    expect(screen.getByRole("heading", { name: "Earnings" })).toBeTruthy();
  });

  it("shows a refund request with Approve asked once, and a refund and a bundle sale in the activity", async () => {
    const request = {
      id: "0b8f6a52-3f3e-4e0e-9a55-0c1f3c2a9d11",
      saleId: "5b2a3c6d-1e7f-4a8b-9c0d-1e2f3a4b5c6d",
      status: "requested",
      reason: "The pages are blank after page 3.",
      declineNote: null,
      requestedAt: "2026-11-21T10:00:00.000Z",
      decidedAt: null,
      byAdmin: false,
      seats: null,
      amountCents: 1000,
      sale: { amount: 1000, seats: 1, purchasedAt: "2026-11-20T10:00:00.000Z", isGift: false },
      resource: { id: "r1", name: "owl-unit", title: "Owl unit", isBundle: false },
      buyer: { username: "grace", first_name: "Grace" },
    };
    const approved: string[] = [];
    stubEarnings(
      {
        "GET /api/earnings/self/refund-requests": [200, { refunds: [request] }],
        [`POST /api/refunds/${request.id}/approve`]: () => {
          approved.push(request.id);
          return [200, { ...request, status: "refunded" }];
        },
      },
      {
        ...activity(),
        lines: [
          line({ id: "r", kind: "refund", amount: -1000, title: "Owl unit" }),
          line({ id: "r-fee", kind: "fee", amount: 200, feeFor: "refund", title: "Owl unit" }),
          line({ id: "b", kind: "sale", amount: 2500, title: "Owl bundle", isBundle: true }),
          line({ id: "t", kind: "sale", amount: 1250, title: "Frog unit", seats: 3 }),
        ],
      },
    );
    renderScreen(EarningsPage, "/earnings");
    const list = await screen.findByRole("list", { name: "Earnings activity" });
    expect(list.textContent).toContain("Refunded to the buyer: Owl unit");
    expect(list.textContent).toContain("Fee given back on the refund of “Owl unit”");
    expect(list.textContent).toContain("Bundle sale");
    // A purchase for colleagues says its seats (issue 23).
    expect(list.textContent).toContain("Frog unit · 3 seats");
    fireEvent.click(await screen.findByRole("button", { name: "Approve the refund of Owl unit for @grace" }));
    expect(approved).toEqual([]);
    fireEvent.click(await screen.findByRole("button", { name: "Refund $10.00" }));
    await waitFor(() => expect(approved).toEqual([request.id]));
  });
});
