import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { apiLogin, signInPage, signUpThroughApi } from "./fixtures.ts";

/** Starts a page signed in with a token the journey made (a fresh account, not a demo one). */
async function signInWithToken(page: Page, token: string) {
  const self = await page.request.get("/api/users/self", { headers: { authorization: `Bearer ${token}` } });
  const user = await self.json();
  await page.addInitScript(
    ({ token, user }) => {
      localStorage.setItem("access_token", token);
      localStorage.setItem("user", JSON.stringify(user));
      // biome-ignore lint/suspicious/noDocumentCookie: the web app keeps its session cookie this way too
      document.cookie = `access_token=${token}; path=/; SameSite=Lax`;
    },
    { token, user },
  );
}

test("an admin changes a tile colour, sees what it repaints before saving and finds the edit in the change log; a visitor sees it with a new headline", async ({
  browser,
  request,
}) => {
  const admin = await apiLogin(request, "admin");
  const auth = { authorization: `Bearer ${admin.accessToken}` };
  const texts = (await (await request.get("/api/texts/values")).json()).texts as Record<string, string>;
  const colors = (await (await request.get("/api/colors/values")).json()).colors as {
    name: string;
    css: string;
  }[];
  const originalTitle = texts["home.promise"] ?? "Classroom-ready resources, made by teachers";
  const originalTile = colors.find((c) => c.name === "tile-1")?.css ?? "#1d4ed8";
  try {
    const page = await browser.newPage();
    await signInPage(page, "admin");
    await page.goto("/admin/settings?tab=colors");
    const preview = page.getByRole("list", { name: "Colour pool preview" });
    const hex = page.getByLabel("Tile colour 1 hex value", { exact: true });
    // Before anything changes, the colour says where it is used: the main buttons too, not only tiles.
    await expect(hex).toHaveAccessibleDescription(/^Used for: the main buttons .* resource tiles/);
    await hex.fill("#0a7f3f");
    // The pool and samples of what it repaints show the new colour as it is typed, before it is saved.
    await expect(preview.getByText("#0a7f3f")).toBeVisible();
    const repaint = page.getByRole("figure", {
      name: "Before you save: where Tile colour 1 will be #0a7f3f",
    });
    await expect(repaint.getByText("Save", { exact: true })).toHaveCSS(
      "background-color",
      "rgb(10, 127, 63)",
    );
    await expect(repaint.getByText("Fractions Bingo")).toBeVisible();
    await page.getByRole("button", { name: "Save Tile colour 1", exact: true }).click();
    await expect(page.getByText("Saved Tile colour 1: #0a7f3f.")).toBeVisible();

    await page.getByRole("link", { name: "Change log" }).click();
    const latest = page.getByRole("row").nth(1);
    await expect(latest).toContainText("Colour: Tile colour 1");
    await expect(latest).toContainText("@admin");
    await expect(latest).toContainText(`${originalTile}#0a7f3f`);

    await page.getByRole("link", { name: "Texts" }).click();
    await page.getByLabel("Find a text").fill("home.promise");
    await page.getByLabel("home.promise", { exact: true }).fill("Lessons for every classroom");
    await page.getByRole("button", { name: "Save home.promise", exact: true }).click();
    await expect(page.getByText("Saved.", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Change log" }).click();
    await expect(page.getByRole("row").nth(1)).toContainText("Text: home.promise");
    await expect(page.getByRole("row").nth(1)).toContainText("Lessons for every classroom");
    await page.close();

    const visitor = await browser.newPage();
    await visitor.goto("/");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Lessons for every classroom");
    const tile = await visitor.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--tile-1").trim(),
    );
    expect(tile).toBe("#0a7f3f");
    await visitor.close();
  } finally {
    await request.put("/api/texts/home.promise", { data: { value: originalTitle }, headers: auth });
    await request.patch("/api/colors/tile-1", { data: { css: originalTile }, headers: auth });
  }
});

test("an admin switches offline mode on and off from the settings, and the change log says who did", async ({
  browser,
  request,
}) => {
  const admin = await apiLogin(request, "admin");
  const page = await browser.newPage();
  await signInPage(page, "admin");
  const offlineSwitch = page.getByLabel(/Offline \(maintenance\) mode/);
  try {
    await page.goto("/admin/settings");
    await offlineSwitch.check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Saved.", { exact: true })).toBeVisible();

    const visitor = await browser.newPage();
    await visitor.goto("/");
    await expect(visitor).toHaveURL(/\/offline$/);
    await visitor.close();

    await offlineSwitch.uncheck();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Saved.", { exact: true })).toBeVisible();
    const back = await browser.newPage();
    await back.goto("/offline");
    await expect(back).toHaveURL(/\/$/);
    await back.close();

    await page.getByRole("link", { name: "Change log" }).click();
    const latest = page.getByRole("row").nth(1);
    await expect(latest).toContainText("Offline (maintenance) mode");
    await expect(latest).toContainText("@admin");
    await expect(latest).toContainText("OnOff");
  } finally {
    await request.patch("/api/site-settings", {
      data: { offlineMode: false },
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    await page.close();
  }
});

test("an admin opens the admin home page from the account menu, finds a user, deactivates them and reactivates them", async ({
  browser,
  request,
}) => {
  const account = await signUpThroughApi(request);
  const page = await browser.newPage();
  await signInPage(page, "admin");
  page.on("dialog", (dialog) => void dialog.accept());

  // The admin area is a page of its own (not a dialog over the storefront), the master account's too.
  await page.goto("/");
  await page.getByRole("button", { name: "admin", exact: true }).click();
  await page.getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const sections = page.getByRole("navigation", { name: "Admin sections" });
  for (const section of ["Users", "E-mail all users", "Settings", "Statistics", "Accounting", "Exceptions"]) {
    await expect(sections.getByRole("link", { name: section, exact: true })).toBeVisible();
  }
  await sections.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);

  await page.getByLabel("Search users").fill(account.email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("1 account", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Manage @${account.username}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Robin Fairweather");
  await page.getByRole("button", { name: "Deactivate account" }).click();
  await expect(page.getByText("This account is deactivated")).toBeVisible();

  // Deactivation signs the account out everywhere: the session it had leads back to the login page.
  const user = await browser.newPage();
  await signInWithToken(user, account.accessToken);
  await user.goto("/favorites");
  await expect(user).toHaveURL(/\/login$/);
  // Signed in again, a deactivated account reaches only its status page.
  const again = await user.request.post("/api/auth/token", {
    data: { username: account.username, password: account.password },
  });
  await signInWithToken(user, ((await again.json()) as { accessToken: string }).accessToken);
  await user.goto("/favorites");
  await expect(user).toHaveURL(new RegExp(`/profile/@${account.username}/status$`));

  await page.getByRole("button", { name: "Reactivate account" }).click();
  await expect(page.getByText("This account is active.")).toBeVisible();
  await user.goto("/favorites");
  await expect(user).toHaveURL(/\/favorites$/);
  await user.close();
  await page.close();
});

test("the test pages render their real components for an admin, and send anybody else away", async ({
  browser,
}) => {
  const page = await browser.newPage();
  const failures: string[] = [];
  page.on("pageerror", (error) => failures.push(error.message));
  await signInPage(page, "admin");
  const expectations: [string, string][] = [
    ["/test/captcha", "Show the captcha"],
    ["/test/colors", "The pool now"],
    ["/test/help-center", "Help"],
    ["/test/homepage-layout", "Grid width"],
    ["/test/image-rendering", "Site images"],
    ["/test/misc", "Rich text"],
    ["/test/pattern", "The sample pattern"],
    ["/test/secret", "The access token"],
    ["/test/sign-up", "Create account"],
    ["/test/upload", "Loading bar"],
  ];
  for (const [path, text] of expectations) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(/^Test: /);
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await page.goto("/test/captcha");
  await page.getByRole("button", { name: "Show the captcha" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(failures).toEqual([]);
  await page.close();

  const teacher = await browser.newPage();
  await signInPage(teacher, "teacher1");
  await teacher.goto("/test/secret");
  // Sent away (to the login page, or home once signed in): never shown the admin's page.
  await expect(teacher).not.toHaveURL(/\/test\/secret$/);
  await expect(teacher.getByText("The access token", { exact: true })).toHaveCount(0);
  await teacher.close();
});

/** A 4 x 4 PNG: enough for the server to decode, check and re-encode. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwTjsDRwzEcQA64hZR6ypPHQAAAABJRU5ErkJggg==",
  "base64",
);

test("an admin uploads a site image with alt text and colours, and the page serves it", async ({
  browser,
  request,
}) => {
  const admin = await apiLogin(request, "admin");
  const auth = { authorization: `Bearer ${admin.accessToken}` };
  const page = await browser.newPage();
  await signInPage(page, "admin");
  await page.goto("/admin/settings?tab=images");
  await page.getByLabel("Page", { exact: true }).selectOption("welcome");
  const form = page.getByRole("form", { name: "Upload a variation" });
  await form
    .getByLabel(/^Image/)
    .setInputFiles({ name: "welcome.png", mimeType: "image/png", buffer: TINY_PNG });
  await form.getByLabel("Alt text").fill("Teachers sharing lesson plans");
  await form.getByLabel("tile-3", { exact: true }).check();
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(form.getByText("Uploaded.")).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "Variations of welcome" })
      .getByRole("img", { name: "Teachers sharing lesson plans" }),
  ).toBeVisible();

  const served = await (await request.get("/api/site-images/welcome")).json();
  expect(served.variation).toMatchObject({
    alt: "Teachers sharing lesson plans",
    colors: [{ css_var_name: "--tile-3" }],
  });
  expect((await request.get(`/api/files/${served.variation.image_locator}`)).ok()).toBe(true);
  await request.delete(`/api/admin/site-images/welcome/variations/${served.variation.id}`, { headers: auth });
  await page.close();
});

test("the console's screens meet WCAG 2 AA (no serious or critical findings)", async ({ page }) => {
  // Eight full axe scans: longer than a journey's default 30 s on a busy two-core machine.
  test.setTimeout(120_000);
  await signInPage(page, "admin");
  for (const [path, heading] of <[string, string][]>[
    ["/admin", "Admin"],
    ["/admin/exceptions", "Exceptions"],
    ["/admin/users", "Users"],
    ["/admin/settings", "Site settings"],
    ["/admin/settings?tab=texts", "Site settings"],
    ["/admin/settings?tab=colors", "Site settings"],
    ["/admin/settings?tab=images", "Site settings"],
    ["/admin/settings?tab=changes", "Site settings"],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText("Loading…")).toHaveCount(0);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect({
      path,
      findings: serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    }).toEqual({
      path,
      findings: [],
    });
  }
});
