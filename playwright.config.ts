import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Journeys run against the real server on a fresh embedded database seeded with the demo data,
 * in the system's Chromium (CHROME_PATH; scripts/browser.mjs finds it). One worker: some journeys
 * switch site-wide settings (offline mode) that would disturb journeys running beside them.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "market-e2e-"));

export const DEMO_PASSWORD = "e2e-demo-password";

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 1,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A person's browser: headless Chromium names itself "HeadlessChrome", which ad counting (rightly)
    // takes for a bot, and the journeys act as people.
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH || undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node --import tsx apps/server/src/main.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      // A test server records each captcha's answer for the journeys (modules/auth/captcha-test-answers.ts).
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_PASSWORD,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
  },
});
