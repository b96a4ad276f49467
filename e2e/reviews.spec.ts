import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { signInNewUser, signInPage } from "./fixtures.ts";

type Summary = { average: number | null; count: number; distribution: number[] };
type Card = {
  name: string;
  title: string;
  creator: { username: string; first_name: string };
  rating: { average: number | null; count: number };
};

/** A free demo resource by a demo creator that already has reviews, so hiding one moves its average back. */
async function freeReviewedResource(request: APIRequestContext): Promise<Card> {
  const res = await request.get("/api/resources?price=free&sort=newest&pageSize=24");
  const { resources } = (await res.json()) as { resources: Card[] };
  const found = resources.find((r) => r.creator.username.startsWith("creator") && r.rating.count >= 2);
  if (!found) throw new Error("the demo data has no free, reviewed resource by a demo creator");
  return found;
}

async function summaryOf(request: APIRequestContext, name: string): Promise<Summary> {
  const res = await request.get(`/api/resources/${name}/reviews`);
  return ((await res.json()) as { summary: Summary }).summary;
}

/** The average a page shows (one decimal, half up) of a summary with one more rating of `stars`. */
function averageWith(summary: Summary, stars: number): string {
  const sum = summary.distribution.reduce((total, count, i) => total + count * (i + 1), 0) + stars;
  return (Math.round((sum * 10) / (summary.count + 1)) / 10).toFixed(1);
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The rating under the title, as its link reads. */
const ratingLink = (page: Page, average: string, count: number) =>
  page.getByRole("link", {
    name: new RegExp(`^Rated ${average.replace(".", "\\.")} out of 5, ${count} reviews\\s*Read the reviews$`),
  });

/** A page of its own for another person in the journey. */
async function pageOf(browser: Browser, username: string | null) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (username) await signInPage(page, username);
  return page;
}

test("a teacher downloads a free resource and reviews it by keyboard; the creator replies; another teacher finds it helpful and reports it; an admin hides it and the average returns", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const resource = await freeReviewedResource(page.request);
  const before = await summaryOf(page.request, resource.name);
  const beforeAverage = (before.average ?? 0).toFixed(1);
  // Two stars, or one when two would leave the average where it was.
  const stars = averageWith(before, 2) !== beforeAverage ? 2 : 1;
  const afterAverage = averageWith(before, stars);
  expect(afterAverage).not.toBe(beforeAverage);
  const words = `Journey ${Date.now().toString(36)}: my class found the second page too hard.`;

  // A teacher downloads it; the resource page then asks, calmly, how it went.
  const teacher = await signInNewUser(page);
  await page.goto(`/resources/${resource.name}`);
  await expect(ratingLink(page, beforeAverage, before.count)).toBeVisible();
  const download = page.waitForEvent("download");
  await page
    .getByRole("region", { name: "Price and download" })
    .getByRole("button", { name: "Download free" })
    .click();
  await download;
  await expect(page.getByRole("heading", { name: "Thank you for downloading" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the resource" }).click();
  const prompt = page.getByRole("region", { name: "How did it go in your classroom?" });
  await expect(prompt).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // From here by keyboard alone: the prompt takes the keyboard to the stars.
  await prompt.getByRole("button", { name: "Rate this resource" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("radio", { name: "1 star — Poor" })).toBeFocused();
  for (let i = 0; i < stars; i++) await page.keyboard.press("ArrowRight");
  const chosen = page.getByRole("radio", { name: stars === 2 ? "2 stars — Fair" : "1 star — Poor" });
  await expect(chosen).toBeChecked();
  await expect(chosen).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: /^Your review/ })).toBeFocused();
  await page.keyboard.type(words);
  await expect(page.getByText(`${words.length} of 2000 characters`)).toBeVisible();
  await page.keyboard.press("Tab");
  const grade = page.getByRole("combobox", { name: /^Grade you taught it to/ });
  await expect(grade).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(grade).toHaveValue("Pre-K");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: /^How did you use it/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Post review" })).toBeFocused();
  await page.keyboard.press("Enter");

  // Posted: first, marked as theirs; the average beside the title and in the summary moved.
  const reviews = page.getByRole("region", { name: "Reviews" });
  const theReview = (on: Page) =>
    on.getByRole("article", { name: `Review by ${teacher.firstName}` }).filter({ hasText: words });
  const own = theReview(page);
  await expect(own.getByText("Your review")).toBeVisible();
  await expect(own.getByText("Taught Pre-K")).toBeVisible();
  await expect(ratingLink(page, afterAverage, before.count + 1)).toBeVisible();
  await expect(reviews.getByRole("img", { name: `${afterAverage} out of 5 stars` })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expectAccessible(page);

  // The creator replies to it.
  const creator = await pageOf(browser, resource.creator.username);
  await creator.goto(`/resources/${resource.name}?sort=newest#reviews`);
  const forCreator = theReview(creator);
  await forCreator.getByRole("button", { name: "Reply" }).click();
  await forCreator
    .getByRole("textbox", { name: `Your reply to ${teacher.firstName}` })
    .fill("Thank you: a gentler page 2 is on its way.");
  await forCreator.getByRole("button", { name: "Save reply" }).click();
  await expect(forCreator.getByText(`Response from ${resource.creator.first_name}`)).toBeVisible();
  await expect(forCreator.getByText("Thank you: a gentler page 2 is on its way.")).toBeVisible();
  await creator.context().close();

  // Another teacher finds it helpful, and reports it.
  const reader = await pageOf(browser, "teacher2");
  await reader.goto(`/resources/${resource.name}?sort=newest#reviews`);
  const forReader = theReview(reader);
  await expect(forReader.getByText(`Response from ${resource.creator.first_name}`)).toBeVisible();
  await forReader.getByRole("button", { name: "Helpful (0)" }).click();
  await expect(forReader.getByRole("button", { name: "Helpful (1)" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await forReader.getByRole("button", { name: "Report" }).click();
  const dialog = reader.getByRole("dialog", { name: "Report this review" });
  await dialog.getByRole("radio", { name: "Not about this resource" }).check();
  await dialog.getByRole("textbox", { name: /^Details for the admins/ }).fill("It reads like a test.");
  await expectAccessible(reader);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Thanks — an admin will look at it.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(forReader.getByRole("button", { name: "Reported" })).toBeDisabled();
  await reader.context().close();

  // An admin hides it from the queue of reported reviews.
  const admin = await pageOf(browser, "admin");
  await admin.goto("/admin/exceptions/reviews");
  const who = `the review of ${resource.title} by @${teacher.username}`;
  await admin.getByRole("button", { name: `Hide ${who}` }).click();
  await expect(
    admin.getByText(`The review of ${resource.title} by @${teacher.username} is hidden.`),
  ).toBeVisible();
  await admin.context().close();

  // Readers no longer see it, and the average is what it was; its author is told why it is gone.
  const visitor = await pageOf(browser, null);
  await visitor.goto(`/resources/${resource.name}?sort=newest#reviews`);
  await expect(ratingLink(visitor, beforeAverage, before.count)).toBeVisible();
  await expect(visitor.getByRole("article", { name: /^Review by / }).first()).toBeVisible();
  await expect(visitor.getByText(words)).toHaveCount(0);
  await visitor.context().close();
  // (The reviews load as the reader nears them: the rating's link takes the author there.)
  await page.reload();
  await page.getByRole("link", { name: /Read the reviews/ }).click();
  await expect(own.getByText(/^Moderators hid this review/)).toBeVisible();
});
