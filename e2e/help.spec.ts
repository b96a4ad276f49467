import { expect, test } from "@playwright/test";
import { apiLogin, signInPage } from "./fixtures.ts";

/**
 * The help book's changed terms of service (spec 4 help modal, spec 7 tos-changed and tos-agreement) and the
 * help centre's search. Marking terms as changed asks every demo user to accept them, so the journey clears
 * the mark when it ends, whatever happens, and the journeys after it meet no modal.
 */
test("an admin publishes changed terms; a user cannot close the help modal until accepting them", async ({
  page,
  browser,
}) => {
  const admin = await apiLogin(page.request, "admin");
  const asAdmin = { authorization: `Bearer ${admin.accessToken}` };
  const terms = await (await page.request.get("/api/help/terms-of-service")).json();
  const clearMark = () =>
    page.request.put(`/api/help/${terms.id}/terms-changed`, { data: { changed: false }, headers: asAdmin });

  try {
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInPage(adminPage, "admin");
    await adminPage.goto("/helpbook/manage");
    await adminPage.getByRole("button", { name: "Publish as changed terms: Terms of service" }).click();
    await expect(
      adminPage.getByRole("button", { name: "Clear changed terms: Terms of service" }),
    ).toBeVisible();
    // The admin who published the change accepted it in doing so.
    await expect(adminPage.getByRole("dialog")).toHaveCount(0);
    await adminContext.close();

    await signInPage(page, "teacher2");
    await page.goto("/favorites");
    const modal = page.getByRole("dialog", { name: "Updated terms of service" });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("heading", { name: "Lesson Loft terms of service" })).toBeVisible();
    await expect(modal.getByRole("button", { name: /close/i })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    await expect(modal).toBeVisible();
    // Another page does not get past it either.
    await page.goto("/");
    await expect(modal).toBeVisible();

    await modal.getByRole("button", { name: "I accept the updated terms" }).click();
    await expect(page).toHaveURL(/\/terms-accepted$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Thank you for accepting the terms" }),
    ).toBeVisible();
    await expect(modal).toHaveCount(0);

    const asked = page.waitForResponse((r) => r.url().endsWith("/api/help/tos-changed"));
    await page.goto("/favorites");
    expect(await (await asked).json()).toEqual({ entries: [] });
    await expect(page.getByRole("dialog")).toHaveCount(0);
  } finally {
    await clearMark();
  }
});

test("the help centre's search finds an article and shows it in place", async ({ page }) => {
  await page.goto("/help");
  await expect(page.getByRole("heading", { level: 1, name: "Help" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Pro tip: / })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search the help book" }).fill("payout eligible");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/help\?q=payout\+eligible$/);
  const results = page.getByRole("region", { name: "Articles matching “payout eligible”" });
  const article = results.getByText("Tips, earnings and payouts");
  await expect(article).toBeVisible();
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await article.click();
  await expect(results.getByText(/request a payout from your earnings page/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Open a support request" })).toHaveAttribute(
    "href",
    "/support",
  );
});

test("an admin writes a help article; it reads with its links and the help centre finds it", async ({
  page,
  browser,
}) => {
  const admin = await apiLogin(page.request, "admin");
  const asAdmin = { authorization: `Bearer ${admin.accessToken}` };
  let createdId: string | null = null;
  try {
    await signInPage(page, "admin");
    await page.goto("/helpbook/manage");
    await page.getByRole("link", { name: "New article" }).click();
    await expect(page).toHaveURL(/\/helpbook\/new-article$/);
    await page.getByLabel("Short title").fill("Double-sided printing");
    await page.getByLabel("Long title").fill("Printing worksheets double-sided");
    await page
      .getByLabel("Body")
      .fill('Choose "both sides" in the print dialog.<br>More in <a href="/helpbook">the help book</a>.');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/help") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Save entry" }).click();
    createdId = (await (await saved).json()).item.id;
    await expect(page).toHaveURL(/\/helpbook\/double-sided-printing$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Printing worksheets double-sided" }),
    ).toBeVisible();
    // Rich text: the line break and the link render, nothing else of the markup does.
    await expect(page.getByRole("link", { name: "the help book", exact: true })).toHaveAttribute(
      "href",
      "/helpbook",
    );
    await expect(page.getByText("<br>")).toHaveCount(0);

    const visitor = await browser.newPage();
    await visitor.goto("/help?q=double-sided");
    await expect(visitor.getByText("Printing worksheets double-sided")).toBeVisible();
    await visitor.close();
  } finally {
    if (createdId) await page.request.delete(`/api/help/${createdId}`, { headers: asAdmin });
  }
});
