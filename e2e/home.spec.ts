import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("a visitor sees the seeded resources on the home page as links with covers", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A card is led by its cover; its title is the link, stretched over the whole card.
  const cards = page.locator('main li:has(a[href^="/resources/"])');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(12);
  const firstCover = cards.first().locator("img");
  await expect(firstCover).toHaveAttribute("alt", /.+/);
  await expect
    .poll(() => firstCover.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(cards.getByText("Free").first()).toBeVisible();

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
});

test("the grid pages through the catalogue", async ({ page }) => {
  await page.goto("/new");
  const tiles = page.locator('main a[href^="/resources/"]');
  await expect(tiles.first()).toBeVisible();
  const firstOnPageOne = await tiles.first().getAttribute("href");
  await page.getByRole("link", { name: /next/i }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(tiles.first()).not.toHaveAttribute("href", firstOnPageOne ?? "");
});

test("the page names its icon, the logo's mark, so no tab shows a blank or asks for /favicon.ico", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const href = await page.locator('link[rel="icon"]').getAttribute("href");
  expect(href).toBe("/favicon.svg");
  const icon = await request.get(href ?? "");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  expect(await icon.text()).toContain("<svg");
});

// The first screens carry no zod: only forms validate with the domain's schemas, in their own chunk. One
// domain module with schemas imported by the first bundle (the settings defaults once were) put 26 KB gzip
// of it on every visitor's first load and a resource page's LCP back past 2.5 s on a phone.
test("a visitor's home and resource pages load no schema library", async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text());
  });
  await page.goto("/");
  const firstCard = page.locator('main a[href^="/resources/"]').first();
  await expect(firstCard).toBeVisible();
  await firstCard.click();
  await expect(page).toHaveURL(/\/resources\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((body) => body.includes("$ZodType")).length).toBe(0);
});

// The site's CSP forbids eval. zod probes `new Function` as it builds a schema unless told not to
// (packages/domain/src/zod.ts), and the browser reports the refused probe as a violation on every form.
test("pages with forms break no rule of the site's Content-Security-Policy", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  for (const path of ["/login", "/sign-up", "/help"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("form").first()).toBeVisible();
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations, path).toEqual([]);
  }
});
