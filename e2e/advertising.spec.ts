import { expect, test } from "@playwright/test";
import sharp from "sharp";
import {
  apiLogin,
  approveAdFromQueue,
  fillTestCard,
  setSiteSettings,
  signInPage,
  stopRunningAds,
} from "./fixtures.ts";

const TITLE = "Reading Kits for All";

test("an advertiser creates a type 1 ad with an image, pays and submits; an admin approves it; visitors see it in the grid, counted once per session", async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await apiLogin(page.request, "admin");
  // Make room in the grid's ad cell (it takes the card types 1 and 2): stop the demo's running ones.
  await stopRunningAds(page.request, admin.accessToken);

  await signInPage(page, "teacher1");
  await page.goto("/advertising");
  await page.getByRole("link", { name: "Create a type 1 ad" }).click();
  await expect(page).toHaveURL(/\/edit\/image$/);
  const image = await sharp({ create: { width: 496, height: 260, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  await page
    .getByLabel("Choose an image")
    .setInputFiles({ name: "kits.png", mimeType: "image/png", buffer: image });
  await expect(page.getByRole("img", { name: "Your ad, as uploaded" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  const next = page.getByRole("button", { name: "Save and continue" });
  await page.getByLabel("Link").fill("https://reading-kits.example.com/");
  await next.click();
  await page.getByLabel("Title").fill(TITLE);
  await next.click();
  await page.getByLabel("Description").fill("Phonics kits for every classroom, delivered");
  await next.click();
  await page.getByLabel("Button").fill("See the kits");
  await next.click();
  await page.getByLabel("Statement").fill("Paid for by a member of the community");
  await next.click();
  // Targeting is optional for type 1: every grade.
  await next.click();
  await expect(page).toHaveURL(/\/edit\/ad-spend$/);
  await next.click();
  await expect(page).toHaveURL(/\/edit\/payment$/);
  await fillTestCard(page);
  await page.getByRole("button", { name: "Pay $35.00 and submit" }).click();
  await expect(page.getByRole("heading", { name: "Your ad is submitted" })).toBeVisible();

  await approveAdFromQueue(browser, TITLE);

  // A visitor sees it in the home grid's ad cell; reloads in the same session count one view.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.route("https://reading-kits.example.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Reading kits</h1>" }),
  );
  const counted = visitor.waitForResponse((r) => r.url().includes("/impression"));
  await visitor.goto("/");
  const cell = visitor.getByRole("listitem", { name: "Advertisement" });
  await expect(cell).toContainText(TITLE);
  await expect(cell).toContainText("See the kits");
  expect((await counted).status()).toBe(200);
  await visitor.reload();
  await expect(cell).toContainText(TITLE);
  await visitor.reload();
  await expect(cell).toContainText(TITLE);
  // The click is counted before the browser reaches the ad's address.
  const click = visitor.waitForResponse((r) => r.url().includes("/click"));
  await cell.getByRole("link").click();
  expect((await click).status()).toBe(200);
  await expect(visitor).toHaveURL("https://reading-kits.example.com/");

  await page.goto("/advertising/manage");
  const row = page.getByRole("row").filter({ hasText: TITLE });
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");

  // A donor with ad-free mode sees no ad.
  await setSiteSettings(page.request, admin.accessToken, { donatedAdFreeMode: true });
  try {
    const donor = await apiLogin(page.request, "teacher2");
    await page.request.post("/api/transactions/donate/purchase", {
      headers: { authorization: `Bearer ${donor.accessToken}` },
      data: {
        amount: 500,
        cardName: "Tess Teacher",
        cardNumber: "4242424242424242",
        cardExp: "1230",
        cardCvv: "123",
        billingStreetAddress: "12 Elm Street",
        billingCity: "Springfield",
        billingState: "IL",
        billingZipCode: "62701",
      },
    });
    const forDonor = await page.request.get("/api/advertisements/display", {
      headers: { authorization: `Bearer ${donor.accessToken}` },
    });
    expect((await forDonor.json()).ad).toBeNull();
  } finally {
    await setSiteSettings(page.request, admin.accessToken, { donatedAdFreeMode: false });
  }
  await visitorContext.close();
});
