// Finds a Chromium for the journeys: CHROME_PATH, Debian's /usr/bin/chromium, or Playwright's own.
import { existsSync } from "node:fs";

export async function findChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  for (const path of candidates) if (path && existsSync(path)) return path;
  try {
    const { chromium } = await import("@playwright/test");
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {}
  return null;
}
