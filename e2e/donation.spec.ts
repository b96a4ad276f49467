import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD } from "../playwright.config.ts";
import { apiLogin, fillTestCard, setSiteSettings } from "./fixtures.ts";

test("a visitor chooses a donation, signs in, pays it, and with ad-free mode for donors sees no more ads", async ({
  page,
}) => {
  test.slow();
  const admin = await apiLogin(page.request, "admin");
  await setSiteSettings(page.request, admin.accessToken, { donatedAdFreeMode: true });
  try {
    // Before: the home grid's ad cell is there (visitors are shown ads).
    await page.goto("/");
    await expect(page.getByRole("listitem", { name: "Advertisement" })).toBeVisible();

    // The donation modal: an amount, then sign in first (spec 4: the amount waits for the login).
    await page.goto("/donation?placement=footer");
    const modal = page.getByRole("dialog", { name: "Support the marketplace" });
    await modal.getByRole("button", { name: "$25" }).click();
    await modal.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Username or e-mail").fill("creator1");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();

    // After login the stored amount leads to the payment step (spec 4, post-login step 4).
    await expect(page).toHaveURL(/\/donate\/payment$/);
    const payment = page.getByRole("dialog", { name: "Support the marketplace" });
    await expect(payment.getByLabel("Donation in dollars")).toHaveValue("25");
    // Closing on the payment route warns first (spec 2); staying keeps what was typed.
    await page.keyboard.press("Escape");
    await expect(page.getByText("Close the donation window?")).toBeVisible();
    await page.getByRole("button", { name: "Stay" }).click();
    await fillTestCard(payment, "4242 4242 4242 4242", "Carla Creator");
    await payment.getByRole("button", { name: "Donate $25.00" }).click();
    await expect(page).toHaveURL(/\/donate\/completed$/);
    await expect(page.getByText("We received your donation of $25.00.")).toBeVisible();

    // After: the donor's grid has no ad cell.
    await page.goto("/");
    await expect(page.locator('main a[href^="/resources/"]').first()).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Advertisement" })).toHaveCount(0);
    // The server agrees: no ad is picked for this donor.
    const token = await page.evaluate(() => localStorage.getItem("access_token"));
    const shown = await page.request.get("/api/advertisements/display?type=2", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await shown.json()).ad).toBeNull();
  } finally {
    await setSiteSettings(page.request, admin.accessToken, { donatedAdFreeMode: false });
  }
});
