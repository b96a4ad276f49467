import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../playwright.config.ts";

/** Logs in through the API (Documenso's apiSignin): journeys use the UI only for what they test. */
export async function apiLogin(request: APIRequestContext, username: string) {
  const res = await request.post("/api/auth/token", { data: { username, password: DEMO_PASSWORD } });
  if (!res.ok()) throw new Error(`login as ${username} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { accessToken: string; user: Record<string, unknown> };
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
