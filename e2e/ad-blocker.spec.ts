import { expect, test } from "@playwright/test";

test("with an ad blocker's cosmetic filter the site detects it and shows no ads; without it the ad cell is there", async ({
  browser,
}) => {
  const plain = await browser.newContext();
  const open = await plain.newPage();
  await open.goto("/");
  await expect(open.getByRole("listitem", { name: "Advertisement" })).toBeVisible();
  await plain.close();

  // What a blocker with EasyList does to the page: hide elements whose class names look like ads.
  const blocking = await browser.newContext();
  const page = await blocking.newPage();
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = ".adsbox, .ad-banner { display: none !important; }";
      document.head.appendChild(style);
    });
  });
  await page.goto("/");
  await expect(page.locator('main a[href^="/resources/"]').first()).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Advertisement" })).toHaveCount(0);
  // The same on a resource page, whose type 3 slot stays empty.
  await page.locator('main a[href^="/resources/"]').first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("[data-ad-cell]")).toHaveCount(0);
  await blocking.close();
});
