import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../state/session.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import AccountingPage from "./AccountingPage.tsx";

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("the accounting page", () => {
  it("names months and ledger accounts in words and shows money as money", async () => {
    stubFetch({
      "GET /api/admin/accounting": [
        200,
        {
          periods: [
            {
              period: "2026-11",
              sales: 1000,
              fees: 200,
              tips: 500,
              donations: 0,
              adIncome: 0,
              featuring: 0,
              payouts: 1300,
              refunds: 0,
              siteDiscounts: 0,
            },
          ],
          trialBalance: [
            { account: "card_clearing", total: 1500 },
            { account: "creator_balance", total: 0 },
            { account: "payouts", total: -1300 },
            { account: "platform_fees", total: -200 },
          ],
          balanced: true,
        },
      ],
    });
    renderScreen(AccountingPage, "/admin/accounting");
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("row")[1]!.textContent).toMatch(/^Nov 2026\$10\.00\$2\.00\$5\.00/);
    expect(screen.getByText("Card payments received")).toBeTruthy();
    expect(screen.getByText("Owed to creators")).toBeTruthy();
    expect(screen.getByText("Paid out to creators").nextElementSibling?.textContent).toBe("-$13.00");
    expect(document.body.textContent).not.toMatch(/card_clearing|creator_balance|platform_fees|2026-11\b/);
  });
});
