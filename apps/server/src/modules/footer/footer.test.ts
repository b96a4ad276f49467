import { buildFooterCycle, type FooterFacts } from "@market/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloads, favorites } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";

/** GET /users/self/footer-facts: the facts behind spec 5's footer prompt conditions, in one call. */
describe("footer facts", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const facts = async (headers: object) => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/users/self/footer-facts",
      headers: headers as Record<string, string>,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as FooterFacts;
  };

  it("a new user: nothing published, favorited, tipped, donated or advertised; no payout", async () => {
    const fresh = await makeUser(t.db, { email_verified_at: null });
    const other = await makeUser(t.db);
    await makeResource(t.db, { users_id: other.id });
    expect(await facts(await t.authHeader(fresh.username))).toEqual({
      permissions: {
        controls: true,
        payments: true,
        messages: true,
        upload: true,
        editing: true,
        advertise: true,
      },
      resourcesCount: 1,
      ownResources: 0,
      publishedResources: 0,
      ads: 0,
      donatedWithinYear: false,
      eligiblePayout: 0,
      passwordExpired: false,
      hasSecurityPattern: false,
      hasRecoveryEmail: false,
      emailVerified: false,
      favorites: 0,
      hasTipped: false,
      reviewPrompt: null,
    });
  });

  it("names the resource a teacher downloaded for the review prompt, until they review it (issue 21)", async () => {
    const creator = await makeUser(t.db);
    const teacher = await makeUser(t.db);
    const auth = await t.authHeader(teacher.username);
    const free = await makeResource(t.db, { users_id: creator.id, name: "tide-pools", title: "Tide Pools" });
    expect((await facts(auth)).reviewPrompt).toBeNull();
    await t.db.insert(downloads).values({ resource_id: free.id, users_id: teacher.id });
    const asked = await facts(auth);
    expect(asked.reviewPrompt).toEqual({ id: free.id, name: "tide-pools", title: "Tide Pools" });
    const cycle = buildFooterCycle({ emailVerified: true }, asked, {}, (items) => [...items]);
    expect(cycle).toContainEqual({ kind: "prompt", key: "review-resource", resource: asked.reviewPrompt });

    const reviewed = await t.app.inject({
      method: "POST",
      url: `/api/resources/${free.id}/reviews`,
      headers: auth,
      payload: { rating: 5, text: "My class loved it." },
    });
    expect(reviewed.statusCode).toBe(201);
    expect((await facts(auth)).reviewPrompt).toBeNull();
    // The creator is never asked to review their own resource.
    await t.db.insert(downloads).values({ resource_id: free.id, users_id: creator.id });
    expect((await facts(await t.authHeader(creator.username))).reviewPrompt).toBeNull();
  });

  it("a creator with sales past the hold has an eligible payout, and the unpaid-earnings prompt shows", async () => {
    const creator = await makeUser(t.db, {
      recovery_email: "backup@example.test",
      password_changed_at: new Date(Date.now() - 400 * 86_400_000),
      perm_advertise: false,
    });
    const resource = await makeResource(t.db, { users_id: creator.id, price: 1500 });
    await makeResource(t.db, { users_id: creator.id, status: "inactive", approval_status: "creating" });
    const buyer = await makeUser(t.db);
    const buyerAuth = await t.authHeader(buyer.username);
    const sold = await t.app.inject({
      method: "POST",
      url: "/api/transactions/resource/purchase",
      headers: buyerAuth,
      payload: { resourceId: resource.id, amount: 1500, ...TEST_CARD },
    });
    expect(sold.statusCode).toBe(200);
    const tipped = await t.app.inject({
      method: "POST",
      url: `/api/transactions/tip/purchase/${creator.id}`,
      headers: buyerAuth,
      payload: { amount: 500, ...TEST_CARD },
    });
    expect(tipped.statusCode).toBe(200);
    await t.db.insert(favorites).values({ users_id: creator.id, resource_id: resource.id });

    const creatorAuth = await t.authHeader(creator.username);
    // Set after logging in: with a pattern, a login asks for it.
    await t.db.execute(sql`update users set security_pattern_hash = 'set' where id = ${creator.id}`);
    const held = await facts(creatorAuth);
    expect(held).toMatchObject({ ownResources: 2, publishedResources: 1, eligiblePayout: 0, favorites: 1 });

    await t.db.execute(
      sql`update ledger_entries set eligible_at = now() - interval '1 day' where users_id = ${creator.id}`,
    );
    const ready = await facts(creatorAuth);
    // 80% of $15 and all of the $5 tip (DECISIONS.md), as /earnings/self/balance says.
    const balance = await t.app.inject({
      method: "GET",
      url: "/api/earnings/self/balance",
      headers: creatorAuth,
    });
    expect(ready.eligiblePayout).toBe(balance.json().eligiblePayout);
    expect(ready).toMatchObject({
      eligiblePayout: 1700,
      passwordExpired: true,
      hasSecurityPattern: true,
      hasRecoveryEmail: true,
      emailVerified: true,
      permissions: expect.objectContaining({ advertise: false }),
    });
    expect((await facts(buyerAuth)).hasTipped).toBe(true);

    const cycle = buildFooterCycle({ emailVerified: true }, ready, {}, (items) => [...items]);
    expect(cycle.map((m) => (m.kind === "flex" ? m.slot : m.key))).toEqual([
      "resources-count",
      "featuring",
      "donation",
      "unpaid-earnings",
      "password-update",
      "tipped-none",
      "referral",
      "support-request",
    ]);
  });

  it("counts a donation within the past year", async () => {
    const donor = await makeUser(t.db);
    const auth = await t.authHeader(donor.username);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/transactions/donate/purchase",
      headers: auth,
      payload: { amount: 500, ...TEST_CARD },
    });
    expect(res.statusCode).toBe(200);
    expect((await facts(auth)).donatedWithinYear).toBe(true);
  });

  it("refuses visitors and deactivated accounts (the web app does not ask for them)", async () => {
    const off = await makeUser(t.db, { is_deactivated: true });
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/users/self/footer-facts",
      headers: await t.authHeader(off.username),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().reason).toBe("insufficient_permissions");
    const anonymous = await t.app.inject({ method: "GET", url: "/api/users/self/footer-facts" });
    expect(anonymous.statusCode).toBe(401);
  });
});
