import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from "@playwright/test";
import { decodeQuotedPrintable } from "../apps/server/src/test/mail.ts";
import { DEMO_PASSWORD } from "../playwright.config.ts";

type ApiSession = { accessToken: string; user: Record<string, unknown> };

/**
 * Journeys run from one address, and logins are limited to 20 a minute per address (DECISIONS.md), so a
 * demo account's session is made once per worker and reused (tokens live 24 hours).
 */
const sessions = new Map<string, ApiSession>();

/** Logs in through the API (Documenso's apiSignin): journeys use the UI only for what they test. */
export async function apiLogin(request: APIRequestContext, username: string): Promise<ApiSession> {
  const known = sessions.get(username);
  if (known) return known;
  const res = await request.post("/api/auth/token", { data: { username, password: DEMO_PASSWORD } });
  if (!res.ok()) throw new Error(`login as ${username} failed: ${res.status()} ${await res.text()}`);
  const session = (await res.json()) as ApiSession;
  sessions.set(username, session);
  return session;
}

/** Starts the page signed in, the way the web app keeps a session: local storage and a cookie. */
export async function signInPage(page: Page, username: string) {
  const session = await apiLogin(page.request, username);
  await page.addInitScript(
    ({ token, user }) => {
      localStorage.setItem("access_token", token);
      localStorage.setItem("user", JSON.stringify(user));
      // biome-ignore lint/suspicious/noDocumentCookie: the web app keeps its session cookie this way too
      document.cookie = `access_token=${token}; path=/; SameSite=Lax`;
    },
    { token: session.accessToken, user: session.user },
  );
  return session;
}

export async function setSiteSettings(
  request: APIRequestContext,
  token: string,
  settings: Record<string, unknown>,
) {
  const res = await request.patch("/api/site-settings", {
    data: settings,
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok()) throw new Error(`settings change failed: ${res.status()} ${await res.text()}`);
}

const mailDir = () => join(process.env.E2E_DATA_DIR ?? "", "mail");

/** The newest e-mail to `to`, decoded as a mail client would show it; null until it is written. */
export async function latestMailTo(to: string): Promise<string | null> {
  const files = (await readdir(mailDir()).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse();
  for (const file of files) {
    const text = decodeQuotedPrintable(await readFile(join(mailDir(), file), "utf8"));
    if (text.includes(`To: ${to}`)) return text;
  }
  return null;
}

/** Waits for a mail to `to` containing a link to `path` written after `since`, and returns the link's path. */
export async function waitForMailedLink(to: string, path: string, notThis?: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const mail = await latestMailTo(to);
      if (!mail) return false;
      // The mail is decoded already: decoding it again would turn "=C4" in a token into another character.
      const found = new RegExp(`https?://[^\\s"<]*${path.replace(/[/?]/g, "\\$&")}[^\\s"<]*`).exec(mail);
      if (!found) return false;
      const url = new URL(found[0]);
      link = url.pathname + url.search;
      return link !== notThis;
    })
    .toBe(true);
  return link;
}

let accountSequence = 0;

/** A fresh account made through the real sign-up endpoint. */
export async function signUpThroughApi(request: APIRequestContext, password = "chalkboard9") {
  accountSequence += 1;
  const tag = `${Date.now().toString(36)}${accountSequence}`;
  const account = {
    email: `e2e.${tag}@school.test`,
    firstName: "Robin",
    lastName: "Fairweather",
    username: `e2e_${tag}`,
    password,
  };
  const res = await request.post("/api/auth/sign-up", { data: account });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string };
  return { ...account, accessToken: body.accessToken };
}

/** A fresh account, signed in the way the web app keeps a session (its token and user in local storage). */
export async function signInNewUser(page: Page) {
  const account = await signUpThroughApi(page.request);
  const self = await page.request.get("/api/users/self", {
    headers: { authorization: `Bearer ${account.accessToken}` },
  });
  const user = await self.json();
  await page.addInitScript(
    ({ token, user }) => {
      localStorage.setItem("access_token", token);
      localStorage.setItem("user", JSON.stringify(user));
      // biome-ignore lint/suspicious/noDocumentCookie: the web app keeps its session cookie this way too
      document.cookie = `access_token=${token}; path=/; SameSite=Lax`;
    },
    { token: account.accessToken, user },
  );
  return account;
}

/** Fills the payment form (spec 3) with the sandbox's test card: 4242... succeeds, 4000 0000 0000 0002 declines. */
export async function fillTestCard(
  scope: Page | Locator,
  cardNumber = "4242 4242 4242 4242",
  name = "Tess Teacher",
) {
  await scope.getByLabel("Name on card").fill(name);
  await scope.getByLabel("Card number").fill(cardNumber);
  await scope.getByLabel("Expiry (MM/YY)").fill("12/30");
  await scope.getByLabel("Security code").fill("123");
  await scope.getByLabel("Street address").fill("12 Elm Street");
  await scope.getByLabel("City").fill("Springfield");
  await scope.getByLabel("State (2 letters)").fill("IL");
  await scope.getByLabel("ZIP code").fill("62701");
}

/**
 * Makes room for a journey's own ad: an admin stops the running ads the display would pick for `type`
 * (admins may stop any ad), so the next pick is the journey's.
 */
/** Stops the running ads of a type (none named: the grid's card types 1 and 2), as an admin may. */
export async function stopRunningAds(request: APIRequestContext, adminToken: string, type?: string) {
  for (let i = 0; i < 10; i++) {
    const shown = await (
      await request.get(`/api/advertisements/display${type ? `?type=${type}` : ""}`)
    ).json();
    if (!shown.ad) return;
    await request.post(`/api/advertisements/${shown.ad.id}/stop`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
  }
}

/** An admin, in a browser of their own, approves the submitted ad titled `title` from the review queue. */
export async function approveAdFromQueue(browser: Browser, title: string) {
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await signInPage(adminPage, "admin");
  await adminPage.goto("/admin/exceptions/advertising");
  await adminPage.getByRole("link", { name: `Review: ${title}` }).click();
  await adminPage.getByRole("button", { name: "Approve" }).click();
  await expect(adminPage.getByText("Approved: the ad is running.")).toBeVisible();
  await context.close();
}
