import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { readFirstPage } from "../apps/server/src/test/pdf-check.ts";
import { apiLogin, fillTestCard, signInNewUser, signInPage } from "./fixtures.ts";

/**
 * Issue 22 end to end: a creator makes a bundle and a coupon code; a new teacher buys the bundle with the
 * code, downloads one of its resources and opens the PDF receipt; the teacher asks for a refund, the
 * creator approves it, the download is gone and the creator's earnings show the refund.
 */

interface OwnResource {
  id: string;
  name: string;
  title: string;
  price: number;
  type: string;
}

/** creator1's own listed, paid, non-bundle resources, cheapest first. */
async function creatorsPaidResources(page: Page, token: string) {
  const res = await page.request.get("/api/bundles/choices", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { resources: OwnResource[] };
  return body.resources.filter((r) => r.price > 0).sort((a, b) => a.price - b.price);
}

test("a bundle bought with a coupon, its receipt PDF, a refund asked for and approved", async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const bundleTitle = `Fractions kit ${stamp}`;
  const code = `KIT-${stamp}`;

  // The creator makes a bundle of two of their paid resources.
  const creator = await browser.newPage();
  const creatorSession = await signInPage(creator, "creator1");
  const [first, second] = await creatorsPaidResources(creator, creatorSession.accessToken);
  expect(second, "creator1 needs two paid resources").toBeTruthy();
  const sum = first!.price + second!.price;
  const bundlePrice = Math.max(100, Math.floor((sum * 0.7) / 50) * 50);

  await creator.goto("/bundles/new");
  await creator.getByLabel("Bundle title").fill(bundleTitle);
  await creator
    .getByLabel("What the bundle is for")
    .fill("Two favourite fraction resources together, for a week of practice in grade 4 and 5.");
  await creator.getByRole("checkbox", { name: first!.title }).check();
  await creator.getByRole("checkbox", { name: second!.title }).check();
  await creator.getByLabel("Bundle price").fill((bundlePrice / 100).toFixed(2));
  await creator.getByRole("button", { name: "Send for review" }).click();
  await expect(creator.getByRole("heading", { name: "Your bundle was sent for review" })).toBeVisible();
  const bundleUrl = await creator.getByRole("link", { name: "See the bundle" }).getAttribute("href");
  const bundleName = decodeURIComponent(bundleUrl!.split("/").pop()!);

  // An admin approves it (the review queue's own call; its screen has a journey of its own).
  const admin = await apiLogin(page.request, "admin");
  const bundle = await page.request.get(`/api/bundles/${bundleName}`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
  });
  const bundleId = ((await bundle.json()) as { id: string }).id;
  const approved = await page.request.post(`/api/admin/resources/${bundleId}/approve`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
    data: {},
  });
  expect(approved.ok()).toBe(true);

  // The creator makes a 20% code for all their resources.
  await creator.goto("/earnings/promotions");
  const couponForm = creator
    .locator("form")
    .filter({ has: creator.getByRole("button", { name: "Create code" }) });
  await couponForm.getByLabel("Code", { exact: true }).fill(code);
  await couponForm.getByRole("spinbutton", { name: "Percent off" }).fill("20");
  await couponForm.getByLabel("How many times it can be used").fill("5");
  await couponForm.getByRole("button", { name: "Create code" }).click();
  await expect(creator.getByText(`Code ${code} is ready to share.`)).toBeVisible();

  // A new teacher finds the bundle, sees what it holds and what it saves, and buys it with the code.
  await signInNewUser(page);
  await page.goto(`/resources/${bundleName}`);
  await expect(page.getByRole("heading", { level: 1, name: bundleTitle })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What's included" })).toBeVisible();
  await expect(page.getByText(/You save \$/)).toBeVisible();
  await page.getByRole("link", { name: /^Buy for \$/ }).click();
  await page.getByLabel("Coupon code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
  const paid = bundlePrice - Math.floor((bundlePrice * 20 + 50) / 100);
  const price = `$${(paid / 100).toFixed(2)}`;
  await fillTestCard(page);
  await page.getByRole("button", { name: `Pay ${price}` }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your purchase" })).toBeVisible();
  const purchaseUrl = page.url();

  // The receipt PDF opens, and its first page says what was bought, the code and the total.
  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF receipt" }).click();
  const pdf = await readFirstPage(new Uint8Array(await readFile((await (await pdfDownload).path())!)));
  expect(pdf.inkedShare).toBeGreaterThan(0.01);
  expect(pdf.text).toContain(bundleTitle);
  expect(pdf.text).toContain(code);
  expect(pdf.text).toContain(price);

  // An included resource is theirs: its page offers the download.
  await page.goto(`/resources/${first!.name}`);
  const box = page.getByRole("region", { name: "Price and download" });
  await expect(box.getByRole("button", { name: "Download", exact: true })).toBeVisible();

  // They ask for a refund on their purchase's page.
  await page.goto(purchaseUrl);
  await page.getByRole("button", { name: "Ask for a refund" }).click();
  await page.getByLabel("Why would you like a refund?").fill("These were not for my grade after all, sorry.");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText(/^Refund requested on/)).toBeVisible();

  // The creator approves it from their earnings.
  await creator.goto("/earnings");
  await expect(creator.getByRole("heading", { name: "Refund requests waiting for you" })).toBeVisible();
  await creator.getByRole("button", { name: `Approve the refund of ${bundleTitle}`, exact: false }).click();
  await creator.getByRole("button", { name: `Refund ${price}` }).click();
  await expect(creator.getByText(/^Refunded \$/)).toBeVisible();

  // The download is gone, and the purchase says it was refunded.
  await page.goto(`/resources/${first!.name}`);
  await expect(box.getByRole("link", { name: /^Buy for \$/ })).toBeVisible();
  await page.goto(purchaseUrl);
  await expect(page.getByText(/^Refunded on/)).toBeVisible();

  // The creator's activity shows the refund.
  await creator.goto("/earnings/activity");
  await expect(creator.getByText(/Refund/).first()).toBeVisible();
  await creator.close();
});
