import type { GiftDetail, SaleDetail } from "@market/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeDetail, makeSelfUser } from "../../test/factories.ts";
import { fillPaymentForm } from "../../test/payment-form.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import PurchaseCompletedPage from "./PurchaseCompletedPage.tsx";
import PurchasePage from "./PurchasePage.tsx";

const RESOURCE = makeDetail({
  price: 500,
  resources_files_models: [
    { id: "f1", name: "bingo-sample.pdf", size_bytes: 1000, is_premium_file: false },
    { id: "f2", name: "bingo-full.pdf", size_bytes: 2000, is_premium_file: true },
  ],
});
const DETAIL = `GET /api/resources/${RESOURCE.name}`;
const creator = RESOURCE.users_model;

const SALE: SaleDetail = {
  sale: {
    saleId: "s1",
    amount: 500,
    refCode: null,
    isGift: false,
    seats: 1,
    created_at: "2026-11-20T15:00:00.000Z",
  },
  resource: {
    id: RESOURCE.id,
    name: RESOURCE.name,
    title: RESOURCE.title,
    cover_locator: "previews/p1.png",
    creator,
  },
  paidWith: "Visa ending 4242",
  receiptEmail: "ada@example.com",
  file: { id: "f2", name: "bingo-full.pdf", size_bytes: 2000 },
  gift: null,
};

beforeEach(() => {
  storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the checkout of a purchase or a gift", () => {
  it("buys for oneself, then shows the thank-you page of that sale", async () => {
    const { calls } = stubFetch({
      [DETAIL]: [200, RESOURCE],
      "POST /api/transactions/resource/purchase": [
        200,
        {
          sale: { saleId: "s1", amount: 500, refCode: null, isGift: false },
          resourceId: RESOURCE.id,
          resourceName: RESOURCE.name,
          giftUri: null,
        },
      ],
    });
    const { router } = renderScreen(
      PurchasePage,
      `/resources/${RESOURCE.name}/purchase`,
      "/resources/:id/purchase",
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Buy “Fractions Bingo”" })).toBeTruthy();
    expect(screen.queryByText(/as a gift\. After paying/)).toBeNull();
    fillPaymentForm();
    fireEvent.click(screen.getByRole("button", { name: "Pay $5.00" }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        "/resources/fractions-bingo/purchase/completed?sale=s1",
      ),
    );
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      resourceId: RESOURCE.id,
      amount: 500,
    });
  });

  it("says plainly what a gift is, and pays for it through the gift purchase with the buyer's code", async () => {
    const { calls } = stubFetch({
      [DETAIL]: [200, RESOURCE],
      "POST /api/transactions/resource/purchase/gift/AB12CD34": [
        200,
        {
          sale: { saleId: "s9", amount: 500, refCode: null, isGift: true },
          resourceId: RESOURCE.id,
          resourceName: RESOURCE.name,
          giftUri: "http://localhost/resources/fractions-bingo/purchase?refCode=AB12CD34&gift=GIFTCODE1234",
        },
      ],
    });
    const { router } = renderScreen(
      PurchasePage,
      `/resources/${RESOURCE.name}/purchase?as=gift`,
      "/resources/:id/purchase",
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Buy “Fractions Bingo” as a gift" }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "You are buying this as a gift. After paying you get a link to send; whoever opens it gets the resource free.",
      ),
    ).toBeTruthy();
    fillPaymentForm();
    fireEvent.click(screen.getByRole("button", { name: "Pay $5.00 for the gift" }));
    await waitFor(() => expect(router.state.location.search).toBe("?sale=s9"));
    expect(calls.some((c) => c.method === "POST" && c.url.endsWith("/purchase/gift/AB12CD34"))).toBe(true);
  });

  it("switches between buying for oneself and as a gift", async () => {
    stubFetch({ [DETAIL]: [200, RESOURCE] });
    const { router } = renderScreen(
      PurchasePage,
      `/resources/${RESOURCE.name}/purchase`,
      "/resources/:id/purchase",
    );
    fireEvent.click(
      await screen.findByRole("button", { name: "Buying for another teacher? Buy it as a gift" }),
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Buy “Fractions Bingo” as a gift" }),
    ).toBeTruthy();
    expect(router.state.location.search).toBe("?as=gift");
    fireEvent.click(screen.getByRole("button", { name: "Buy it for yourself instead" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Buy “Fractions Bingo”" })).toBeTruthy();
  });
});

describe("the thank-you page (/resources/{id}/purchase/completed)", () => {
  const path = `/resources/${RESOURCE.name}/purchase/completed`;
  const route = "/resources/:id/purchase/completed";

  it("shows, from the server, what was bought, the amount, the date, the download, the receipt and where it went", async () => {
    const { calls } = stubFetch({ "GET /api/transactions/sales/s1": [200, SALE] });
    // A reload: nothing in the history state, only the address.
    renderScreen(PurchaseCompletedPage, `${path}?sale=s1`, route);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Thank you for your purchase" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Fractions Bingo" }).getAttribute("href")).toBe(
      "/resources/fractions-bingo",
    );
    expect(screen.getByText("by Grace")).toBeTruthy();
    expect(screen.getByText("$5.00")).toBeTruthy();
    expect(screen.getByText("Nov 20, 2026")).toBeTruthy();
    expect(screen.getByText("Visa ending 4242")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Fractions Bingo" }).getAttribute("src")).toBe(
      "/api/files/previews/p1.png?w=320",
    );
    expect(screen.getByRole("button", { name: "Download" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "View receipt (opens in a new tab)" })).toBeTruthy();
    expect(screen.getByText("Your receipt is on its way to ada@example.com.")).toBeTruthy();
    // The sale, and its refund state (the page offers "Ask for a refund" within the window).
    expect(calls.map((c) => c.url)).toEqual(["/api/transactions/sales/s1", "/api/transactions/s1/refund"]);
  });

  it("opens the receipt in a new tab, fetched with the session's token", async () => {
    const tab = { location: { href: "" }, close: vi.fn() };
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => "blob:receipt");
    const { calls } = stubFetch({
      "GET /api/transactions/sales/s1": [200, SALE],
      "GET /api/activity/transactions/s1/receipt": [200, "<html>receipt</html>"],
    });
    renderScreen(PurchaseCompletedPage, `${path}?sale=s1`, route);
    fireEvent.click(await screen.findByRole("button", { name: "View receipt (opens in a new tab)" }));
    await waitFor(() => expect(tab.location.href).toBe("blob:receipt"));
    const receipt = calls.find((c) => c.url.endsWith("/receipt"));
    expect(receipt?.headers.Authorization).toMatch(/^Bearer /);
  });

  it("finds the viewer's purchase of the resource when the address has no sale", async () => {
    stubFetch({
      [`GET /api/users/self/library/${RESOURCE.name}`]: [
        200,
        {
          item: {
            resource: { ...SALE.resource, available: true },
            source: "purchase",
            acquiredAt: SALE.sale.created_at,
            saleId: "s1",
            amount: 500,
            giftFrom: null,
            file: SALE.file,
          },
        },
      ],
      "GET /api/transactions/sales/s1": [200, SALE],
    });
    renderScreen(PurchaseCompletedPage, path, route);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Thank you for your purchase" }),
    ).toBeTruthy();
  });

  it("says so when the sale is not the viewer's", async () => {
    stubFetch({});
    renderScreen(PurchaseCompletedPage, `${path}?sale=s404`, route);
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getAllByText("We could not find this purchase in your account.").length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "See all your resources" }).getAttribute("href")).toBe(
      "/profile/purchases",
    );
  });

  it("shows a gift's buyer the link to send with Copy, and says whoever opens it gets it free", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const uri = "http://localhost/resources/fractions-bingo/purchase?refCode=AB12CD34&gift=GIFTCODE1234";
    stubFetch({
      "GET /api/transactions/sales/s9": [
        200,
        {
          ...SALE,
          sale: { ...SALE.sale, saleId: "s9", isGift: true },
          file: null,
          gift: { uri, claimedAt: null },
        },
      ],
    });
    renderScreen(PurchaseCompletedPage, `${path}?sale=s9`, route);
    expect(await screen.findByRole("heading", { level: 1, name: "Your gift is ready" })).toBeTruthy();
    expect(
      screen.getByText(
        "Send this link to the teacher the gift is for. Whoever opens it gets “Fractions Bingo” free: they never pay.",
      ),
    ).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Gift link" }) as HTMLInputElement).value).toBe(uri);
    expect(screen.getByText("Not claimed yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Download" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(uri));
    expect(await screen.findByText("Copied")).toBeTruthy();
  });
});

describe("a gift link", () => {
  const CODE = "GIFTCODE1234";
  const path = `/resources/${RESOURCE.name}/purchase?refCode=AB12CD34&gift=${CODE}`;
  const gift = (state: GiftDetail["state"]): GiftDetail => ({
    resource: SALE.resource,
    from: { username: "gina", first_name: "Gina" },
    state,
    file: state === "claimed_by_you" ? { id: "f2", name: "bingo-full.pdf", size_bytes: 2000 } : null,
  });

  it("shows who sent what with Claim your gift, never a payment form; claiming makes it theirs", async () => {
    let current = gift("open");
    const { calls } = stubFetch({
      [`GET /api/transactions/gifts/${CODE}`]: () => [200, current],
      [`POST /api/transactions/gifts/${CODE}/claim`]: () => {
        current = gift("claimed_by_you");
        return [200, { resourceId: RESOURCE.id, resourceName: RESOURCE.name, saleId: "s9" }];
      },
    });
    renderScreen(PurchasePage, path, "/resources/:id/purchase");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Gina sent you “Fractions Bingo” as a gift" }),
    ).toBeTruthy();
    expect(screen.queryByLabelText("Card number")).toBeNull();
    expect(screen.queryByText(/\$5\.00/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Claim your gift" }));
    expect(
      await screen.findByRole("heading", {
        level: 1,
        name: "The gift is yours! “Fractions Bingo” is now in your account.",
      }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open your resource" }).getAttribute("href")).toBe(
      "/resources/fractions-bingo",
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("says so when the gift was claimed already, by the viewer or by somebody else", async () => {
    stubFetch({ [`GET /api/transactions/gifts/${CODE}`]: [200, gift("claimed_by_you")] });
    const first = renderScreen(PurchasePage, path, "/resources/:id/purchase");
    expect(
      await screen.findByRole("heading", {
        level: 1,
        name: "You already claimed this gift. “Fractions Bingo” is in your account.",
      }),
    ).toBeTruthy();
    first.unmount();
    stubFetch({ [`GET /api/transactions/gifts/${CODE}`]: [200, gift("claimed")] });
    renderScreen(PurchasePage, path, "/resources/:id/purchase");
    expect(
      await screen.findByRole("heading", {
        level: 1,
        name: "This gift was already claimed by another teacher.",
      }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Claim your gift" })).toBeNull();
  });
});
