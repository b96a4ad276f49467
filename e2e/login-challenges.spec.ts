import type { CaptchaChallenge } from "@market/domain";
import { expect, test } from "@playwright/test";
import { captchaAnswer } from "../apps/server/src/test/captcha-solver.ts";
import { signUpThroughApi } from "./fixtures.ts";

test("failed logins until the captcha appears, answer its text question, get in", async ({
  page,
  request,
}) => {
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
  await expect(dialog.getByText(/^Select every /)).toBeVisible();
  // The pictures are rasters; their alt text names a position, not what they show.
  const firstTile = dialog.getByRole("button", { name: "Option 1", exact: true }).locator("img");
  expect(await firstTile.getAttribute("src")).toMatch(/^data:image\/webp;base64,/);

  // The text question, as a screen-reader user would take it. The journey's server runs with
  // NODE_ENV=test, so it records each challenge's answer where captchaAnswer finds it; the words on
  // screen are then picked by name.
  const served = page.waitForResponse((r) => r.url().includes("/api/auth/captcha?mode=text"));
  await dialog.getByRole("button", { name: "Use a text question instead" }).click();
  const challenge = (await (await served).json()) as CaptchaChallenge;
  await expect(dialog.getByText(challenge.challenge)).toBeVisible();
  const right = await captchaAnswer(process.env.E2E_DATA_DIR ?? "", challenge.id);
  expect(right.length).toBeGreaterThan(0);
  for (const input of challenge.inputs) {
    if (!right.includes(input.code) || !("text" in input)) continue;
    await dialog.getByRole("button", { name: input.text, exact: true }).click();
  }
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
