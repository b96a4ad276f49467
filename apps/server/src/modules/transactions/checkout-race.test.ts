import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { payments } from "../../db/schema/index.ts";
import { loadViewer, type Viewer } from "../../platform/access.ts";
import type { createSandboxGateway } from "../../platform/payments.ts";
import { startSession } from "../../platform/sessions.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeUser, TEST_CARD } from "../../test/factories.ts";
import { type CheckoutSpec, checkout } from "./checkout.service.ts";

/**
 * A double click with one Idempotency-Key, at its worst moment: the second request arrives after the first
 * has authorised the card and while it is still recording. The second used to take the payment for one a
 * crash had left "authorized", record it again, fail, and void the first one's charge: a sale recorded
 * and nothing charged. Now it waits for the first and replays its answer.
 */
describe("checkout: a retry while the first attempt is recording", () => {
  let t: TestApp;
  let viewer: Viewer;
  let sandbox: ReturnType<typeof createSandboxGateway>;

  beforeAll(async () => {
    t = await buildTestApp();
    sandbox = t.app.deps.payments as ReturnType<typeof createSandboxGateway>;
    const user = await makeUser(t.db);
    viewer = (await loadViewer(t.db, { sub: user.id, sid: await startSession(t.db, user.id), scopes: [] }))!;
  });
  afterAll(() => t.close());

  // PGlite has one connection, so two checkouts never overlap there; the race needs PostgreSQL.
  it("records once, captures once, and gives the retry the first answer", async (context) => {
    if (!t.databaseUrl) context.skip();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let records = 0;
    const spec = (slow: boolean): CheckoutSpec<{ answer: string }> => ({
      purpose: "donation",
      amountCents: 700,
      form: { ...TEST_CARD, amount: 700 } as CheckoutSpec<unknown>["form"],
      identity: { donation: 700 },
      precheck: async () => {},
      record: async () => {
        records += 1;
        if (slow) await gate;
        return { answer: `recorded ${records}` };
      },
      replay: async () => ({ answer: "replayed the first" }),
    });

    const first = checkout(t.app.deps, viewer, "double-click-race-1", spec(true));
    // Wait until the first has authorised the card and is inside its recording.
    await vi.waitFor(() => expect(records).toBe(1));
    const retry = checkout(t.app.deps, viewer, "double-click-race-1", spec(false));
    // Wait until the retry is blocked on the first one's lock of the payment row.
    await vi.waitFor(async () => {
      const waiting = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      expect(waiting.rows[0]?.n).toBe(1);
    });
    release();
    const [a, b] = await Promise.all([first, retry]);
    expect(a).toEqual({ answer: "recorded 1" });
    expect(b).toEqual({ answer: "replayed the first" });
    expect(records).toBe(1);
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.idempotency_key, "double-click-race-1"));
    expect(row?.status).toBe("captured");
    expect(sandbox.charges.get(row!.charge_id!)?.status).toBe("captured");
  });
});
