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

const TITLE = "Reading Buddies";

/** A picture with words across it, as advertisers make them (the "eading Buddie" banner). */
const picture = (width: number, height: number, words: string, background: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><text x="50%" y="58%" font-size="${Math.round(height / 4)}" font-family="sans-serif" font-weight="bold" fill="#fff" text-anchor="middle">${words}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

test("an advertiser finds advertising in the menu, sees the ad in its slot at every step, crops the image and pays; readers see it cropped so, counted once per session", async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await apiLogin(page.request, "admin");
  // Make room in the grid's ad cell (it takes the card types 1 and 2): stop the demo's running ones.
  await stopRunningAds(page.request, admin.accessToken);

  await signInPage(page, "teacher1");
  await page.goto("/");
  await page.getByRole("button", { name: "teacher1" }).click();
  await page.getByRole("link", { name: "Advertise", exact: true }).click();
  await expect(page).toHaveURL(/\/advertising$/);
  await expect(page.getByRole("img", { name: /^Where the resource grid card appears/ })).toBeVisible();
  await page.getByRole("link", { name: "Create a resource grid card" }).click();
  await expect(page).toHaveURL(/\/edit\/image$/);

  // The preview is the grid's own card, from the first step on.
  const preview = page.getByRole("region", { name: "Preview" });
  const card = preview.locator("[data-ad-cell]");
  await expect(preview.getByText("In the resource grids")).toBeVisible();
  await expect(card).toContainText("This card was paid for by a member of the community.");

  // A landscape picture with words across it, for a portrait card: it starts shown whole.
  await page.getByLabel("Choose an image").setInputFiles({
    name: "buddies.png",
    mimeType: "image/png",
    buffer: await picture(1200, 400, TITLE, "#0f766e"),
  });
  await expect(page.getByRole("img", { name: "Your ad, as uploaded" })).toBeVisible();
  const cardImage = card.locator("img").first();
  await expect(page.getByRole("radio", { name: "Show the whole image" })).toBeChecked();
  await expect(cardImage).toHaveCSS("object-fit", "contain");
  // The advertiser crops instead: fill the card, keeping the left of the picture in view.
  await page.getByRole("radio", { name: "Fill the space" }).check();
  await expect(page.getByText(/cuts off about \d+% of your image/)).toBeVisible();
  await page.getByLabel("Part in view, left to right").fill("0");
  await expect(cardImage).toHaveCSS("object-fit", "cover");
  await expect(cardImage).toHaveCSS("object-position", "0% 50%");
  await page.getByRole("button", { name: "Continue" }).click();

  const next = page.getByRole("button", { name: "Save and continue" });
  await page.getByLabel("Link").fill("https://reading-buddies.example.com/");
  await next.click();
  await page.getByLabel("Title").fill(TITLE);
  // Shown in the card as it is typed, before it is saved.
  await expect(card).toContainText(TITLE);
  await next.click();
  await page.getByLabel("Subtitle").fill("Books to read in pairs");
  await expect(card).toContainText("Books to read in pairs");
  await next.click();
  await page.getByLabel("Subject").fill("Reading");
  await next.click();
  await expect(page.getByLabel("Statement")).toHaveValue(
    "This card was paid for by a member of the community.",
  );
  await next.click();
  await page.getByRole("checkbox", { name: "2", exact: true }).check();
  await next.click();
  await expect(page).toHaveURL(/\/edit\/ad-spend$/);
  await expect(card).toContainText(TITLE);
  await next.click();
  await expect(page).toHaveURL(/\/edit\/payment$/);
  await expect(cardImage).toHaveCSS("object-position", "0% 50%");
  await fillTestCard(page);
  await page.getByRole("button", { name: "Pay $35.00 and submit" }).click();
  await expect(page.getByRole("heading", { name: "Your ad is submitted" })).toBeVisible();

  await approveAdFromQueue(browser, TITLE);

  // A visitor sees it in the home grid's ad cell, cropped as chosen; reloads in a session count one view.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.route("https://reading-buddies.example.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Reading buddies</h1>" }),
  );
  const counted = visitor.waitForResponse((r) => r.url().includes("/impression"));
  await visitor.goto("/");
  const cell = visitor.getByRole("listitem", { name: "Advertisement" });
  await expect(cell).toContainText(TITLE);
  await expect(cell).toContainText("Books to read in pairs");
  await expect(cell.locator("img").first()).toHaveCSS("object-position", "0% 50%");
  await expect(cell.locator("img").first()).toHaveCSS("object-fit", "cover");
  expect((await counted).status()).toBe(200);
  await visitor.reload();
  await expect(cell).toContainText(TITLE);
  await visitor.reload();
  await expect(cell).toContainText(TITLE);
  // The click is counted before the browser reaches the ad's address.
  const click = visitor.waitForResponse((r) => r.url().includes("/click"));
  await cell.getByRole("link").click();
  expect((await click).status()).toBe(200);
  await expect(visitor).toHaveURL("https://reading-buddies.example.com/");

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

test("an admin's styling and code restyle their ad alone, never the page", async ({ page, request }) => {
  const admin = await apiLogin(request, "admin");
  const headers = { authorization: `Bearer ${admin.accessToken}` };
  await stopRunningAds(request, admin.accessToken, "4");
  const title = "Science Fair Kits";
  const created = await request.post("/api/advertisements", {
    headers,
    data: {
      ad_type: "4",
      title,
      description: "Volcanoes, circuits, crystals",
      button: "Shop kits",
      click_url: "https://science-fair.example.com/",
      css_override:
        ":scope { background: rgb(254, 243, 199) } .ad-title { color: rgb(127, 29, 29) } body, header, h1, main { display: none !important } :root { --color-paper: rgb(255, 0, 0) }",
      code: "<b>Teachers save 20%</b><script>parent.document.body.remove()</script>",
    },
  });
  expect(created.status()).toBe(201);
  const ad = await created.json();
  const image = await request.put(`/api/advertisements/${ad.id}/image`, {
    headers,
    multipart: {
      file: { name: "fair.png", mimeType: "image/png", buffer: await picture(1044, 496, "Fair", "#1e3a8a") },
    },
  });
  expect(image.status()).toBe(200);
  expect((await request.post(`/api/advertisements/${ad.id}/payment`, { headers, data: {} })).status()).toBe(
    200,
  );
  expect((await request.post(`/api/admin/advertisements/${ad.id}/approve`, { headers })).status()).toBe(200);

  await page.goto("/new");
  const banner = page.locator("[data-ad-cell]").filter({ hasText: title });
  await expect(banner).toBeVisible();
  // The styling reaches the ad's box and its parts...
  await expect(banner.locator("[data-ad-scope]")).toHaveCSS("background-color", "rgb(254, 243, 199)");
  await expect(banner.getByText(title)).toHaveCSS("color", "rgb(127, 29, 29)");
  // ...and nothing of the page: its heading, header and colours stay.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("header").first()).toBeVisible();
  await expect(page.locator("html")).not.toHaveCSS("background-color", "rgb(255, 0, 0)");
  // The code runs in a sandboxed frame of its own: its words show, its script cannot reach the page.
  const frame = banner.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(banner.frameLocator("iframe").getByText("Teachers save 20%")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("an ad's address opens it; the delete step names what goes and deletes; a stale or unknown address says so, with a way on", async ({
  page,
}) => {
  const owner = await signInPage(page, "creator2");
  const created = await page.request.post("/api/advertisements", {
    headers: { authorization: `Bearer ${owner.accessToken}` },
    data: { ad_type: "3", title: "Old draft" },
  });
  const { id } = await created.json();

  await page.goto(`/advertising/${id}`);
  await expect(page).toHaveURL(new RegExp(`/advertising/${id}/edit/status$`));
  await page.getByRole("link", { name: "Delete this ad" }).click();
  await expect(page).toHaveURL(/\/edit\/delete$/);
  await expect(page.getByText("the ad “Old draft” and everything written in it")).toBeVisible();
  await expect(page.getByText("its results: 0 views and 0 clicks")).toBeVisible();
  await page.getByRole("button", { name: "Delete the ad" }).click();
  await expect(page).toHaveURL(/\/advertising\/manage$/);
  await expect(page.getByText("“Old draft” was deleted.")).toBeVisible();

  // The deleted ad's address, and a format that does not exist.
  await page.goto(`/advertising/${id}`);
  await expect(page.getByRole("heading", { name: "We can't find this ad" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Your ads" })).toBeVisible();
  await page.goto("/advertising/new-7");
  await expect(page.getByRole("heading", { name: "There is no such ad format" })).toBeVisible();
  await page.getByRole("link", { name: "Choose a format" }).click();
  await expect(page.getByRole("heading", { name: "Choose your ad's format" })).toBeVisible();
});
