import { expect, type Page, test } from "@playwright/test";
import { fillTestCard, signInPage } from "./fixtures.ts";

/** A paid demo resource nobody in the journey owns: the most expensive one on the newest page. */
async function paidResource(page: Page, skip = 0) {
  const res = await page.request.get("/api/resources?price=paid&sort=price-desc&pageSize=8");
  const { resources } = (await res.json()) as {
    resources: { name: string; title: string; creator: { username: string } }[];
  };
  return resources.filter((r) => r.creator.username !== "teacher1" && r.creator.username !== "teacher2")[
    skip
  ]!;
}

test("a teacher buys a paid resource with a test card and downloads its premium file", async ({ page }) => {
  await signInPage(page, "teacher1");
  const resource = await paidResource(page, 0);
  await page.goto(`/resources/${resource.name}`);
  await page.getByRole("link", { name: "Buy", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Buy “${resource.title}”` })).toBeVisible();
  await fillTestCard(page);
  await page.getByRole("button", { name: /^Pay \$/ }).click();

  await expect(page.getByRole("heading", { name: "Thank you for your purchase" })).toBeVisible();
  await page.getByRole("link", { name: "Go to your download" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: `Download ${resource.name}-full.pdf` }).click();
  expect((await download).suggestedFilename()).toBe(`${resource.name}-full.pdf`);
  // Owned now: no Buy button.
  await expect(page.getByRole("link", { name: "Buy", exact: true })).toHaveCount(0);
});

test("a declined card records no purchase and says why", async ({ page }) => {
  await signInPage(page, "teacher2");
  const resource = await paidResource(page, 1);
  await page.goto(`/resources/${resource.name}/purchase`);
  await fillTestCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined" })).toBeVisible();
  await page.goto(`/resources/${resource.name}`);
  await expect(page.getByRole("link", { name: "Buy", exact: true })).toBeVisible();
  await expect(page.getByText("For buyers")).toBeVisible();
});

test("a gift bought by one teacher is received by a new teacher who signs up from its link", async ({
  page,
  browser,
}) => {
  await signInPage(page, "teacher1");
  const resource = await paidResource(page, 2);
  await page.goto(`/resources/${resource.name}/purchase`);
  await page.getByLabel("Buy it as a gift for another teacher").check();
  await fillTestCard(page);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Your gift is ready" })).toBeVisible();
  const giftLink = new URL(await page.getByRole("textbox", { name: "Your gift is ready" }).inputValue());
  expect(giftLink.searchParams.get("gift")).toBeTruthy();

  // A visitor following the link signs up first (spec 6), then receives the gift.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`${giftLink.pathname}${giftLink.search}`);
  await expect(visitor).toHaveURL(/\/sign-up\?from=gift$/);
  const tag = Date.now().toString(36);
  await visitor.getByLabel("E-mail address").fill(`gift.${tag}@school.test`);
  await visitor.getByLabel("First name").fill("Gale");
  await visitor.getByLabel("Last name").fill("Giftee");
  await visitor.getByLabel("Username").fill(`giftee_${tag}`);
  await visitor.getByLabel("Password").fill("chalkboard9");
  await expect(visitor.getByText("This username is available.")).toBeVisible();
  await visitor.getByRole("button", { name: "Create account" }).click();
  await visitor.getByRole("link", { name: /gift/i }).click();
  await expect(visitor.getByRole("heading", { name: /^The gift is yours!/ })).toBeVisible();
  await visitor.getByRole("link", { name: "Open your resource" }).click();
  await expect(visitor.getByRole("button", { name: `Download ${resource.name}-full.pdf` })).toBeVisible();
  await context.close();
});
