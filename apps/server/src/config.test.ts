import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  const base = { JWT_SECRET: "x".repeat(32), DATA_DIR: "/tmp/market-config-test" };

  it("applies the documented defaults", () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, demoPassword: "teach-demo-2026" });
  });

  it.each([
    ["PORT", "eighty"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["JWT_SECRET", "short"],
    ["SMTP_URL", "http://mail"],
    ["LOG_LEVEL", "loud"],
  ])("stops with a message naming %s when it is wrong", (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(name));
  });

  it("keeps PUBLIC_URL without a trailing slash, so every link made from it has one slash", () => {
    expect(loadConfig({ ...base, PUBLIC_URL: "https://lessons.example/" }).publicUrl).toBe(
      "https://lessons.example",
    );
    expect(loadConfig({ ...base, PUBLIC_URL: "https://lessons.example" }).publicUrl).toBe(
      "https://lessons.example",
    );
  });

  it("requires JWT_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: "/tmp/x" })).toThrow(/JWT_SECRET/);
  });
});

describe("loadConfig with empty variables", () => {
  it("treats an empty variable as unset", () => {
    expect(
      loadConfig({ JWT_SECRET: "x".repeat(32), DATA_DIR: "/tmp/x", DATABASE_URL: "", PORT: "" }),
    ).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
    });
  });
});
