import { expect, test } from "@playwright/test";
import { latestMailTo, signInPage } from "./fixtures.ts";

test("an admin previews and sends an e-mail to all users, watches it reach 100 percent, and a teacher unsubscribes from its link", async ({
  page,
}) => {
  test.slow();
  const subject = `Spring news ${Date.now()}`;
  await signInPage(page, "admin");
  await page.goto("/admin/email-all");
  await expect(page.getByRole("heading", { level: 1, name: "E-mail all users" })).toBeVisible();

  // The shared rule refuses an empty message before anything is sent.
  await page.getByLabel("Subject").fill(subject);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByLabel("Message")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Required", { exact: true })).toBeVisible();

  await page
    .getByLabel("Message")
    .fill('New resources are up.<br>See the <a href="/featured">featured page</a>. <b>Bold</b> stays text.');
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview of the e-mail" });
  await expect(preview.getByText(subject)).toBeVisible();
  await expect(preview.getByRole("link", { name: "featured page" })).toHaveAttribute("href", "/featured");
  await expect(preview.getByText("<b>Bold</b> stays text.")).toBeVisible();

  // The product's own dialog asks once, naming the message and who gets it (no browser confirm box).
  page.once("dialog", (dialog) => void dialog.dismiss());
  await page.getByRole("button", { name: /^Send to \d+ users$/ }).click();
  const confirm = page.getByRole("dialog", { name: "Send this e-mail to everyone?" });
  await expect(confirm).toContainText(`“${subject}” goes to`);
  await confirm.getByRole("button", { name: "Send it now" }).click();

  const bar = page.getByRole("progressbar", { name: "Bulk e-mail progress" });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
  await expect(page.getByText(`“${subject}” was sent on`)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(/(\d+) of \1 sent \(100%\), 0 remaining\./)).toBeVisible();

  // Each user got it once, with a working unsubscribe link.
  let mail = "";
  await expect
    .poll(async () => {
      mail = (await latestMailTo("teacher2@lessonloft.test")) ?? "";
      return mail.includes(`Subject: ${subject}`);
    })
    .toBe(true);
  // The page link stands on its own line of the text part (not the List-Unsubscribe header's API address).
  const link = new URL(/^https?:\/\/\S+\/unsubscribe\?token=\S+$/m.exec(mail)![0]);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You are unsubscribed")).toBeVisible();
});
