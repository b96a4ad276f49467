import { AD_TYPES, COUNTS, DEFAULT_TEXTS, HELP_ENTRY_TYPES, SITE_IMAGE_KEYS } from "@market/domain";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Db } from "../client.ts";
import { AD_MIN_IMAGE } from "./content.ts";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "./demo.ts";
import { DEMO_REVIEWERS, REPORTED_REVIEW } from "./demo-review-texts.ts";
import { LISTED, rows, SEED_TEST_CONFIG, seedTestbed } from "./seed-testbed.ts";

/** The demo's ads, help, site content and reviews as seeded (what reviews say, on the plan: demo-reviews.test.ts). */
describe("demo seed: ads, help, site content and reviews", () => {
  let db: Db;
  const { file } = seedTestbed(async (made) => {
    db = made.db;
    await seedDemoIfEmpty({ db, config: SEED_TEST_CONFIG, storage: made.storage });
  });

  it("runs an approved ad of each type with an image of at least the type's minimum size", async () => {
    const ads = await rows<{
      ad_type: (typeof AD_TYPES)[number];
      image_url: string;
      image_name: string;
      business_image: string;
      is_admin_ad: boolean;
      starts_at: string | Date;
      ends_at: string | Date;
      spend_per_day: number;
      run_days_total: number;
      click_url: string;
      grades: string[];
    }>(
      db,
      sql`select * from advertisements where approval_status = 'approved' and running_status = 'running'`,
    );
    expect(new Set(ads.map((a) => a.ad_type))).toEqual(new Set(AD_TYPES));
    expect(ads.filter((a) => a.is_admin_ad)).toHaveLength(1);
    for (const ad of ads) {
      const image = await file(ad.image_url);
      expect(image.length).toBeLessThan(1_048_576);
      const meta = await sharp(image).metadata();
      expect(meta.width).toBeGreaterThanOrEqual(AD_MIN_IMAGE[ad.ad_type].width);
      expect(meta.height).toBeGreaterThanOrEqual(AD_MIN_IMAGE[ad.ad_type].height);
      const logo = await sharp(await file(ad.business_image)).metadata();
      expect(Math.min(logo.width!, logo.height!)).toBeGreaterThanOrEqual(50);
      expect(ad.image_name).toMatch(/\.png$/);
      expect(ad.click_url).toMatch(/^https:\/\/.{3,}/);
      expect(ad.grades.length).toBeGreaterThan(0);
      expect(new Date(ad.ends_at).getTime() - new Date(ad.starts_at).getTime()).toBe(
        ad.run_days_total * 86_400_000,
      );
    }
    const [stats] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ad_daily_stats`);
    expect(stats!.n).toBeGreaterThan(ads.length);
  });

  it("writes help entries of every type, the terms article among them", async () => {
    const entries = await rows<{
      name: string;
      type: string;
      is_pro_tip: boolean;
      image_locator: string | null;
      image_size_bytes: number | null;
      video_name: string | null;
    }>(db, sql`select * from help_entries`);
    expect(new Set(entries.map((e) => e.type))).toEqual(new Set(HELP_ENTRY_TYPES));
    expect(entries.find((e) => e.name === "terms-of-service")).toMatchObject({
      type: "article",
      is_pro_tip: false,
    });
    expect(entries.filter((e) => e.is_pro_tip).length).toBeGreaterThanOrEqual(8);
    for (const e of entries) expect(e.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const image of entries.filter((e) => e.type === "image")) {
      expect((await file(image.image_locator!)).length).toBe(image.image_size_bytes);
    }
    expect(entries.find((e) => e.type === "video")!.video_name).toBeTruthy();
  });

  it("fills the colours, texts, site images, avatars and pattern images", async () => {
    const [counts] = await rows<{ colors: number; texts: number; avatars: number }>(
      db,
      sql`select (select count(*)::int from colors) as colors, (select count(*)::int from texts) as texts,
                 (select count(*)::int from system_avatars) as avatars`,
    );
    expect(counts).toEqual({
      colors: COUNTS.colorPool,
      texts: Object.keys(DEFAULT_TEXTS).length,
      avatars: COUNTS.systemAvatars,
    });
    const images = await rows<{ key: string; image_locator: string; colors: { css_var_name: string }[] }>(
      db,
      sql`select i.key, v.image_locator, v.colors from site_images i
          join site_image_variations v on v.site_image_key = i.key and v.is_current`,
    );
    expect(images.map((i) => i.key).sort()).toEqual([...SITE_IMAGE_KEYS].sort());
    const banner = await sharp(await file(images[0]!.image_locator)).metadata();
    expect([banner.width, banner.height]).toEqual([1200, 400]);
    expect(images[0]!.colors[0]!.css_var_name).toBe("--banner-accent");
    const avatar = await sharp(await file(`avatars/system-${COUNTS.systemAvatars}.png`)).metadata();
    expect([avatar.width, avatar.height]).toEqual([135, 135]);
    for (let n = 1; n <= COUNTS.patternImages; n += 1)
      expect((await file(`patterns/${n}.png`)).length).toBeGreaterThan(0);
  });

  it("reviews most resources, each by teachers who bought or downloaded it, with replies and votes", async () => {
    const perResource = await rows<{
      name: string;
      age_days: number;
      reviews: number;
      rating_count: number;
      rating_sum: number;
      shown_sum: number;
    }>(
      db,
      sql`select r.name, extract(epoch from now() - r.published_at) / 86400 as age_days, r.rating_count,
            r.rating_sum, count(v.id)::int as reviews, coalesce(sum(v.rating), 0)::int as shown_sum
          from resources r left join reviews v on v.resource_id = r.id and v.hidden_at is null
          where ${LISTED} and r.name not like 'synthetic-%' group by r.id`,
    );
    // The trigger kept every resource's numbers equal to its shown reviews'.
    expect(perResource.filter((r) => r.rating_count !== r.reviews || r.rating_sum !== r.shown_sum)).toEqual(
      [],
    );
    const settled = perResource.filter((r) => Number(r.age_days) > 4);
    const twoToEight = settled.filter((r) => r.reviews >= 2 && r.reviews <= 9);
    expect(twoToEight.length).toBeGreaterThanOrEqual(settled.length * 0.75);
    expect(Math.max(...perResource.map((r) => r.reviews))).toBeLessThanOrEqual(9);

    const all = await rows<{
      id: string;
      username: string;
      helpful_count: number;
      votes: number;
      reply_text: string | null;
      own: boolean;
      bought: boolean;
      downloaded: boolean;
      price: number;
      before_use: boolean;
      in_future: boolean;
    }>(
      db,
      sql`select v.id, u.username, v.helpful_count, v.reply_text,
            r.price, r.users_id = v.users_id as own,
            (select count(*)::int from review_helpful_votes h where h.review_id = v.id) as votes,
            exists (select 1 from sales s where s.resource_id = r.id and s.buyer_id = v.users_id and not s.is_gift
                      and s.created_at <= v.created_at) as bought,
            exists (select 1 from downloads d where d.resource_id = r.id and d.users_id = v.users_id
                      and d.created_at <= v.created_at) as downloaded,
            v.created_at < r.published_at as before_use, v.created_at > now() as in_future
          from reviews v join resources r on r.id = v.resource_id join users u on u.id = v.users_id`,
    );
    expect(all.length).toBeGreaterThan(150);
    // Eligible, every one: a paid resource bought, a free one downloaded, before the review; never one's own.
    expect(all.filter((r) => r.own || r.before_use || r.in_future)).toEqual([]);
    expect(all.filter((r) => (r.price > 0 ? !r.bought : !r.downloaded))).toEqual([]);
    // From the reviewing teachers and from demo accounts.
    const authors = new Set(all.map((r) => r.username));
    expect([...authors].filter((name) => DEMO_ACCOUNTS.includes(name)).length).toBeGreaterThanOrEqual(2);
    expect([...authors].filter((name) => DEMO_REVIEWERS.some((d) => d.username === name)).length).toBe(
      DEMO_REVIEWERS.length,
    );
    // A few creator replies, and helpful votes counted on their review.
    expect(all.filter((r) => r.reply_text).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((r) => r.helpful_count !== r.votes)).toEqual([]);
    // (What they say, their stars and context: demo-reviews.test.ts, on the plan.)
    expect(all.filter((r) => r.votes > 0).length).toBeGreaterThan(10);
    const [selfVotes] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from review_helpful_votes h join reviews v on v.id = h.review_id
          where h.users_id = v.users_id`,
    );
    expect(selfVotes!.n).toBe(0);
  });

  it("puts one reported review in the admins' queue", async () => {
    const queue = await rows<{ text: string; reasons: string[]; reporters: string[]; author: string }>(
      db,
      sql`select v.text, array_agg(p.reason order by p.created_at) as reasons,
            array_agg(u.username order by p.created_at) as reporters, a.username as author
          from review_reports p join reviews v on v.id = p.review_id join users u on u.id = p.users_id
          join users a on a.id = v.users_id
          where p.resolved_at is null group by v.id, a.username`,
    );
    expect(queue).toHaveLength(1);
    expect(queue[0]!.text).toBe(REPORTED_REVIEW.text);
    expect(queue[0]!.reasons).toEqual(REPORTED_REVIEW.reports.map((r) => r.reason));
    expect(queue[0]!.reporters).not.toContain(queue[0]!.author);
  });

  it("never has a creator vote for the reviews of their own resource", async () => {
    const [votes] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from review_helpful_votes h join reviews v on v.id = h.review_id
          join resources r on r.id = v.resource_id where h.users_id = r.users_id`,
    );
    expect(votes!.n).toBe(0);
  });
});
