import { expect, test } from "@playwright/test";
import { solveCaptchaChallenge } from "../apps/server/src/test/captcha-solver.ts";
import { signUpThroughApi } from "./fixtures.ts";

test("failed logins until the captcha appears, solve it, get in", async ({ page, request }) => {
  const account = await signUpThroughApi(request);
  await page.goto("/login");
  await page.getByLabel("Username or e-mail").fill(account.username);
  for (let i = 0; i < 3; i++) {
    await page.getByLabel("Password").fill(`wrong-password-${i}`);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByText("Invalid credentials")).toBeVisible();
  }
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();

  const dialog = page.getByRole("dialog", { name: "Confirm you are a person" });
  await expect(dialog).toBeVisible();
  const challengeText = await dialog.getByText(/^Select every /).textContent();
  const inputs = [];
  for (let n = 1; n <= 9; n++) {
    const option = dialog.getByRole("button", { name: `Option ${n}`, exact: true });
    const image = await option.locator("img").getAttribute("src");
    inputs.push({ code: String(n), image: image ?? "" });
  }
  const picks = solveCaptchaChallenge({ challenge: challengeText ?? "", inputs });
  expect(picks.length).toBeGreaterThan(0);
  for (const n of picks) await dialog.getByRole("button", { name: `Option ${n}`, exact: true }).click();
  await dialog.getByRole("button", { name: "Check" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: account.username })).toBeVisible();
});

test("a pattern login with one wrong try", async ({ page, request }) => {
  const account = await signUpThroughApi(request);
  const set = await request.put("/api/users/self/security-pattern", {
    headers: { authorization: `Bearer ${account.accessToken}` },
    data: { password: account.password, pattern: [0, 4, 9, 13] },
  });
  expect(set.ok()).toBe(true);

  await page.goto("/login");
  await page.getByLabel("Username or e-mail").fill(account.username);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Enter your security pattern" })).toBeVisible();

  const enter = async (images: number[]) => {
    for (const n of images)
      await page.getByRole("button", { name: `Pattern image ${n}`, exact: true }).click();
    await page.getByRole("button", { name: "Submit pattern" }).click();
  };
  await enter([1, 5, 10, 12]);
  await expect(page.getByText("That pattern is not right. 2 tries left.")).toBeVisible();
  await enter([1, 5, 10, 14]);
  await expect(page.getByText("Pattern accepted. Signing you in…")).toBeVisible();
  await expect(page.getByRole("button", { name: account.username })).toBeVisible();
});
