import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advertisements, payments } from "../../db/schema/index.ts";
import type { createSandboxGateway } from "../../platform/payments.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAd, makeAdmin, makeUser, TEST_CARD } from "../../test/factories.ts";
import { overlapping } from "../../test/race.ts";

/**
 * What the ad wizard keeps from an advertiser, enforced by the server rather than by the steps the web
 * app shows: styling and code are the admin's (the Fix 8), admins skip the spend minimums, and
 * nobody acts on another's ad.
 */
describe("advertising: admin-only fields, spend minimums and other people's ads", () => {
  let t: TestApp;
  let sandbox: ReturnType<typeof createSandboxGateway>;
  let owner: { id: string; auth: { authorization: string } };
  let admin: { id: string; auth: { authorization: string } };
  let stranger: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    sandbox = t.app.deps.payments as ReturnType<typeof createSandboxGateway>;
    const user = await makeUser(t.db);
    owner = { id: user.id, auth: await t.authHeader(user.username) };
    const boss = await makeAdmin(t.db);
    admin = { id: boss.id, auth: await t.authHeader(boss.username) };
    stranger = await t.authHeader((await makeUser(t.db)).username);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: object, payload?: object) =>
    t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: headers as Record<string, string>,
      payload,
    });
  const adsOf = (userId: string) =>
    t.db.select().from(advertisements).where(eq(advertisements.users_id, userId));
  const rowOf = async (id: string) =>
    (await t.db.select().from(advertisements).where(eq(advertisements.id, id)))[0]!;

  describe("styling (css_override) and code are for admins only", () => {
    const ADMIN_FIELDS = [
      ["css_override", ".ad { border: 0 }"],
      ["code", "<script>track()</script>"],
    ] as const;

    it.each(ADMIN_FIELDS)("refuses %s from an advertiser on create, storing no ad", async (field, value) => {
      const before = (await adsOf(owner.id)).length;
      const res = await call("POST", "/advertisements", owner.auth, {
        ad_type: "3",
        title: "Kits",
        [field]: value,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: "forbidden", fields: { [field]: "admin_only" } });
      expect(await adsOf(owner.id)).toHaveLength(before);
    });

    it.each(ADMIN_FIELDS)("refuses %s from an advertiser on edit, changing nothing", async (field, value) => {
      const ad = await makeAd(t.db, { users_id: owner.id });
      for (const sent of [value, null]) {
        const res = await call("PATCH", `/advertisements/${ad.id}`, owner.auth, {
          title: "Other",
          [field]: sent,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: "forbidden", fields: { [field]: "admin_only" } });
      }
      expect(await rowOf(ad.id)).toEqual(ad);
    });

    it.each(ADMIN_FIELDS)("takes %s from an admin on create and on edit", async (field, value) => {
      const created = await call("POST", "/advertisements", admin.auth, {
        ad_type: "3",
        title: "Kits",
        [field]: value,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()[field]).toBe(value);
      expect((await rowOf(created.json().id))[field]).toBe(value);

      // On an advertiser's ad too: the admin styles it and sets its code.
      const ad = await makeAd(t.db, { users_id: owner.id });
      const edited = await call("PATCH", `/advertisements/${ad.id}`, admin.auth, { [field]: value });
      expect(edited.statusCode).toBe(200);
      expect((await rowOf(ad.id))[field]).toBe(value);
      const cleared = await call("PATCH", `/advertisements/${ad.id}`, admin.auth, { [field]: null });
      expect(cleared.statusCode).toBe(200);
      expect((await rowOf(ad.id))[field]).toBeNull();
    });
  });

  describe("the spend and run-days minimums (default $20 in all and $1 a day)", () => {
    it("refuses an advertiser's ad below them, charging nothing", async () => {
      for (const [spend, days, problem] of [
        [50, 7, "total_below_minimum"],
        [99, 300, "spend_per_day_below_minimum"],
        [5000, 0, "total_below_minimum"],
      ] as const) {
        const ad = await makeAd(t.db, { users_id: owner.id, spend_per_day: spend, run_days_total: days });
        const charges = sandbox.charges.size;
        const res = await call("POST", `/advertisements/${ad.id}/payment`, owner.auth, {
          // What the advertiser saw (at least 1: the schema refuses a zero amount).
          amount: Math.max(spend * days, 1),
          ...TEST_CARD,
        });
        expect({ spend, days, status: res.statusCode, body: res.json() }).toMatchObject({
          spend,
          days,
          status: 400,
          body: { error: "validation_failed", fields: { spend_per_day: problem } },
        });
        expect(await rowOf(ad.id)).toMatchObject({ approval_status: "creating", payment_id: null });
        expect(sandbox.charges.size).toBe(charges);
      }
    });

    it("lets an admin's ad below them go to review", async () => {
      for (const [spend, days] of [
        [50, 7],
        [5000, 0],
      ] as const) {
        const ad = await makeAd(t.db, {
          users_id: admin.id,
          is_admin_ad: true,
          spend_per_day: spend,
          run_days_total: days,
        });
        const res = await call("POST", `/advertisements/${ad.id}/payment`, admin.auth, {});
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ approval_status: "awaiting_approval", derivedStatus: "inReview" });
      }
      // An admin's own ad is not paid for.
      expect(await t.db.select().from(payments).where(eq(payments.users_id, admin.id))).toEqual([]);
    });
  });

  it("charges once for an ad paid twice at once with two keys", async () => {
    const ad = await makeAd(t.db, { users_id: owner.id });
    const pay = (key: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/advertisements/${ad.id}/payment`,
        headers: { ...owner.auth, "idempotency-key": key },
        payload: { amount: 3500, ...TEST_CARD },
      });
    // On PostgreSQL both are held at the ad's update, both authorised: the update's own condition (only
    // an unsubmitted ad is submitted) must refuse the second. On PGlite they take turns.
    const answers = await overlapping(t.databaseUrl, "advertisements", 2, () =>
      Promise.all([pay("ad-twice-0001"), pay("ad-twice-0002")]),
    );
    expect(answers.map((a) => [a.statusCode, a.json().error]).sort()).toEqual([
      [200, undefined],
      [409, "conflict"],
    ]);
    const mine = await t.db
      .select()
      .from(payments)
      .where(inArray(payments.idempotency_key, ["ad-twice-0001", "ad-twice-0002"]));
    const captured = mine.filter((p) => p.status === "captured");
    expect(captured).toHaveLength(1);
    expect(sandbox.charges.get(captured[0]!.charge_id!)?.status).toBe("captured");
    for (const p of mine.filter((p) => p.status !== "captured")) {
      expect([p.status, sandbox.charges.get(p.charge_id!)?.status]).toEqual(["failed", "voided"]);
    }
    if (t.databaseUrl) expect(mine).toHaveLength(2);
    expect((await rowOf(ad.id)).payment_id).toBe(captured[0]!.id);
    const ledger = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where kind = 'ad' and memo = ${ad.id}`,
    );
    expect(ledger.rows[0]!.n).toBe(1);
  });

  it("never leaves an ad paid at one total and saved at another when a spend change meets its payment", async () => {
    const ad = await makeAd(t.db, { users_id: owner.id });
    // On PostgreSQL both are held at their update of the ad; whichever goes second finds the ad changed
    // (the payment: another spend, voided as price_changed; the change: an ad now in review, refused).
    const [patched, paid] = await overlapping(t.databaseUrl, "advertisements", 2, () =>
      Promise.all([
        call("PATCH", `/advertisements/${ad.id}`, owner.auth, { spend_per_day: 1000 }),
        t.app.inject({
          method: "POST",
          url: `/api/advertisements/${ad.id}/payment`,
          headers: { ...owner.auth, "idempotency-key": "ad-spend-race-1" },
          payload: { amount: 3500, ...TEST_CARD },
        }),
      ]),
    );
    expect([patched!.statusCode, paid!.statusCode].sort()).toEqual([200, 409]);
    const row = await rowOf(ad.id);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.idempotency_key, "ad-spend-race-1"));
    if (paid!.statusCode === 200) {
      expect(row.approval_status).toBe("awaiting_approval");
      expect(payment!.amount_cents).toBe(row.spend_per_day * row.run_days_total);
    } else {
      expect(paid!.json().error).toBe("price_changed");
      expect([row.approval_status, row.spend_per_day, row.payment_id]).toEqual(["creating", 1000, null]);
      // Refused before a charge when the change came first; on PostgreSQL, authorised and then voided.
      if (t.databaseUrl) expect(sandbox.charges.get(payment!.charge_id!)?.status).toBe("voided");
      else if (payment) expect(payment.status).not.toBe("captured");
    }
  });

  it("refuses a stranger's delete, payment, stop, resume and image deletes of an ad, changing nothing", async () => {
    const stored = async (id: string) => {
      const keys = { image_url: `ads/${id}/image.webp`, business_image: `ads/${id}/business.webp` };
      for (const key of Object.values(keys))
        await t.app.deps.storage.put(key, Buffer.from(`bytes of ${key}`));
      await t.db.update(advertisements).set(keys).where(eq(advertisements.id, id));
      return rowOf(id);
    };
    const draft = await stored((await makeAd(t.db, { users_id: owner.id })).id);
    const live = {
      approval_status: "approved",
      starts_at: new Date(),
      ends_at: new Date(Date.now() + 86_400_000),
    };
    const running = await stored(
      (await makeAd(t.db, { users_id: owner.id, ...live, running_status: "running" })).id,
    );
    const stopped = await stored(
      (await makeAd(t.db, { users_id: owner.id, ...live, running_status: "stopped" })).id,
    );
    const charges = sandbox.charges.size;

    const attempts: [string, string, object?][] = [
      ["DELETE", `/advertisements/${draft.id}`],
      ["POST", `/advertisements/${draft.id}/payment`, { amount: 3500, ...TEST_CARD }],
      ["DELETE", `/advertisements/${draft.id}/image`],
      ["DELETE", `/advertisements/${draft.id}/business-image`],
      ["POST", `/advertisements/${running.id}/stop`],
      ["POST", `/advertisements/${stopped.id}/resume`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, stranger, body);
      expect({ call: `${method} ${url}`, status: res.statusCode, error: res.json().error }).toEqual({
        call: `${method} ${url}`,
        status: 404,
        error: "not_found",
      });
    }
    for (const ad of [draft, running, stopped]) {
      expect(await rowOf(ad.id)).toEqual(ad);
      expect(await t.app.deps.storage.read(ad.image_url!)).not.toBeNull();
      expect(await t.app.deps.storage.read(ad.business_image!)).not.toBeNull();
    }
    expect(sandbox.charges.size).toBe(charges);

    // The same calls from the owner work: the refusals above were about who asked.
    for (const [method, url] of attempts.filter(([, url]) => /image|stop|resume/.test(url))) {
      expect((await call(method, url, owner.auth)).statusCode, `${method} ${url}`).toBe(200);
    }
    expect(await t.app.deps.storage.read(draft.image_url!)).toBeNull();
  });
});
