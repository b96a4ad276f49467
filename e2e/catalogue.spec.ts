import { expect, test } from "@playwright/test";
import { signInPage } from "./fixtures.ts";

test("a visitor searches two words, filters, opens a resource and downloads a free one", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Search resources").fill("french numbers");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=french(\+|%20)numbers/);
  await page.getByLabel("Price").selectOption({ label: "Free" });
  await expect(page).toHaveURL(/price=free/);
  await expect(page.getByRole("status").filter({ hasText: /results?$/ })).toBeVisible();

  const tile = page.locator('main a[href="/resources/french-numbers-1-to-100"]');
  await expect(tile).toBeVisible();
  await tile.click();
  await expect(page.getByRole("heading", { level: 1, name: "French Numbers 1 to 100" })).toBeVisible();

  const download = page.waitForEvent("download");
  await page
    .getByRole("button", { name: /^Download / })
    .first()
    .click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expect(page.getByText("Thank you! Your download is saved.")).toBeVisible();
});

test("a signed-in teacher favorites a resource and follows its creator, and sees both lists", async ({
  page,
}) => {
  await signInPage(page, "teacher2");
  await page.goto("/resources/french-numbers-1-to-100");
  await expect(page.getByRole("heading", { level: 1, name: "French Numbers 1 to 100" })).toBeVisible();

  const favorite = page.getByRole("button", { name: /Favorite/ });
  await favorite.click();
  await expect(page.getByText("Added to your favorites")).toBeVisible();
  await expect(favorite).toHaveAttribute("aria-pressed", "true");
  const follow = page.getByRole("button", { name: /^Follow(ing)?$/ });
  await follow.click();
  await expect(page.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/favorites");
  await expect(page.getByRole("heading", { name: "Your favorites" })).toBeVisible();
  await expect(page.locator('main a[href="/resources/french-numbers-1-to-100"]')).toBeVisible();
  await page.goto("/following");
  await expect(page.getByRole("heading", { name: "Creators you follow" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Unfollow / })).toBeVisible();
});
