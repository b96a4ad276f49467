import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advertisements } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";

describe("the ad-serving cache", () => {
  let t: TestApp;
  let adId: string;
  let owner: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp({ adServingCacheMs: 60_000 });
    const user = await makeUser(t.db);
    owner = await t.authHeader(user.username);
    const [ad] = await t.db
      .insert(advertisements)
      .values({
        users_id: user.id,
        ad_type: "2",
        approval_status: "approved",
        running_status: "running",
        title: "Cached ad",
        subtitle: "Sub",
        subject: "Math",
        click_url: "https://cached.example.com",
        image_name: "a.png",
        grades: [],
        starts_at: new Date(),
        ends_at: new Date(Date.now() + 86_400_000),
      })
      .returning();
    adId = ad!.id;
  });
  afterAll(() => t.close());

  const display = async () =>
    (await t.app.inject({ method: "GET", url: "/api/advertisements/display?type=2" })).json().ad;

  it("reuses the running ads for a moment, and drops them when this process changes an ad", async () => {
    expect((await display())?.id).toBe(adId);
    // A change behind the service's back is not seen while the cache holds...
    await t.db.update(advertisements).set({ running_status: "stopped" }).where(eq(advertisements.id, adId));
    expect((await display())?.id).toBe(adId);
    await t.db.update(advertisements).set({ running_status: "running" }).where(eq(advertisements.id, adId));
    // ...but a change through the service is seen at once.
    const stopped = await t.app.inject({
      method: "POST",
      url: `/api/advertisements/${adId}/stop`,
      headers: owner,
    });
    expect(stopped.statusCode).toBe(200);
    expect(await display()).toBeNull();
  });
});
