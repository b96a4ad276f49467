import { expect, test } from "@playwright/test";
import { apiLogin, setSiteSettings, signInPage } from "./fixtures.ts";

test("in offline mode a visitor lands on /offline while an admin still sees the home page", async ({
  browser,
  request,
}) => {
  const admin = await apiLogin(request, "admin");
  await setSiteSettings(request, admin.accessToken, { offlineMode: true });
  try {
    const visitor = await browser.newPage();
    await visitor.goto("/");
    await expect(visitor).toHaveURL(/\/offline$/);
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await visitor.goto("/resources/anything");
    await expect(visitor).toHaveURL(/\/offline$/);
    await visitor.close();

    const adminPage = await browser.newPage();
    await signInPage(adminPage, "admin");
    await adminPage.goto("/");
    await expect(adminPage).toHaveURL(/\/$/);
    await expect(adminPage.locator('main a[href^="/resources/"]').first()).toBeVisible();
    await adminPage.close();
  } finally {
    await setSiteSettings(request, admin.accessToken, { offlineMode: false });
  }

  const back = await browser.newPage();
  await back.goto("/offline");
  await expect(back).toHaveURL(/\/$/);
  await back.close();
});
