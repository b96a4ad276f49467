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

test("a creator publishes a paid resource on sale, an admin approves it, and a visitor finds it in /new", async ({
  page,
  browser,
}) => {
  test.slow();
  await signInPage(page, "creator2");
  await page.goto("/publishing");
  await page.getByRole("link", { name: "Publish a new resource" }).click();
  await page.getByRole("button", { name: "Start" }).click();

  // Title, then each text step in the spec's order; every step saves as the creator advances.
  await page.getByLabel("Title", { exact: true }).fill(TITLE);
  await page.getByLabel("Type of resource").selectOption("Game");
  const next = page.getByRole("button", { name: "Save and continue" });
  await next.click();
  await expect(page).toHaveURL(/\/edit\/categories$/);
  await page.getByLabel("Subject area").selectOption("Math");
  await next.click();
  // The wizard checks the spec's limits before saving (description 340 to 380).
  await page.getByLabel("Description").fill("Too short.");
  await next.click();
  await expect(page.getByRole("alert").filter({ hasText: "Too short" })).toBeVisible();
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

  // Three previews: a paid resource needs at least three (spec 5).
  await expect(page).toHaveURL(/\/edit\/images$/);
  await page.getByLabel("Add an image").setInputFiles([
    { name: "cover.png", mimeType: "image/png", buffer: await previewPng("#1d4ed8") },
    { name: "page-2.png", mimeType: "image/png", buffer: await previewPng("#15803d") },
    { name: "page-3.png", mimeType: "image/png", buffer: await previewPng("#b91c1c") },
  ]);
  const images = page.getByRole("list", { name: "Preview images" });
  await expect(images.getByRole("img", { name: "Preview 3" })).toBeVisible();
  await expect(images.getByText("Cover", { exact: true })).toBeVisible();
  // The third image becomes the cover (spec 4: order -1, then normalised).
  const third = await images.getByRole("img", { name: "Preview 3" }).getAttribute("src");
  await images.getByRole("listitem").nth(2).getByRole("button", { name: "Make cover" }).click();
  await expect(images.getByRole("img", { name: "Preview 1" })).toHaveAttribute("src", third ?? "");
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
    0, 1, 2,
  ]);
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
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("heading", { name: "Submitted for review" })).toBeVisible();
  await page.getByRole("link", { name: "Back to publishing" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: TITLE }).getByText("In review")).toBeVisible();

  // An admin approves it from the publishing queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInPage(admin, "admin");
  await admin.goto("/admin/exceptions/publishing");
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
