import { expect, test } from "@playwright/test";
import { waitForMailedLink } from "./fixtures.ts";

test("sign up, follow the verification mail, log out, and log back in by an e-mailed link", async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const email = `journey.${tag}@school.test`;
  const username = `journey_${tag}`;

  await page.goto("/sign-up");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Fairweather");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("short");
  await expect(page.getByText("8 to 24 characters, at least one number.")).toBeVisible();
  await page.getByLabel("Password").fill("chalkboard9");
  await expect(page.getByText("This username is available.")).toBeVisible();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

  const verification = await waitForMailedLink(email, "/token-login?token=");
  await page.goto(verification);
  await expect(page.getByRole("button", { name: username })).toBeVisible();
  const self = await page.evaluate(async () => {
    const token = localStorage.getItem("access_token");
    const res = await fetch("/api/users/self", { headers: { authorization: `Bearer ${token}` } });
    return res.json();
  });
  expect(self.email_verified).toBe(true);
  const tokenBefore = await page.evaluate(() => localStorage.getItem("access_token"));

  await page.getByRole("button", { name: username }).click();
  await page.getByRole("link", { name: "Log out" }).click();
  // Ads are shown to this user (no ad blocker, no donation), so logout lands on the offers (spec 4).
  await expect(page).toHaveURL(/\/offers\?logout$/);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  // Logging out ended the session on the server: a copy of the token is worthless too.
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/users/self", {
        headers: { authorization: `Bearer ${tokenBefore}` },
      });
      return res.status();
    })
    .toBe(401);

  await page.goto("/login");
  await page.getByLabel("Username or e-mail").fill(username);
  await page.getByRole("button", { name: "E-mail me a login link" }).click();
  await expect(page.getByText("If an account exists, a link is on its way")).toBeVisible();
  const loginLink = await waitForMailedLink(email, "/token-login?token=", verification);
  await page.goto(loginLink);
  await expect(page.getByRole("button", { name: username })).toBeVisible();

  // The link is single use.
  await page.evaluate(() => localStorage.clear());
  await page.goto(loginLink);
  await expect(page.getByText("Invalid token")).toBeVisible();
});
