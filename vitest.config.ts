import { defineConfig } from "vitest/config";

/**
 * One run, several projects: the domain rules, the web app in jsdom, and the server's tests once on
 * PGlite and once more on PostgreSQL when TEST_DATABASE_URL is set (CI sets it), so both engines
 * that the product supports run every server test.
 */
const serverProject = (engine: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `server-${engine}`,
    root: "apps/server",
    include: ["src/**/*.test.ts"],
    environment: "node",
    env: { TEST_DB_ENGINE: engine },
    globalSetup: ["src/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"], environment: "node" },
      },
      {
        extends: "apps/web/vite.config.ts",
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["src/test/setup.ts"],
          // Room for a few of setup.ts's 4 s waits in one test on a loaded machine.
          testTimeout: 15_000,
        },
      },
      serverProject("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("postgres")] : []),
    ],
  },
});
