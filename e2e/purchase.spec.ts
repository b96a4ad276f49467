import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { fillTestCard, latestMailTo, signInPage } from "./fixtures.ts";

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

/** No serious or critical accessibility finding (WCAG 2 A and AA) on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Waits for the newest mail to `to` that contains `text`, and returns it. */
async function mailContaining(to: string, text: string) {
  let found = "";
  await expect
    .poll(async () => {
      found = (await latestMailTo(to)) ?? "";
      return found.includes(text);
    })
    .toBe(true);
  return found;
}

test("a teacher buys a paid resource, sees what they got, downloads it and gets the receipt by e-mail", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const session = await signInPage(page, "teacher1");
  const email = String(session.user.email);
  const resource = await paidResource(page, 0);
  await page.goto(`/resources/${resource.name}`);
  await expect(page.getByRole("heading", { level: 1, name: resource.title })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: /^Buy for \$/ }).click();
  await expect(page.getByRole("heading", { name: `Buy “${resource.title}”` })).toBeVisible();
  await expectAccessible(page);
  await fillTestCard(page);
  await page.getByRole("button", { name: /^Pay \$/ }).click();

  // The thank-you page: what, how much, when, the download, the receipt, where the receipt went.
  await expect(page.getByRole("heading", { name: "Thank you for your purchase" })).toBeVisible();
  await expect(page).toHaveURL(/\/purchase\/completed\?sale=/);
  await expect(page.getByRole("link", { name: resource.title })).toBeVisible();
  await expect(page.getByText("Amount paid")).toBeVisible();
  await expect(page.getByText(`Your receipt is on its way to ${email}.`)).toBeVisible();
  await expectAccessible(page);
  // A reload shows the same page: it comes from the server, not from the page before.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Thank you for your purchase" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download", exact: true }).click();
  expect((await download).suggestedFilename()).toBe(`${resource.name}-full.pdf`);

  // The receipt opens in a new tab.
  const [receipt] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("button", { name: /^View receipt/ }).click(),
  ]);
  await expect(receipt.getByRole("heading", { name: /receipt/ })).toBeVisible();
  await expect(receipt.getByText(resource.title)).toBeVisible();
  await receipt.close();

  const mail = await mailContaining(email, `Lesson Loft receipt: ${resource.title}`);
  expect(mail).toMatch(/Amount:\s+\$\d+\.\d\d/);
  expect(mail).toContain(`/resources/${resource.name}/purchase/completed?sale=`);

  // The resource page now says it is theirs, with Download where Buy was.
  await page.goto(`/resources/${resource.name}`);
  const box = page.getByRole("region", { name: "Price and download" });
  await expect(box.getByText("You own this")).toBeVisible();
  await expect(box.getByText(/^Bought on .* for \$/)).toBeVisible();
  await expect(box.getByRole("button", { name: "Download", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Buy for / })).toHaveCount(0);
  await expectAccessible(page);

  // And My resources lists it, from the account menu.
  await page.getByRole("button", { name: "teacher1" }).click();
  await page.getByRole("link", { name: "My resources" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My resources" })).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: resource.title });
  await expect(row.getByText(/^Bought on /)).toBeVisible();
  await expect(row.getByRole("button", { name: `Download ${resource.title}` })).toBeVisible();
  await expectAccessible(page);
});

test("a declined card records no purchase and says why", async ({ page }) => {
  const session = await signInPage(page, "teacher2");
  const resource = await paidResource(page, 1);
  await page.goto(`/resources/${resource.name}/purchase`);
  await fillTestCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined" })).toBeVisible();
  await page.goto(`/resources/${resource.name}`);
  await expect(page.getByRole("link", { name: /^Buy for \$/ })).toBeVisible();
  await expect(page.getByText("For buyers")).toBeVisible();
  // No receipt for a payment that did not go through.
  const mail = (await latestMailTo(String(session.user.email))) ?? "";
  expect(mail).not.toContain(`receipt: ${resource.title}`);
});

test("a gift: one teacher pays for it, a new teacher signs up from its link and claims it without paying", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const session = await signInPage(page, "teacher1");
  const resource = await paidResource(page, 2);
  await page.goto(`/resources/${resource.name}`);
  await page.getByRole("link", { name: "Gift this resource" }).click();
  await expect(page.getByRole("heading", { name: `Buy “${resource.title}” as a gift` })).toBeVisible();
  await expect(
    page.getByText(
      "You are buying this as a gift. After paying you get a link to send; whoever opens it gets the resource free.",
    ),
  ).toBeVisible();
  await fillTestCard(page);
  await page.getByRole("button", { name: /^Pay \$.* for the gift$/ }).click();
  await expect(page.getByRole("heading", { name: "Your gift is ready" })).toBeVisible();
  await expect(page.getByText(/Whoever opens it gets .* free: they never pay\./)).toBeVisible();
  const giftLink = new URL(await page.getByRole("textbox", { name: "Gift link" }).inputValue());
  expect(giftLink.searchParams.get("gift")).toBeTruthy();
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expectAccessible(page);
  const mail = await mailContaining(String(session.user.email), `receipt: a gift of ${resource.title}`);
  expect(mail).toContain(giftLink.search);

  // A visitor following the link signs up first (spec 6), then sees who sent what, and claims it.
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
  await expect(visitor.getByRole("heading", { level: 1, name: /sent you “.*” as a gift$/ })).toBeVisible();
  await expect(visitor.getByLabel("Card number")).toHaveCount(0);
  await expectAccessible(visitor);
  await visitor.getByRole("button", { name: "Claim your gift" }).click();
  await expect(visitor.getByRole("heading", { name: /^The gift is yours!/ })).toBeVisible();
  await expect(visitor.getByRole("button", { name: "Download", exact: true })).toBeVisible();
  // Opening the link again is harmless, and says so.
  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: /^You already claimed this gift\./ })).toBeVisible();
  await visitor.getByRole("link", { name: "Open your resource" }).click();
  await expect(
    visitor.getByRole("region", { name: "Price and download" }).getByText("You own this"),
  ).toBeVisible();
  await expect(visitor.getByRole("button", { name: `Download ${resource.name}-full.pdf` })).toBeVisible();
  await context.close();

  // The buyer's thank-you page now says the gift was claimed.
  await page.reload();
  await expect(page.getByText(/Claimed on /)).toBeVisible();
});
