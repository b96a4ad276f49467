import { DEFAULT_TEXTS } from "@market/domain";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../state/session.ts";
import { siteQueries } from "../../state/site-config.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import EarningsPage from "./EarningsPage.tsx";

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const tip = {
  kind: "tip",
  id: "t1",
  amount: 2500,
  createdAt: "2026-11-20T10:00:00.000Z",
  title: "Thank you for the unit!",
  from: "grace",
  refCode: null,
  receipt: null,
};

describe("the earnings screen", () => {
  it("shows an admin's stored override of its copy instead of the default", async () => {
    stubFetch({
      "GET /api/earnings/self/balance": [
        200,
        {
          balance: 2500,
          estimatedBalance: 2500,
          eligibleBalance: 0,
          eligiblePayout: 0,
          pendingPayout: 0,
          hasTakenPayout: false,
        },
      ],
      "GET /api/earnings/self/activity": [200, { activity: [tip] }],
    });
    const { queryClient } = renderScreen(EarningsPage, "/earnings");
    queryClient.setQueryData(siteQueries.texts.queryKey, {
      ...DEFAULT_TEXTS,
      "earnings.tipFromWithNote": "@{username} thanked you: {note}",
    });

    const activity = await screen.findByRole("list", { name: "Earnings activity" });
    expect(await screen.findByText("@grace thanked you: Thank you for the unit!")).toBeTruthy();
    expect(activity.textContent).not.toContain("From @grace");
    // Keys without an override keep their defaults.
    expect(screen.getByRole("heading", { name: "Earnings" })).toBeTruthy();
  });
});
