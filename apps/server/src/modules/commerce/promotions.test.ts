import { addDays, type Coupon, type StoreSale } from "@market/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons, storeSales } from "../../db/schema/index.ts";
import { promotionsTestbed, today } from "./promotions-testbed.ts";

describe("store-wide sales: POST /sales, GET /sales/self, DELETE /sales/{id}", () => {
  const { bed, call } = promotionsTestbed();

  it("requires a signed-in user", async () => {
    const res = await bed.t.app.inject({ method: "GET", url: "/api/sales/self" });
    expect(res.statusCode).toBe(401);
  });

  it("starts a sale on all the creator's resources from a date, and on chosen ones from date-times", async () => {
    const all = await call(bed.sellerId, "POST", "/sales", {
      percentOff: 20,
      startsAt: today(),
      endsAt: addDays(today(), 7),
    });
    expect(all.statusCode).toBe(201);
    expect(all.json()).toMatchObject({
      percentOff: 20,
      startsOn: today(),
      endsOn: addDays(today(), 7),
      allResources: true,
      resources: [],
      state: "running",
    });
    // Noon UTC tomorrow is tomorrow in New York (the site's zone) too.
    const chosen = await call(bed.sellerId, "POST", "/sales", {
      percentOff: 10,
      resourceIds: [bed.res.small, bed.res.small],
      startsAt: `${addDays(today(), 1)}T16:00:00Z`,
      endsAt: `${addDays(today(), 2)}T16:00:00.000Z`,
    });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json()).toMatchObject({
      allResources: false,
      resources: [{ id: bed.res.small, title: "Spelling cards" }],
      startsOn: addDays(today(), 1),
      state: "scheduled",
    });
    const list = (await call(bed.sellerId, "GET", "/sales/self")).json<{ sales: StoreSale[] }>();
    expect(list.sales.map((s) => s.percentOff).sort()).toEqual([10, 20]);
    // Nobody else sees them.
    expect((await call(bed.otherId, "GET", "/sales/self")).json()).toEqual({ sales: [] });
    for (const sale of list.sales) await call(bed.sellerId, "DELETE", `/sales/${sale.id}`);
  });

  it.each([
    [{ percentOff: 4 }, "percentOff"],
    [{ percentOff: 51 }, "percentOff"],
    [{ percentOff: 12.5 }, "percentOff"],
    [{ startsAt: "yesterday" }, "startsAt"],
    [{ startsAt: "2026-02-30" }, "startsAt"],
    [{ resourceIds: [] }, "resourceIds"],
    [{ resourceIds: ["not-a-uuid"] }, "resourceIds.0"],
    [{ extra: true }, ""],
  ])("refuses %j with a 400 and stores nothing", async (change, field) => {
    const before = await bed.t.db.$count(storeSales);
    const res = await call(bed.sellerId, "POST", "/sales", {
      percentOff: 20,
      startsAt: today(),
      endsAt: addDays(today(), 3),
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validation_failed");
    if (field) expect(Object.keys(res.json().fields ?? {})).toContain(field);
    expect(await bed.t.db.$count(storeSales)).toBe(before);
  });

  it("refuses dates in the past, an end before the start and an end past 30 days, naming the field", async () => {
    const post = (startsAt: string, endsAt: string) =>
      call(bed.sellerId, "POST", "/sales", { percentOff: 20, startsAt, endsAt });
    const past = await post(addDays(today(), -1), addDays(today(), 3));
    expect([past.statusCode, past.json().fields]).toEqual([400, { startsAt: "starts_in_past" }]);
    const backwards = await post(addDays(today(), 5), addDays(today(), 4));
    expect(backwards.json().fields).toEqual({ endsAt: "ends_before_start" });
    const tooLong = await post(today(), addDays(today(), 31));
    expect(tooLong.json().fields).toEqual({ endsAt: "ends_too_late" });
    // The 30th day from today is still allowed (the spec's sale-end rule).
    const longest = await post(today(), addDays(today(), 30));
    expect(longest.statusCode).toBe(201);
    await call(bed.sellerId, "DELETE", `/sales/${longest.json().id}`);
  });

  it("refuses another creator's resources (and unknown ones) without saying which exist", async () => {
    for (const id of [bed.res.others, "00000000-0000-4000-8000-000000000000"]) {
      const res = await call(bed.sellerId, "POST", "/sales", {
        percentOff: 20,
        resourceIds: [bed.res.plain, id],
        startsAt: today(),
        endsAt: today(),
      });
      expect([res.statusCode, res.json().fields]).toEqual([400, { resourceIds: "not_your_resource" }]);
    }
    expect(await bed.t.db.$count(storeSales)).toBe(0);
  });

  it("ends only the creator's own sale: a running one that began today is removed, others 404", async () => {
    const sale = (
      await call(bed.sellerId, "POST", "/sales", { percentOff: 30, startsAt: today(), endsAt: today() })
    ).json<StoreSale>();
    expect((await call(bed.otherId, "DELETE", `/sales/${sale.id}`)).statusCode).toBe(404);
    expect((await call(bed.adminId, "DELETE", `/sales/${sale.id}`)).statusCode).toBe(404);
    expect((await call(bed.sellerId, "DELETE", "/sales/nope")).statusCode).toBe(400);
    const ended = await call(bed.sellerId, "DELETE", `/sales/${sale.id}`);
    expect([ended.statusCode, ended.json()]).toEqual([200, { ended: true }]);
    expect(await bed.t.db.$count(storeSales)).toBe(0);
  });

  it("ends a sale that began before today on yesterday, keeping it in the history; twice is harmless", async () => {
    const [row] = await bed.t.db
      .insert(storeSales)
      .values({
        users_id: bed.sellerId,
        percent_off: 15,
        all_resources: true,
        starts_on: addDays(today(), -3),
        ends_on: addDays(today(), 3),
      })
      .returning();
    expect((await call(bed.sellerId, "DELETE", `/sales/${row!.id}`)).statusCode).toBe(200);
    expect((await call(bed.sellerId, "DELETE", `/sales/${row!.id}`)).statusCode).toBe(200);
    const [after] = await bed.t.db.select().from(storeSales).where(eq(storeSales.id, row!.id));
    expect(after?.ends_on).toBe(addDays(today(), -1));
    const listed = (await call(bed.sellerId, "GET", "/sales/self")).json<{ sales: StoreSale[] }>();
    expect(listed.sales).toMatchObject([{ id: row!.id, state: "ended" }]);
  });

  it("keeps at most 10 sales running or scheduled at once (they may overlap)", async () => {
    await bed.t.db.delete(storeSales);
    for (let i = 0; i < 10; i++) {
      const res = await call(bed.sellerId, "POST", "/sales", {
        percentOff: 5 + i,
        startsAt: today(),
        endsAt: addDays(today(), 2),
      });
      expect(res.statusCode).toBe(201);
    }
    const eleventh = await call(bed.sellerId, "POST", "/sales", {
      percentOff: 40,
      startsAt: today(),
      endsAt: today(),
    });
    expect([eleventh.statusCode, eleventh.json().error]).toEqual([409, "conflict"]);
    await bed.t.db.delete(storeSales);
  });
});

describe("coupon codes: POST /coupons, GET /coupons/self, GET /admin/coupons, DELETE /coupons/{id}", () => {
  const { bed, call } = promotionsTestbed();
  const inAWeek = () => addDays(today(), 7);

  it("makes a creator's code, stored upper-case, with its uses and state", async () => {
    const res = await call(bed.sellerId, "POST", "/coupons", {
      code: " spring-10 ",
      percentOff: 10,
      expiresAt: inAWeek(),
      maxUses: 5,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      code: "SPRING-10",
      percentOff: 10,
      amountOffCents: null,
      siteWide: false,
      allResources: true,
      uses: 0,
      maxUses: 5,
      state: "active",
    });
    // A date expires at the end of that day in the site's time zone.
    const expires = new Date(res.json().expiresAt);
    expect(expires.getTime()).toBeGreaterThan(Date.parse(`${inAWeek()}T23:00:00Z`));
    expect(expires.getTime()).toBeLessThan(Date.parse(`${addDays(inAWeek(), 1)}T12:00:00Z`));
    const mine = (await call(bed.sellerId, "GET", "/coupons/self")).json<{ coupons: Coupon[] }>();
    expect(mine.coupons.map((c) => c.code)).toEqual(["SPRING-10"]);
    expect((await call(bed.otherId, "GET", "/coupons/self")).json()).toEqual({ coupons: [] });
  });

  it("refuses a code somebody already has, in any case, with 409 coupon_code_taken", async () => {
    const res = await call(bed.otherId, "POST", "/coupons", {
      code: "Spring-10",
      amountOffCents: 200,
      expiresAt: inAWeek(),
      maxUses: 1,
    });
    expect([res.statusCode, res.json().error]).toEqual([409, "coupon_code_taken"]);
  });

  it.each([
    [{ code: "ab" }, "code"],
    [{ code: "has space" }, "code"],
    [{ code: "x".repeat(41) }, "code"],
    [{ percentOff: undefined }, "percentOff"],
    [{ amountOffCents: 300 }, "percentOff"],
    [{ percentOff: 91 }, "percentOff"],
    [{ percentOff: 0 }, "percentOff"],
    [{ percentOff: undefined, amountOffCents: 0 }, "amountOffCents"],
    [{ maxUses: 0 }, "maxUses"],
    [{ maxUses: 1.5 }, "maxUses"],
    [{ expiresAt: "soon" }, "expiresAt"],
    [{ resourceIds: [] }, "resourceIds"],
    [{ siteWide: "yes" }, "siteWide"],
  ])("refuses %j with a 400 naming %s", async (change, field) => {
    const res = await call(bed.sellerId, "POST", "/coupons", {
      code: "FIELDCHECK",
      percentOff: 10,
      expiresAt: inAWeek(),
      maxUses: 3,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toContain(field);
  });

  it("refuses an expiry in the past or more than a year ahead", async () => {
    const post = (expiresAt: string) =>
      call(bed.sellerId, "POST", "/coupons", { code: "WHEN", percentOff: 10, expiresAt, maxUses: 3 });
    expect((await post(addDays(today(), -1))).json().fields).toEqual({ expiresAt: "expires_in_past" });
    expect((await post(new Date(Date.now() - 60_000).toISOString())).json().fields).toEqual({
      expiresAt: "expires_in_past",
    });
    expect((await post(addDays(today(), 400))).json().fields).toEqual({ expiresAt: "expires_too_late" });
  });

  it("limits a creator's code to their own resources; another creator's are refused", async () => {
    const ok = await call(bed.sellerId, "POST", "/coupons", {
      code: "OWLS",
      amountOffCents: 300,
      resourceIds: [bed.res.ownSale],
      expiresAt: inAWeek(),
      maxUses: 2,
    });
    expect(ok.json()).toMatchObject({ allResources: false, resources: [{ title: "Owl unit" }] });
    const theirs = await call(bed.sellerId, "POST", "/coupons", {
      code: "NOTMINE",
      amountOffCents: 300,
      resourceIds: [bed.res.others],
      expiresAt: inAWeek(),
      maxUses: 2,
    });
    expect([theirs.statusCode, theirs.json().fields]).toEqual([400, { resourceIds: "not_your_resource" }]);
    expect(await bed.t.db.$count(coupons, eq(coupons.code, "NOTMINE"))).toBe(0);
  });

  it("lets only admins make site-wide codes, listed on the admins' screen", async () => {
    const body = { code: "SITE-5", amountOffCents: 500, expiresAt: inAWeek(), maxUses: 100, siteWide: true };
    expect((await call(bed.sellerId, "POST", "/coupons", body)).statusCode).toBe(403);
    const res = await call(bed.adminId, "POST", "/coupons", body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: "SITE-5", siteWide: true });
    expect((await call(bed.sellerId, "GET", "/admin/coupons")).statusCode).toBe(403);
    const site = (await call(bed.adminId, "GET", "/admin/coupons")).json<{ coupons: Coupon[] }>();
    expect(site.coupons.map((c) => c.code)).toEqual(["SITE-5"]);
    // The admin's own list holds the codes they made as a creator, not the site's.
    expect((await call(bed.adminId, "GET", "/coupons/self")).json()).toEqual({ coupons: [] });
  });

  it("ends a code early: its creator or an admin; anybody else gets 404", async () => {
    const [code] = (await call(bed.sellerId, "GET", "/coupons/self")).json<{ coupons: Coupon[] }>().coupons;
    expect((await call(bed.otherId, "DELETE", `/coupons/${code!.id}`)).statusCode).toBe(404);
    expect((await call(bed.sellerId, "DELETE", `/coupons/${code!.id}`)).json()).toEqual({ ended: true });
    const site = (await call(bed.adminId, "GET", "/admin/coupons")).json<{ coupons: Coupon[] }>().coupons[0]!;
    expect((await call(bed.adminId, "DELETE", `/coupons/${site.id}`)).statusCode).toBe(200);
    const states = (await call(bed.sellerId, "GET", "/coupons/self")).json<{ coupons: Coupon[] }>();
    expect(states.coupons.find((c) => c.id === code!.id)?.state).toBe("ended");
    expect((await call(bed.adminId, "GET", "/admin/coupons")).json().coupons[0].state).toBe("ended");
  });
});
