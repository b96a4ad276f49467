import { readFile } from "node:fs/promises";
import { addDays, dayInZone, formatSaleEnd } from "@market/domain";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { minimalPdf } from "../apps/server/src/db/seed/pdf.ts";
import { apiLogin, signInPage } from "./fixtures.ts";

const TITLE = "Decimal Detective Bingo";
const DESCRIPTION =
  "Decimal Detective Bingo turns place value practice into a lively whole-class game. Students compare, order and round decimals to tenths and hundredths as they mark their cards, and every round ends with a quick explanation of the winning square. Includes thirty bingo cards, calling cards, a recording sheet and an answer key for fast checking.";

const previewPng = (color: string) =>
  sharp({ create: { width: 692, height: 896, channels: 3, background: color } })
    .png()
    .toBuffer();

test("a creator publishes a paid resource on sale, an admin opens its files and approves it, and a visitor finds it in /new", async ({
  page,
  browser,
}) => {
  test.slow();
  await signInPage(page, "creator2");
  await page.goto("/publishing");
  await page.getByRole("link", { name: "Publish a new resource" }).click();
  await page.getByRole("button", { name: "Start" }).click();

  // Title, then each text step in the spec's order; every step saves as the creator advances. The
  // title's limit (32) is counted as it is typed, and a longer one is refused with the count and limit.
  const title = page.getByLabel("Title", { exact: true });
  const longTitle = `${TITLE}: A Decimals Game!`;
  expect(longTitle).toHaveLength(41);
  await title.fill(longTitle);
  await expect(page.getByText("41 of 32 characters", { exact: true })).toBeVisible();
  await page.getByLabel("Type of resource").selectOption("Game");
  const next = page.getByRole("button", { name: "Save and continue" });
  await next.click();
  await expect(page.getByText("Too long: 41 of 32 characters")).toBeVisible();
  await expect(title).toBeFocused();
  await expect(page).toHaveURL(/\/resources\/edit\/title$/);
  await title.fill(TITLE);
  await expect(page.getByText("23 of 32 characters", { exact: true })).toBeVisible();
  await expect(page.getByText(/Too long/)).toHaveCount(0);
  await next.click();
  await expect(page).toHaveURL(/\/edit\/categories$/);
  await page.getByLabel("Subject area").selectOption("Math");
  await next.click();
  // The wizard checks the spec's limits before saving (description 340 to 380).
  await page.getByLabel("Description").fill("Too short.");
  await expect(page.getByText("10 of 340 to 380 characters")).toBeVisible();
  await next.click();
  await expect(page.getByText("Too short: 10 of at least 340 characters")).toBeVisible();
  await page.getByLabel("Description").fill(DESCRIPTION);
  await next.click();
  await page.getByLabel("Grade").selectOption("4");
  await next.click();
  await page.getByLabel("Skills").fill("decimals, place value");
  await next.click();
  await page.getByLabel("Standards").fill("4.NF.C.6, 4.NF.C.7");
  await next.click();
  await page.getByLabel("Reading level").fill("Grade 4");
  await next.click();
  await page.getByLabel("Keywords").fill("decimals, bingo, game");
  await next.click();

  // Files: the PDF teachers see, and the premium file buyers download.
  await expect(page).toHaveURL(/\/edit\/files$/);
  const files = page.getByRole("list", { name: "Files" });
  await page.getByLabel("Add a file").setInputFiles({
    name: "decimal-bingo.pdf",
    mimeType: "application/pdf",
    buffer: minimalPdf({ title: TITLE }),
  });
  await expect(files.getByText("decimal-bingo.pdf")).toBeVisible();
  await page.getByLabel("Add the premium file").setInputFiles({
    name: "decimal-bingo-full.pdf",
    mimeType: "application/pdf",
    buffer: minimalPdf({ title: `${TITLE} (full)`, lines: ["All thirty cards"] }),
  });
  await expect(files.getByText("Premium")).toBeVisible();
  await next.click();

  // Previews: a paid resource needs at least three (spec 5); a page of the PDF can be one of them.
  await expect(page).toHaveURL(/\/edit\/images$/);
  await page.getByRole("button", { name: "Show pages from your files" }).click();
  await page.getByRole("button", { name: "Use page 1" }).click();
  await page.getByLabel("Add an image").setInputFiles([
    { name: "cover.png", mimeType: "image/png", buffer: await previewPng("#1d4ed8") },
    { name: "page-2.png", mimeType: "image/png", buffer: await previewPng("#15803d") },
    { name: "page-3.png", mimeType: "image/png", buffer: await previewPng("#b91c1c") },
  ]);
  const images = page.getByRole("list", { name: "Preview images" });
  await expect(images.getByRole("img", { name: "Preview 4" })).toBeVisible();
  await expect(images.getByText("Cover", { exact: true })).toBeVisible();
  // The third picture (red) becomes the cover (spec 4: order -1, then normalised).
  const third = await images.getByRole("img", { name: "Preview 4" }).getAttribute("src");
  await images.getByRole("listitem").nth(3).getByRole("button", { name: "Make cover" }).click();
  await expect(images.getByRole("img", { name: "Preview 1" })).toHaveAttribute("src", third ?? "");
  // Nothing is lost on a visit to another step: the chosen page and the new cover are still pending.
  const steps = page.getByRole("navigation", { name: "Steps" });
  await steps.getByRole("link", { name: "Files" }).click();
  await expect(files.getByText("decimal-bingo.pdf")).toBeVisible();
  await steps.getByRole("link", { name: "Preview images" }).click();
  await expect(images.getByRole("img", { name: "Preview 4" })).toBeVisible();
  await expect(images.getByRole("img", { name: "Preview 1" })).toHaveAttribute("src", third ?? "");
  await expect(page.getByText("Page 1 is in your previews")).toBeVisible();
  await next.click();
  await expect(page).toHaveURL(/\/edit\/price$/);
  // The pending uploads and the new cover were applied on save: the red page is the cover now.
  const { accessToken } = await apiLogin(page.request, "creator2");
  const stored = await (
    await page.request.get("/api/resources/decimal-detective-bingo/edit", {
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).json();
  expect(stored.resources_previews_models.map((p: { order_index: number }) => p.order_index)).toEqual([
    0, 1, 2, 3,
  ]);
  expect(
    stored.resources_previews_models.filter((p: { generated_name: string | null }) => p.generated_name),
  ).toHaveLength(1);
  const cover = await page.request.get(`/api/files/${stored.resources_previews_models[0].locator}`);
  const { dominant } = await sharp(await cover.body()).stats();
  expect(dominant.r).toBeGreaterThan(dominant.b);

  // Price $4.00, on sale for $3.00 until five days from now.
  await expect(page).toHaveURL(/\/edit\/price$/);
  const saleEnd = formatSaleEnd(addDays(dayInZone(new Date()), 5));
  await page.getByLabel("Price in dollars", { exact: true }).fill("4.00");
  await page.getByLabel("Sale price in dollars (optional)").fill("5.00");
  await expect(page.getByText("The sale price must be below the price.")).toBeVisible();
  await page.getByLabel("Sale price in dollars (optional)").fill("3.00");
  await page.getByLabel("Sale ends (month/day/year)").fill(saleEnd);
  await next.click();

  await expect(page).toHaveURL(/\/edit\/status$/);
  await expect(page.getByRole("status").filter({ hasText: "Status: Incomplete" })).toBeVisible();
  // Before submitting, the card and the page as teachers will see them: the sale, the Buy button.
  const preview = page.locator("section", {
    has: page.getByRole("heading", { name: "How teachers will see it" }),
  });
  await expect(preview.locator('li a[href="/resources/decimal-detective-bingo"]')).toHaveText(TITLE);
  await expect(preview.getByText("Buy for $3.00").first()).toBeVisible();
  await expect(preview.locator("img[alt]").first()).toBeVisible();
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("heading", { name: "Submitted for review" })).toBeVisible();
  await page.getByRole("link", { name: "Back to publishing" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: TITLE }).getByText("In review")).toBeVisible();

  // The submitted files are for the reviewing admin only: the creator is refused the reviewer's route.
  const premium = stored.resources_files_models.find((f: { is_premium_file: boolean }) => f.is_premium_file);
  const refused = await page.request.get(`/api/admin/resources/${stored.id}/files/${premium.id}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(refused.status()).toBe(403);

  // An admin opens the submitted premium file from the publishing queue, then approves it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInPage(admin, "admin");
  await admin.goto("/admin/exceptions/publishing");
  const submittedFiles = admin.getByRole("region", { name: `Files of “${TITLE}”` });
  const downloading = admin.waitForEvent("download");
  await submittedFiles.getByRole("button", { name: "Download decimal-bingo-full.pdf" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("decimal-bingo-full.pdf");
  const bytes = await readFile((await download.path()) ?? "");
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  await admin.getByRole("link", { name: `Review: ${TITLE}` }).click();
  await expect(admin.getByRole("heading", { name: `Review “${TITLE}”` })).toBeVisible();
  await admin.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Approved and published.")).toBeVisible();
  await adminContext.close();

  // A visitor finds it among the newest resources with its sale price.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/new");
  // The card: its link is the title; price and sale sit beside it in the same card.
  const card = visitor.locator('main li:has(a[href="/resources/decimal-detective-bingo"])');
  await expect(card).toBeVisible();
  await expect(card).toContainText("$3.00");
  await expect(card).toContainText("$4.00");
  await card.getByRole("link", { name: TITLE }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await visitorContext.close();
});
