import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adClickMarks,
  adImpressionMarks,
  advertisements,
  captchaChallenges,
  jobs,
  loginFailures,
  loginTokens,
  rateLimitCounters,
  resourceViewMarks,
  sessions,
} from "../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { makeResource, makeUser } from "../test/factories.ts";
import { purgeExpired, RETENTION } from "./housekeeping.ts";

describe("housekeeping: rows that only matter for a while are purged after RETENTION", () => {
  let t: TestApp;
  const now = new Date("2026-11-23T12:00:00Z");
  const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await makeUser(t.db);
    const [ad] = await t.db
      .insert(advertisements)
      .values({ users_id: user.id, ad_type: "1", title: "Kept marks" })
      .returning();
    const adId = ad!.id;
    await t.db.insert(adImpressionMarks).values([
      { ad_id: adId, session_key: "old-session", created_at: hoursBefore(RETENTION.impressionMarkHours + 1) },
      {
        ad_id: adId,
        session_key: "live-session",
        created_at: hoursBefore(RETENTION.impressionMarkHours - 1),
      },
    ]);
    await t.db.insert(adClickMarks).values([
      { ad_id: adId, address_key: "a", minute: hoursBefore(2) },
      { ad_id: adId, address_key: "a", minute: hoursBefore(0.25) },
    ]);
    await t.db.insert(loginFailures).values([
      { users_id: user.id, ip: "10.0.0.1", created_at: hoursBefore(25) },
      // The throttle still counts this one (an hour back at most).
      { users_id: user.id, ip: "10.0.0.1", created_at: hoursBefore(0.5) },
    ]);
    await t.db.insert(captchaChallenges).values([
      { answer_hash: "old", expires_at: hoursBefore(25) },
      { answer_hash: "recent", expires_at: hoursBefore(1) },
    ]);
    await t.db.insert(loginTokens).values([
      { users_id: user.id, purpose: "login", token_hash: "gone", expires_at: hoursBefore(8 * 24) },
      { users_id: user.id, purpose: "verify_email", token_hash: "kept", expires_at: hoursBefore(24) },
    ]);
    await t.db.insert(sessions).values([
      { users_id: user.id, created_at: hoursBefore(RETENTION.sessionHours + 1) },
      // Ended, but young: kept until no token of it could be alive anyway.
      { users_id: user.id, created_at: hoursBefore(2), ended_at: hoursBefore(1) },
    ]);
    await t.db.insert(jobs).values([
      { name: "old", state: "done", finished_at: hoursBefore(RETENTION.finishedJobDays * 24 + 1) },
      { name: "recent", state: "done", finished_at: hoursBefore(1) },
      // Waiting to run, however old: never purged.
      { name: "queued", state: "queued", run_at: hoursBefore(RETENTION.finishedJobDays * 48) },
    ]);
    await t.db.insert(rateLimitCounters).values([
      { bucket: "login:ip:10.0.0.1", window_start: hoursBefore(25), hits: 3 },
      { bucket: "login:ip:10.0.0.1", window_start: hoursBefore(0.1), hits: 1 },
    ]);
    const resource = await makeResource(t.db, { users_id: user.id });
    const dayBefore = (days: number) =>
      hoursBefore(days * 24)
        .toISOString()
        .slice(0, 10);
    await t.db.insert(resourceViewMarks).values([
      {
        resource_id: resource.id,
        creator_id: user.id,
        day: dayBefore(RETENTION.viewMarkDays + 1),
        visitor: 1n,
      },
      // Still inside the longest period insight counts distinct visitors over.
      {
        resource_id: resource.id,
        creator_id: user.id,
        day: dayBefore(RETENTION.viewMarkDays - 1),
        visitor: 2n,
      },
    ]);
  });
  afterAll(() => t.close());

  it("deletes only what is past its retention, and a second round finds nothing more", async () => {
    expect(await purgeExpired(t.db, now)).toEqual({
      impressionMarks: 1,
      clickMarks: 1,
      loginFailures: 1,
      captchaChallenges: 1,
      loginTokens: 1,
      finishedJobs: 1,
      sessions: 1,
      rateLimitWindows: 1,
      viewMarks: 1,
    });
    const left = await t.db.execute<{ what: string }>(sql`
      select session_key as what from ad_impression_marks
      union all select answer_hash from captcha_challenges
      union all select token_hash from login_tokens`);
    expect(left.rows.map((r) => r.what).sort()).toEqual(["kept", "live-session", "recent"]);
    expect(await t.db.select().from(loginFailures)).toHaveLength(1);
    expect(await t.db.select().from(adClickMarks)).toHaveLength(1);
    expect(await t.db.select().from(rateLimitCounters)).toHaveLength(1);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
    expect((await t.db.select().from(jobs)).map((j) => j.name).sort()).toEqual(["queued", "recent"]);
    expect((await t.db.select().from(resourceViewMarks)).map((m) => m.visitor)).toEqual([2n]);
    expect(Object.values(await purgeExpired(t.db, now))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
