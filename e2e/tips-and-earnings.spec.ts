import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { apiLogin, fillTestCard, setSiteSettings, signInPage } from "./fixtures.ts";

const CARD = {
  cardName: "Tess Teacher",
  cardNumber: "4242424242424242",
  cardExp: "1230",
  cardCvv: "123",
  billingStreetAddress: "12 Elm Street",
  billingCity: "Springfield",
  billingState: "IL",
  billingZipCode: "62701",
};

test("a teacher tips a creator once a day; the creator sees the sale and the tip and an admin pays them out", async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await apiLogin(page.request, "admin");
  // Earnings are held 14 days by default; this journey pays out at once.
  await setSiteSettings(page.request, admin.accessToken, { payoutHoldDays: 0 });
  try {
    const creator = await apiLogin(page.request, "creator3");
    const creatorId = creator.user.id as string;

    // The teacher buys one of the creator's paid resources (through the API: the purchase journey covers the UI).
    const teacher = await apiLogin(page.request, "teacher2");
    const listed = await page.request.get("/api/users/@creator3/resources?limit=48");
    const paid = (
      (await listed.json()).resources as { name: string; price: number; sale_price: number | null }[]
    ).find((r) => r.price > 0)!;
    const bought = await page.request.post("/api/transactions/resource/purchase", {
      headers: { authorization: `Bearer ${teacher.accessToken}` },
      data: { resourceId: paid.name, amount: paid.sale_price ?? paid.price, ...CARD },
    });
    expect(bought.ok()).toBe(true);

    // A $25 tip from the creator's resource page, with a note.
    await signInPage(page, "teacher2");
    await page.goto(`/resources/${paid.name}`);
    await page.getByRole("link", { name: "Tip the creator" }).click();
    await expect(page.getByRole("heading", { name: /^Tip / })).toBeVisible();
    await page.getByRole("button", { name: "$25", exact: true }).click();
    await page.getByLabel("Note (optional)").fill("Thank you for the unit!");
    await fillTestCard(page, "4242 4242 4242 4242", CARD.cardName);
    await page.getByRole("button", { name: "Send $25.00" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your tip" })).toBeVisible();

    // A second tip the same day is refused (spec 5: once per day).
    await page.goto(`/tip/${creatorId}`);
    await page.getByRole("button", { name: "$5", exact: true }).click();
    await fillTestCard(page, "4242 4242 4242 4242", CARD.cardName);
    await page.getByRole("button", { name: "Send $5.00" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /already tipped .* today/ })).toBeVisible();

    // The creator sees both in their earnings and asks for a payout.
    const creatorContext = await browser.newContext();
    const creatorPage = await creatorContext.newPage();
    await signInPage(creatorPage, "creator3");
    await creatorPage.goto("/earnings");
    const activity = creatorPage.getByRole("list", { name: "Earnings activity" });
    await expect(activity.getByRole("listitem").filter({ hasText: "Sale" }).first()).toBeVisible();
    await expect(activity.getByRole("listitem").filter({ hasText: "Thank you for the unit!" })).toContainText(
      "$25.00",
    );
    await creatorPage.getByRole("link", { name: "Payout" }).click();
    await creatorPage.getByRole("button", { name: "Request payout" }).click();
    await expect(
      creatorPage.getByRole("status").filter({ hasText: /^Payout of \$[\d.,]+ requested/ }),
    ).toBeVisible();

    // An admin pays it out.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInPage(adminPage, "admin");
    await adminPage.goto("/admin/exceptions/payouts");
    await adminPage.getByRole("button", { name: "Mark paid: @creator3" }).click();
    await expect(
      adminPage.getByRole("status").filter({ hasText: /^Paid \$[\d.,]+ to @creator3\./ }),
    ).toBeVisible();
    await adminContext.close();

    await creatorPage.reload();
    await expect(creatorPage.getByRole("list", { name: "Your payouts" }).getByText(/^Paid /)).toBeVisible();
    await creatorContext.close();
  } finally {
    await setSiteSettings(page.request, admin.accessToken, { payoutHoldDays: 14 });
  }
});

test("the demo creator sees their earnings add up, as a chart and a table, and asks for a payout at once", async ({
  page,
}) => {
  // The chart's code is its own file, fetched only when the graph is shown.
  const chartScripts: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/EarningsChart-[^/]*\.js$/.test(request.url())) chartScripts.push(request.url());
  });
  // Default settings: earnings held 14 days, payouts from $10. The demo data makes creator1 eligible.
  await signInPage(page, "creator1");
  await page.goto("/earnings");
  await expect(page.getByRole("heading", { level: 1, name: "Earnings" })).toBeVisible();
  const activity = page.getByRole("list", { name: "Earnings activity" });
  await expect(activity.getByRole("listitem").filter({ hasText: "Platform fee" }).first()).toBeVisible();
  await expect(activity.getByRole("listitem").filter({ hasText: "Paid out to you" })).toHaveCount(1);
  // The lines add up to the balance the card shows, to the cent.
  const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, "")) * 100);
  const amounts = await activity
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => /[+-]\$[\d,.]+/.exec(item.textContent ?? "")?.[0] ?? "0"));
  const total = await page.getByText("Together these make your balance:").locator("xpath=..").textContent();
  const balanceCard = await page.getByRole("definition").first().textContent();
  expect(amounts.reduce((sum, a) => sum + cents(a), 0)).toBe(cents(total!));
  expect(cents(total!)).toBe(cents(balanceCard!));
  await expect(page.getByText(/\d{4}-\d{2}-\d{2}/)).toHaveCount(0);
  expect(chartScripts).toEqual([]);

  await page.getByRole("link", { name: "Graph" }).click();
  await expect(page).toHaveURL(/\/earnings\/graph$/);
  const chart = page.getByRole("img", { name: /^Bar chart of your earnings from / });
  await expect(chart).toBeVisible();
  // Twelve months of sales, tips and fees, drawn.
  await expect(chart.locator(".ct-bar")).toHaveCount(36);
  await expect(chart.getByText("Month", { exact: true })).toBeVisible();
  await expect(chart.getByText("US dollars", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Legend" }).getByRole("listitem")).toHaveText([
    "Sales",
    "Tips",
    "Platform fees",
  ]);
  const table = page.getByRole("table", { name: "Earnings by month, in numbers" });
  await expect(table.getByRole("row")).toHaveCount(14);
  expect(chartScripts).toHaveLength(1);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.getByRole("link", { name: "Payout" }).click();
  const request = page.getByRole("button", { name: "Request payout" });
  await expect(request).toBeEnabled();
  await request.click();
  await expect(page.getByRole("status").filter({ hasText: /^Payout of \$[\d.,]+ requested/ })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Your payouts" }).getByText("Waiting to be paid"),
  ).toBeVisible();
  await expect(request).toBeDisabled();
});
