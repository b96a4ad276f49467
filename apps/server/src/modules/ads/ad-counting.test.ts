import { DEFAULT_SITE_SETTINGS, dayInZone } from "@market/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adDailyStats, type advertisements } from "../../db/schema/index.ts";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/app.ts";
import { BROWSER_USER_AGENT as BROWSER, makeAd, makeUser } from "../../test/factories.ts";
import { IMPRESSIONS_PER_ADDRESS_HOURLY } from "./serving.service.ts";
import { createViewTokens, VIEW_TOKEN_LIFETIME_MS } from "./view-tokens.ts";

const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * Honest ad counts (issue 16): the probe took an ad from 2 to 782 cents of spend, past its 700-cent daily
 * budget, with 3,600 impression calls naming sessions of its own choosing. Now an impression or a click
 * counts only against a single-use view token the display call issued to that address within minutes,
 * at most IMPRESSIONS_PER_ADDRESS_HOURLY an hour per ad and address, never for a known bot, and never
 * past the daily budget.
 */
describe("ad counting against the display call's view tokens", () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = (await makeUser(t.db)).id;
  });
  afterAll(() => t.close());

  // Each test's ad runs for a grade of its own, and its reader asks for that grade, so the display call
  // serves that ad and no other test's.
  let grade = 0;
  const runningAd = (overrides: Partial<typeof advertisements.$inferInsert> = {}) =>
    makeAd(t.db, {
      grades: [String(++grade)],
      users_id: owner,
      ad_type: "1",
      approval_status: "approved",
      running_status: "running",
      spend_per_day: 700,
      ...overrides,
    });

  /** What a browser at `address` is served for the grid: the ad and its view token. */
  const view = async (address: string, userAgent = BROWSER) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/advertisements/display?type=1&grade=${grade}`,
      remoteAddress: address,
      headers: { "user-agent": userAgent },
    });
    return res.json() as { ad: { id: string } | null; token?: string };
  };
  const count = (kind: "impression" | "click", adId: string, token: string, address: string, ua = BROWSER) =>
    t.app.inject({
      method: "POST",
      url: `/api/advertisements/${adId}/${kind}`,
      remoteAddress: address,
      headers: { "user-agent": ua },
      payload: { token },
    });
  const stats = async (adId: string) =>
    (await t.db.select().from(adDailyStats).where(eq(adDailyStats.ad_id, adId)))[0] ?? {
      impressions: 0,
      clicks: 0,
      spend_cents: 0,
    };

  it("counts a token once, however often and however fast it is sent", async () => {
    const ad = await runningAd();
    const shown = await view("10.1.0.1");
    expect(shown.ad?.id).toBe(ad.id);
    expect(shown.token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{12}\.[A-Za-z0-9_-]{22}$/);
    const replays = await Promise.all(
      Array.from({ length: 20 }, () => count("impression", ad.id, shown.token!, "10.1.0.1")),
    );
    expect(replays.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(replays.filter((r) => r.json().counted)).toHaveLength(1);
    expect((await stats(ad.id)).impressions).toBe(1);
  });

  it("does not let a resent token use up the address's hourly share (a school's readers behind one address)", async () => {
    const ad = await runningAd();
    const shown = await view("10.1.9.1");
    for (let i = 0; i < IMPRESSIONS_PER_ADDRESS_HOURLY + 5; i++) {
      await count("impression", ad.id, shown.token!, "10.1.9.1");
    }
    const next = await view("10.1.9.1");
    expect((await count("impression", ad.id, next.token!, "10.1.9.1")).json().counted).toBe(true);
    expect((await stats(ad.id)).impressions).toBe(2);
  });

  it("refuses the probe's calls: a session string instead of a token, forged, foreign and stale tokens", async () => {
    const other = await runningAd({ ad_type: "3" });
    const ad = await runningAd();
    const probe = await t.app.inject({
      method: "POST",
      url: `/api/advertisements/${ad.id}/impression`,
      payload: { session: "session-of-my-choosing" },
    });
    expect(probe.statusCode).toBe(400);

    const shown = await view("10.2.0.1");
    const tokens = createViewTokens(TEST_JWT_SECRET);
    const [issued, nonce] = shown.token!.split(".");
    const refused = [
      // Someone else's address: a token cannot be carried to another machine.
      await count("impression", ad.id, shown.token!, "10.2.0.2"),
      // Another ad's token.
      await count("impression", other.id, shown.token!, "10.2.0.1"),
      // A made-up signature.
      await count("impression", ad.id, `${issued}.${nonce}.${"A".repeat(22)}`, "10.2.0.1"),
      // Signed with another secret.
      await count(
        "impression",
        ad.id,
        createViewTokens("another-secret-32-characters-long!!").issue(ad.id, "10.2.0.1"),
        "10.2.0.1",
      ),
      // Issued longer ago than an impression may follow.
      await count(
        "impression",
        ad.id,
        tokens.issue(ad.id, "10.2.0.1", Date.now() - VIEW_TOKEN_LIFETIME_MS.impression - 1000),
        "10.2.0.1",
      ),
    ];
    expect(refused.map((r) => [r.statusCode, r.json().counted])).toEqual(Array(5).fill([200, false]));
    expect(await stats(ad.id)).toMatchObject({ impressions: 0, spend_cents: 0 });
    // The genuine one still counts.
    expect((await count("impression", ad.id, shown.token!, "10.2.0.1")).json().counted).toBe(true);
  });

  it("counts at most the hourly share of one address, and nothing for a known bot", async () => {
    const ad = await runningAd();
    const address = "10.3.0.1";
    let counted = 0;
    for (let i = 0; i < IMPRESSIONS_PER_ADDRESS_HOURLY + 10; i++) {
      const { token } = await view(address);
      if ((await count("impression", ad.id, token!, address)).json().counted) counted += 1;
    }
    expect(counted).toBe(IMPRESSIONS_PER_ADDRESS_HOURLY);
    // Another reader at another address still counts.
    const elsewhere = await view("10.3.0.2");
    expect((await count("impression", ad.id, elsewhere.token!, "10.3.0.2")).json().counted).toBe(true);

    const crawled = await view("10.3.0.3", CRAWLER);
    expect(crawled.ad?.id).toBe(ad.id);
    expect(crawled.token).toBeUndefined();
    const human = await view("10.3.0.3");
    expect((await count("impression", ad.id, human.token!, "10.3.0.3", CRAWLER)).json().counted).toBe(false);
    expect((await stats(ad.id)).impressions).toBe(IMPRESSIONS_PER_ADDRESS_HOURLY + 1);
  });

  it("never lets the day's spend pass the daily budget, even when the last impressions race", async () => {
    // 100 cents a day at a $2 CPM (type 1) buys 500 impressions.
    const ad = await runningAd({ spend_per_day: 100 });
    const addresses = Array.from({ length: 12 }, (_, i) => `10.4.0.${i + 1}`);
    const views = await Promise.all(addresses.map((address) => view(address)));
    await t.db.insert(adDailyStats).values({
      ad_id: ad.id,
      day: dayInZone(new Date(), DEFAULT_SITE_SETTINGS.timeZone),
      impressions: 498,
      clicks: 0,
      spend_cents: 99,
    });
    const results = await Promise.all(
      views.map((v, i) => count("impression", ad.id, v.token!, addresses[i]!)),
    );
    expect(results.filter((r) => r.json().counted)).toHaveLength(2);
    expect(await stats(ad.id)).toMatchObject({ impressions: 500, spend_cents: 100 });
  });

  it("counts a click once per token, once a minute per address, and only with a token", async () => {
    const ad = await runningAd();
    const first = await view("10.5.0.1");
    const second = await view("10.5.0.1");
    expect((await count("click", ad.id, first.token!, "10.5.0.1")).json().counted).toBe(true);
    // The same token again, and a second token from the same address within the minute.
    expect((await count("click", ad.id, first.token!, "10.5.0.1")).json().counted).toBe(false);
    expect((await count("click", ad.id, second.token!, "10.5.0.1")).json().counted).toBe(false);
    const noToken = await t.app.inject({ method: "POST", url: `/api/advertisements/${ad.id}/click` });
    expect(noToken.statusCode).toBe(400);
    // The token that counted an impression still counts the click it leads to.
    const third = await view("10.5.0.2");
    expect((await count("impression", ad.id, third.token!, "10.5.0.2")).json().counted).toBe(true);
    expect((await count("click", ad.id, third.token!, "10.5.0.2")).json().counted).toBe(true);
    expect(await stats(ad.id)).toMatchObject({ impressions: 1, clicks: 2 });
  });
});
