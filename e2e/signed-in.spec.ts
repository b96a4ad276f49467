import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD } from "../playwright.config.ts";
import { signInPage } from "./fixtures.ts";

/** Signed-in users (issue 18): the idle redirect, the login loop and the feedback of signing in and out. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const MINUTE = 60_000;

async function aResource(page: Page) {
  const res = await page.request.get("/api/resources?sort=newest&pageSize=4");
  const { resources } = (await res.json()) as { resources: { name: string; title: string }[] };
  return resources[0]!;
}

/** Scrolls the page the way a thumb does: only a scroll, no mouse, no key, no tap. */
async function scrollBy(page: Page, dy: number) {
  await page.evaluate(
    (delta) =>
      new Promise<void>((resolve) => {
        window.addEventListener("scroll", () => resolve(), { once: true });
        window.scrollBy(0, delta);
      }),
    dy,
  );
}

async function logInWithForm(page: Page, username: string) {
  await page.getByLabel("Username or e-mail").fill(username);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator("[aria-live='polite'][aria-atomic='true']").getByText(text);

test("a phone user reading a resource for 6 minutes while scrolling stays on it", async ({ page }) => {
  await signInPage(page, "teacher1");
  const resource = await aResource(page);
  await page.clock.install();
  await page.goto(`/resources/${resource.name}`);
  await expect(page.getByRole("heading", { level: 1, name: resource.title })).toBeVisible();

  // Six minutes of reading, a scroll each minute: past the 5-minute idle time, never idle for it.
  for (let minute = 0; minute < 6; minute += 1) {
    await page.clock.runFor(MINUTE);
    await scrollBy(page, minute % 2 === 0 ? 300 : -200);
  }
  await expect(page).toHaveURL(new RegExp(`/resources/${resource.name}$`));
  await expect(page.getByRole("heading", { level: 1, name: resource.title })).toBeVisible();

  // Put down for longer than the idle time, the page does move on (the spec's idle behaviour still works).
  await page.clock.runFor(5 * MINUTE + 1000);
  await expect(page).toHaveURL(/\/(offers|donation)(\?|$)/);
});

test("a creator in the resource wizard is never sent away while idle", async ({ page }) => {
  await signInPage(page, "creator1");
  await page.clock.install();
  await page.goto("/resources/edit");
  await expect(page).toHaveURL(/\/resources\/edit\/pre-check$/);
  await page.clock.runFor(6 * MINUTE);
  await expect(page).toHaveURL(/\/resources\/edit\/pre-check$/);
});

test("a teacher whose return target is an admin page lands on the home page with a notice", async ({
  page,
}) => {
  // Following an admin link while signed out remembers it and asks to log in.
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/login$/);
  await logInWithForm(page, "teacher1");
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "You are signed in, but that page is not open to your account.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Log in", exact: true })).toHaveCount(0);

  // A signed-in user who opens /login goes home rather than seeing the form again.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel("Password")).toHaveCount(0);
});

test("the header's Log in returns to the page, and signing in and out each say so in a toast", async ({
  page,
}) => {
  const resource = await aResource(page);
  await page.goto(`/resources/${resource.name}`);
  await expect(page.getByRole("heading", { level: 1, name: resource.title })).toBeVisible();
  await page.getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInWithForm(page, "teacher1");

  await expect(page).toHaveURL(new RegExp(`/resources/${resource.name}$`));
  await expect(toast(page, "You are signed in. Welcome back, Emily!")).toBeVisible();
  await expect(page.getByTestId("footer-message")).toHaveText("You are signed in. Welcome back, Emily!");

  await page.getByRole("button", { name: "teacher1" }).click();
  await page.getByRole("link", { name: "Log out" }).click();
  await expect(toast(page, "You are signed out. See you soon!")).toBeVisible();
  await expect(page.getByTestId("footer-message")).toHaveText("You are signed out. See you soon!");
  await expect(page.getByTestId("footer-message")).not.toContainText("signed in");
});
