import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Db } from "../client.ts";
import { LISTED, rows, seedTestbed } from "./seed-testbed.ts";
import { SYNTHETIC_PREVIEW_KEY, seedSyntheticResources } from "./synthetic.ts";

describe("synthetic seed", () => {
  let db: Db;
  const bed = seedTestbed(async (made) => {
    db = made.db;
  });
  const { file } = bed;

  it("adds synthetic resources that the listing counts, and can do so twice", async () => {
    const listed = async () =>
      (await rows<{ n: number }>(db, sql`select count(*)::int as n from resources where ${LISTED}`))[0]!.n;
    const before = await listed();
    const { storage } = bed;
    const result = await seedSyntheticResources(db, 500, { storage, batchSize: 200 });
    expect(result.created).toBe(500);
    expect(await listed()).toBe(before + 500);
    await seedSyntheticResources(db, 10);
    expect(await listed()).toBe(before + 510);

    const [check] = await rows<{
      bad_text: number;
      without_preview: number;
      bad_files: number;
      creators: number;
      titles: number;
    }>(
      db,
      sql`select
            count(*) filter (where char_length(description) not between 340 and 380 or char_length(title) > 32
              or char_length(subject_area) not between 4 and 15)::int as bad_text,
            count(*) filter (where not exists (select 1 from resource_previews p where p.resource_id = r.id))::int
              as without_preview,
            count(*) filter (where (select count(*) from resource_files f where f.resource_id = r.id and f.is_premium_file)
              <> case when r.price > 0 then 1 else 0 end)::int as bad_files,
            count(distinct users_id)::int as creators,
            count(distinct title)::int as titles
          from resources r where name like 'synthetic-%'`,
    );
    expect(check).toMatchObject({ bad_text: 0, without_preview: 0, bad_files: 0, creators: 20 });
    expect(check!.titles).toBeGreaterThan(100);
    // About 30% rated, mostly 3.5 to 5 stars, their numbers those of their reviews (written with the
    // reviews trigger off, which is on again after).
    const [rated] = await rows<{ rated: number; high: number; mismatched: number; trigger: string }>(
      db,
      sql`select count(*) filter (where rating_count > 0)::int as rated,
            count(*) filter (where rating_average >= 3.5)::int as high,
            count(*) filter (where rating_count <> v.n or rating_sum <> v.s)::int as mismatched,
            (select tgenabled::text from pg_trigger where tgname = 'reviews_rating_trigger') as trigger
          from resources r cross join lateral (select count(*)::int as n, coalesce(sum(rating), 0)::int as s
            from reviews v where v.resource_id = r.id) v
          where name like 'synthetic-%'`,
    );
    expect(rated!.rated).toBeGreaterThan(510 * 0.2);
    expect(rated!.rated).toBeLessThan(510 * 0.4);
    expect(rated!.high).toBeGreaterThan(rated!.rated * 0.75);
    expect(rated!.mismatched).toBe(0);
    expect(rated!.trigger).toBe("O");
    const meta = await sharp(await file(SYNTHETIC_PREVIEW_KEY)).metadata();
    expect([meta.width, meta.height]).toEqual([692, 896]);
  });
});
