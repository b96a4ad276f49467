import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiLogin, setSiteSettings, signInNewUser, signInPage, waitForMailedLink } from "./fixtures.ts";

const CARD = {
  cardName: "Tess Teacher",
  cardNumber: "4242424242424242",
  cardExp: "1230",
  cardCvv: "123",
  billingStreetAddress: "12 Elm Street",
  billingCity: "Springfield",
  billingState: "IL",
  billingZipCode: "62701",
};

const footerMessage = (page: Page) => page.getByTestId("footer-message");

/** Steps the footer by hand until `key` shows (the forced message first gives way once its flags reset). */
async function stepUntil(page: Page, key: string) {
  await expect
    .poll(
      async () => {
        const shown = await footerMessage(page).getAttribute("data-message");
        if (shown !== key) await page.getByRole("button", { name: "Next message" }).click();
        return shown;
      },
      { timeout: 15_000 },
    )
    .toBe(key);
}

/** The next `count` messages of the rotation, stepped by hand. */
async function nextMessages(page: Page, count: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const before = await footerMessage(page).getAttribute("data-message");
    await page.getByRole("button", { name: "Next message" }).click();
    await expect(footerMessage(page)).not.toHaveAttribute("data-message", before ?? "");
    seen.push((await footerMessage(page).getAttribute("data-message")) ?? "");
  }
  return seen;
}

/** From resources-count (the first fixed message) to the message before it comes round again. */
async function oneCycle(page: Page): Promise<string[]> {
  await stepUntil(page, "footer.resources-count");
  const cycle = ["footer.resources-count"];
  for (let i = 0; i < 40; i += 1) {
    const [next] = await nextMessages(page, 1);
    if (next === "footer.resources-count") return cycle;
    cycle.push(next!);
  }
  throw new Error(`the footer did not come back to resources-count: ${cycle.join(", ")}`);
}

test("a user opens a support thread, an admin answers it from the queue and the user reads the answer", async ({
  page,
  browser,
}) => {
  const user = await signInNewUser(page);
  await page.goto("/support");
  await expect(page.getByRole("heading", { name: "Support", level: 1 })).toBeVisible();
  await expect(page.getByText("You have not asked support anything yet.")).toBeVisible();
  await page.getByLabel("Subject").fill("Cannot open my download");
  await page
    .getByLabel("Your question", { exact: true })
    .fill("The fractions worksheet says the file is damaged.");
  await page.getByRole("button", { name: "Send to support" }).click();
  await expect(page.getByRole("heading", { name: "Cannot open my download" })).toBeVisible();
  await expect(page.getByText("Waiting for support")).toBeVisible();
  const threadId = new URL(page.url()).searchParams.get("thread");
  expect(threadId).toBeTruthy();

  // The admin follows the link in the mail support received and answers from the queue.
  const adminLink = await waitForMailedLink("admin@lessonloft.test", "/admin/exceptions/support?thread=");
  expect(adminLink).toBe(`/admin/exceptions/support?thread=${threadId}`);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInPage(adminPage, "admin");
  await adminPage.goto(adminLink);
  const queue = adminPage.getByRole("list", { name: "Support threads" });
  await expect(queue.getByRole("link", { name: "Cannot open my download" })).toBeVisible();
  const selected = adminPage.getByRole("list", { name: "Cannot open my download" });
  await expect(selected.getByText("The fractions worksheet says the file is damaged.")).toBeVisible();
  await adminPage.getByLabel("Your answer").fill("We re-uploaded the file; please download it again.");
  await adminPage.getByRole("button", { name: "Send answer" }).click();
  await expect(adminPage.getByText(`Your answer was sent to @${user.username}.`)).toBeVisible();
  // Answered, it leaves the list.
  await expect(queue.getByRole("link", { name: "Cannot open my download" })).toHaveCount(0);
  await adminContext.close();

  // The user gets the answer by e-mail, and reads it on the thread.
  const link = await waitForMailedLink(user.email, "/support?thread=");
  await page.goto(link);
  const thread = page.getByRole("list", { name: "Cannot open my download" });
  await expect(thread.getByText("We re-uploaded the file; please download it again.")).toBeVisible();
  await expect(page.getByText("Answered", { exact: true })).toBeVisible();
  await page.getByLabel("Your reply").fill("It works now, thank you!");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(thread.getByText("It works now, thank you!")).toBeVisible();
  await expect(page.getByText("Waiting for support")).toBeVisible();
});

test("an admin clears a selected support thread and it leaves the queue", async ({ page, browser }) => {
  const user = await signInNewUser(page);
  const res = await page.request.post("/api/support/threads", {
    headers: { authorization: `Bearer ${user.accessToken}` },
    data: { subject: "Please delete my test question", body: "Nothing to answer here." },
  });
  expect(res.status()).toBe(201);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInPage(adminPage, "admin");
  await adminPage.goto("/admin/exceptions/support");
  const queue = adminPage.getByRole("list", { name: "Support threads" });
  await queue.getByRole("link", { name: "Please delete my test question" }).click();
  await adminPage.getByRole("button", { name: "Clear from the queue" }).click();
  await expect(adminPage.getByText("The thread was cleared from the queue.")).toBeVisible();
  await expect(queue.getByRole("link", { name: "Please delete my test question" })).toHaveCount(0);
  await adminContext.close();
});

test("a user messages a creator, who reads it in their inbox and can block the sender", async ({
  page,
  browser,
}) => {
  const sender = await signInNewUser(page);
  await page.goto("/profile/@creator1/message");
  await expect(page.getByRole("heading", { name: /Send .* a message/ })).toBeVisible();
  await page.getByLabel("Your message").fill("Your geometry unit saved my week. Will there be a sequel?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Your message was sent to/ })).toBeVisible();

  const creatorContext = await browser.newContext();
  const creatorPage = await creatorContext.newPage();
  await signInPage(creatorPage, "creator1");
  await creatorPage.goto("/profile/messages");
  await expect(creatorPage).toHaveURL(/\/profile\/@creator1\/messages$/);
  const inbox = creatorPage.getByRole("list", { name: "Your messages" });
  const item = inbox.getByRole("listitem").filter({ hasText: "Your geometry unit saved my week." });
  await expect(item).toContainText(`@${sender.username}`);
  await expect(item.getByText("New", { exact: true })).toBeVisible();
  await item.getByRole("button", { name: "Mark as read" }).click();
  await expect(item.getByText("New", { exact: true })).toHaveCount(0);

  // Blocked, the sender's next message is refused.
  await item.getByRole("button", { name: `Block @${sender.username}` }).click();
  await expect(item.getByText("Blocked", { exact: true })).toBeVisible();
  await creatorContext.close();

  await page.getByLabel("Your message").fill("Hello again?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: /does not accept messages from you/ }),
  ).toBeVisible();
});

test("the footer rotates through a new user's messages, and says goodbye on logout", async ({ page }) => {
  await signInNewUser(page);
  await page.goto("/favorites");
  // A new account has not confirmed its address yet: that message is forced first.
  await expect(footerMessage(page)).toHaveAttribute("data-message", "footer.mail-verification");
  // Stepped by hand from here, so the timer does not move it on while the journey reads it.
  await page.getByRole("button", { name: "Pause messages" }).click();
  await stepUntil(page, "footer.resources-count");
  await expect(footerMessage(page)).toContainText(/\d+ teaching resources/);
  const cycle = await oneCycle(page);
  // Fixed messages first, then the conditional prompts that hold for a new user, shuffled.
  expect(cycle.slice(0, 2)).toEqual(["footer.resources-count", "footer.mail-verification"]);
  expect(cycle.slice(2).sort()).toEqual(
    [
      "footer.publishing",
      "footer.advertising",
      "footer.donation",
      "footer.two-factor",
      "footer.secondary-email",
      "footer.favorites-null",
      "footer.tipped-none",
      "footer.referral",
      "footer.support-request",
    ].sort(),
  );

  // Logging out forces the sign-out message.
  await page.getByRole("button", { name: /^e2e_/ }).click();
  await page.getByRole("link", { name: "Log out" }).click();
  await expect(footerMessage(page)).toHaveAttribute("data-message", "footer.footer-notification-sign-out");
  await expect(footerMessage(page)).toHaveText("You are signed out. See you soon!");
  // Without a user the footer invites visitors to create an account.
  await stepUntil(page, "footer.account-creation");
});

async function makeEligiblePayout(request: APIRequestContext, creator: string) {
  const teacher = await apiLogin(request, "teacher2");
  const listed = await request.get(`/api/users/@${creator}/resources?limit=48`);
  const paid = (
    (await listed.json()).resources as { name: string; price: number; sale_price: number | null }[]
  ).find((r) => r.price > 0)!;
  const bought = await request.post("/api/transactions/resource/purchase", {
    headers: { authorization: `Bearer ${teacher.accessToken}` },
    data: { resourceId: paid.name, amount: paid.sale_price ?? paid.price, ...CARD },
  });
  expect(bought.ok()).toBe(true);
}

test("the footer tells a creator with an eligible payout about it and links to the payout", async ({
  page,
}) => {
  const admin = await apiLogin(page.request, "admin");
  // Earnings are held 14 days and paid from $10 by default; this journey makes one sale eligible at once.
  await setSiteSettings(page.request, admin.accessToken, { payoutHoldDays: 0, payoutMinimumCents: 100 });
  try {
    await makeEligiblePayout(page.request, "creator2");
    const creator = await apiLogin(page.request, "creator2");
    const balance = await page.request.get("/api/earnings/self/balance", {
      headers: { authorization: `Bearer ${creator.accessToken}` },
    });
    expect((await balance.json()).eligiblePayout).toBeGreaterThan(0);

    await signInPage(page, "creator2");
    await page.goto("/favorites");
    await page.getByRole("button", { name: "Pause messages" }).click();
    const cycle = await oneCycle(page);
    // A creator with published resources: featuring, not publishing; the payout is ready.
    expect(cycle).toContain("footer.unpaid-earnings");
    expect(cycle).toContain("footer.featuring");
    expect(cycle).not.toContain("footer.publishing");
    expect(cycle).toContain("footer.referral");
    expect(cycle).toContain("footer.support-request");

    await stepUntil(page, "footer.unpaid-earnings");
    await footerMessage(page)
      .getByRole("link", { name: /earnings ready to be paid out/ })
      .click();
    await expect(page).toHaveURL(/\/earnings\/payout$/);
  } finally {
    await setSiteSettings(page.request, admin.accessToken, { payoutHoldDays: 14, payoutMinimumCents: 1000 });
  }
});
