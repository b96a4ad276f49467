import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { fillTestCard, latestMailTo } from "./fixtures.ts";

/** No serious or critical accessibility finding (WCAG 2 A and AA) on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * The storefront as a new teacher meets it (issue 17), at a laptop's and a phone's size: from the home
 * page by subject to a resource, signing up from its Buy button, paying, and seeing that it is theirs.
 * Each step's screenshot is saved with the test's output (test-results/) for people to look at.
 */
for (const [label, viewport] of [
  ["laptop", { width: 1366, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${label} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    test("a visitor finds a resource by subject, signs up from Buy, pays, and owns it with a receipt", async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      const shot = (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${label}-${name}.png`), fullPage: false });

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // A phone's first screen shows resources, not a form: at least two cards are in view.
      const featured = page.getByRole("region", { name: "Featured" });
      await expect(featured.locator("li img").first()).toBeVisible();
      if (label === "phone") {
        const inView = await featured.locator("li").evaluateAll(
          (cards, height) =>
            cards.filter((card) => {
              const box = card.getBoundingClientRect();
              return box.top >= 0 && box.top + 120 < height && box.left < window.innerWidth && box.right > 0;
            }).length,
          viewport.height,
        );
        expect(inView).toBeGreaterThanOrEqual(2);
      }
      await shot("home");
      await expectAccessible(page);

      await page
        .getByRole("region", { name: "Browse by subject" })
        .getByRole("link", { name: "Science" })
        .click();
      await expect(page).toHaveURL(/subject=Science/);
      await page.getByLabel("Sort by").locator("visible=true").selectOption({ label: "Price: high to low" });
      await expect(page).toHaveURL(/sort=price-desc/);
      const firstCard = page.locator('main li:has(a[href^="/resources/"])').first();
      await expect(firstCard).not.toContainText("Free");
      await shot("grid");
      await expectAccessible(page);
      const title = (await firstCard.getByRole("link").first().textContent())?.trim() ?? "";
      await firstCard.getByRole("link", { name: title }).click();

      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await shot("resource");
      await expectAccessible(page);
      // The Buy button is in view at once: the price box on a laptop, the sticky bar on a phone.
      const buy = page
        .getByRole("link", { name: /^Buy for \$/ })
        .locator("visible=true")
        .first();
      await expect(buy).toBeInViewport();
      await buy.click();

      // A visitor signs up on the way, and comes back to the purchase.
      await expect(page).toHaveURL(/\/login/);
      await page
        .getByRole("link", { name: /sign up/i })
        .first()
        .click();
      const tag = `${Date.now().toString(36)}${label[0]}`;
      const email = `store.${tag}@school.test`;
      await page.getByLabel("E-mail address").fill(email);
      await page.getByLabel("First name").fill("Robin");
      await page.getByLabel("Last name").fill("Fairweather");
      await page.getByLabel("Username").fill(`store_${tag}`);
      await page.getByLabel("Password").fill("chalkboard9");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
      await page.getByRole("link", { name: "Continue where you left off" }).click();
      await expect(page.getByRole("heading", { name: `Buy “${title}”` })).toBeVisible();
      await shot("checkout");
      await expectAccessible(page);
      await fillTestCard(page);
      await page.getByRole("button", { name: /^Pay \$/ }).click();

      await expect(page.getByRole("heading", { name: "Thank you for your purchase" })).toBeVisible();
      await expect(page.getByText(`Your receipt is on its way to ${email}.`)).toBeVisible();
      await shot("thank-you");
      await expect
        .poll(async () => (await latestMailTo(email))?.includes(`Lesson Loft receipt: ${title}`) ?? false)
        .toBe(true);

      await page.goto(page.url().replace(/\/purchase\/completed.*$/, ""));
      const box = page.getByRole("region", { name: "Price and download" });
      await expect(box.getByText("You own this")).toBeVisible();
      // Download where Buy was: in the box on a laptop, in the sticky bar on a phone.
      await expect(
        page.getByRole("button", { name: "Download", exact: true }).locator("visible=true").first(),
      ).toBeInViewport();
      await expect(page.getByRole("link", { name: /^Buy for \$/ })).toHaveCount(0);
      await shot("owned");
      if (label === "phone") {
        // A notice rises above the bottom bar rather than covering its Download button.
        const bar = page
          .getByRole("button", { name: "Download", exact: true })
          .locator("visible=true")
          .first();
        const barTop = (await bar.boundingBox())?.y ?? 0;
        const toastBottoms = await page
          .locator('[aria-live="polite"].fixed')
          .evaluateAll((regions) => regions.map((region) => region.getBoundingClientRect().bottom));
        expect(toastBottoms.length).toBeGreaterThan(0);
        for (const bottom of toastBottoms) expect(bottom).toBeLessThanOrEqual(barTop);
      }
    });
  });
}
