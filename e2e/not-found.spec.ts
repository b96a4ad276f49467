import { expect, test } from "@playwright/test";

test("an unknown path shows the 404 page, whose link goes home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main a[href^="/resources/"]').first()).toBeVisible();
});

test("/index-all redirects to the home page with hasError", async ({ page }) => {
  await page.goto("/index-all");
  await expect(page).toHaveURL(/\/\?hasError=true$/);
});
