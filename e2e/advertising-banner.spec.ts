import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { apiLogin, approveAdFromQueue, fillTestCard, signInPage, stopRunningAds } from "./fixtures.ts";

const TITLE = "Field Trip Planner";

test("an advertiser creates a type 1 banner with an image, pays and submits; once approved a visitor sees it on a portfolio", async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await apiLogin(page.request, "admin");
  // Make room on portfolios (showAds.portfolio, on by default): stop the demo's running type 1 ads.
  await stopRunningAds(page.request, admin.accessToken, "1");

  await signInPage(page, "creator3");
  await page.goto("/advertising");
  await page.getByRole("link", { name: "Create a portfolio banner" }).click();
  await expect(page).toHaveURL(/\/edit\/image$/);
  const image = await sharp({ create: { width: 496, height: 260, channels: 3, background: "#7c2d12" } })
    .png()
    .toBuffer();
  await page
    .getByLabel("Choose an image")
    .setInputFiles({ name: "trips.png", mimeType: "image/png", buffer: image });
  await expect(page.getByRole("img", { name: "Your ad, as uploaded" })).toBeVisible();
  // A picture of the banner's own proportions fills it.
  await expect(page.getByRole("radio", { name: "Fill the space" })).toBeChecked();
  const banner = page.getByRole("region", { name: "Preview" }).locator("[data-ad-cell]").first();
  await expect(banner.locator("img").first()).toHaveCSS("object-fit", "cover");
  await page.getByRole("button", { name: "Continue" }).click();
  const next = page.getByRole("button", { name: "Save and continue" });
  await page.getByLabel("Link").fill("https://field-trips.example.com/");
  await next.click();
  await page.getByLabel("Title").fill(TITLE);
  await next.click();
  await page.getByLabel("Description").fill("Permission slips, buses and lunches in one place");
  await next.click();
  await page.getByLabel("Button").fill("Plan a trip");
  await next.click();
  await expect(page.getByLabel("Statement")).toHaveValue(
    "This banner was paid for by a member of the community.",
  );
  await page.getByLabel("Statement").fill("Paid for by Field Trips Co");
  await expect(banner).toContainText("Paid for by Field Trips Co");
  await next.click();
  // Targeting is optional for a banner: every page.
  await next.click();
  await expect(page).toHaveURL(/\/edit\/ad-spend$/);
  await next.click();
  await expect(page).toHaveURL(/\/edit\/payment$/);
  await fillTestCard(page, "4242 4242 4242 4242", "Cora Creator");
  await page.getByRole("button", { name: /^Pay \$[\d.,]+ and submit$/ }).click();
  await expect(page.getByRole("heading", { name: "Your ad is submitted" })).toBeVisible();

  // An admin approves it from the queue.
  await approveAdFromQueue(browser, TITLE);

  // A visitor sees the banner on a creator's portfolio.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/profile/@creator1");
  const shown = visitor.locator("[data-ad-cell]").filter({ hasText: TITLE });
  await expect(shown).toBeVisible();
  await expect(shown.getByRole("link")).toHaveAttribute("href", "https://field-trips.example.com/");
  await visitorContext.close();
});
