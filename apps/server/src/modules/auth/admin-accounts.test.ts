import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../db/schema/index.ts";
import type { Mailer } from "../../platform/mail.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { ensureFirstAdmin } from "./admin-accounts.service.ts";

describe("the first administrator from ADMIN_EMAIL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("is made even when the mail server refuses the link, which then goes to the operator's log", async () => {
    const refusing: Mailer = { send: vi.fn(async () => Promise.reject(new Error("connection refused"))) };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const made = await ensureFirstAdmin(
        { db: t.db, config: t.config, mailer: refusing },
        { email: "head@school.example", username: "head_admin" },
      );
      expect(made).toBe("head_admin");
      expect(refusing.send).toHaveBeenCalledTimes(1);
      const line = logged.mock.calls.map((call) => String(call[0])).join("\n");
      expect(line).toContain("connection refused");
      expect(line).toMatch(new RegExp(`${t.config.publicUrl}/token-login\\?token=`));
    } finally {
      logged.mockRestore();
    }
    const [row] = await t.db.select().from(users).where(eq(users.username, "head_admin"));
    expect(row?.role).toBe("admin");
  });

  it("does nothing on the next start: an administrator exists", async () => {
    const mailer: Mailer = { send: vi.fn(async () => {}) };
    const again = await ensureFirstAdmin(
      { db: t.db, config: t.config, mailer },
      { email: "other@school.example", username: "other_admin" },
    );
    expect(again).toBeNull();
    expect(mailer.send).not.toHaveBeenCalled();
  });
});
