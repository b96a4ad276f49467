import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AD_TYPES,
  COUNTS,
  DEFAULT_TEXTS,
  dayInZone,
  HELP_ENTRY_TYPES,
  SITE_IMAGE_KEYS,
} from "@market/domain";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../config.ts";
import { verifySecret } from "../../platform/passwords.ts";
import { createLocalStorage } from "../../platform/storage.ts";
import { createTestDatabase, type TestDatabase } from "../../test/database.ts";
import type { Db } from "../client.ts";
import { AD_MIN_IMAGE } from "./content.ts";
import { DEMO_ACCOUNTS, REF_CODE_ALPHABET, seedDemoIfEmpty } from "./demo.ts";
import { SYNTHETIC_PREVIEW_KEY, seedSyntheticResources } from "./synthetic.ts";

const config = { demoPassword: "teach-demo-2026" } as Config;
const LISTED = sql.raw("approval_status = 'approved' and status = 'active'");

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

describe("demo seed", () => {
  let t: TestDatabase;
  let db: Db;
  let root: string;
  let seeded: boolean;
  const file = (key: string) => readFile(join(root, "files", key));

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.database.db;
    root = await mkdtemp(join(tmpdir(), "seed-test-"));
    seeded = await seedDemoIfEmpty({ db, config, storage: createLocalStorage(join(root, "files")) });
  });
  afterAll(async () => {
    await t?.database.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("creates the six demo accounts with admin as the master account", async () => {
    expect(seeded).toBe(true);
    const users = await rows<{
      username: string;
      email: string;
      role: string;
      is_master_account: boolean;
      password_hash: string;
      ref_code: string;
      avatar_locator: string;
      email_verified_at: unknown;
    }>(db, sql`select * from users order by username`);
    expect(users.map((u) => u.username).sort()).toEqual([...DEMO_ACCOUNTS].sort());
    const admin = users.find((u) => u.username === "admin")!;
    expect(admin.role).toBe("admin");
    expect(admin.is_master_account).toBe(true);
    expect(users.filter((u) => u.is_master_account || u.role === "admin")).toHaveLength(1);
    expect(await verifySecret(config.demoPassword, admin.password_hash)).toBe(true);
    expect(new Set(users.map((u) => u.ref_code)).size).toBe(users.length);
    for (const u of users) {
      expect(u.email).toBe(`${u.username}@lessonloft.test`);
      expect(u.email_verified_at).toBeTruthy();
      expect([...u.ref_code].every((c) => REF_CODE_ALPHABET.includes(c))).toBe(true);
      expect(u.ref_code).toHaveLength(8);
      expect(u.avatar_locator).toMatch(/^avatars\/system-\d+\.png$/);
    }
  });

  it("publishes 65 valid resources over the three creators", async () => {
    const resources = await rows<{
      id: string;
      name: string;
      title: string;
      subtitle: string;
      subject_area: string;
      description: string;
      keywords: string[];
      skills: string[];
      standards: string[];
      reading_levels: string;
      price: number;
      sale_price: number | null;
      sale_end: string | null;
      is_featured: boolean;
      upload_status: number;
      published_at: string | Date;
      username: string;
    }>(
      db,
      sql`select r.*, to_char(r.sale_end, 'YYYY-MM-DD') as sale_end, u.username
          from resources r join users u on u.id = r.users_id where ${LISTED}`,
    );
    expect(resources.length).toBeGreaterThanOrEqual(60);
    expect(new Set(resources.map((r) => r.username))).toEqual(new Set(["creator1", "creator2", "creator3"]));
    // A portfolio longer than its first load of 24 (spec 2), for the portfolio journey.
    expect(resources.filter((r) => r.username === "creator1").length).toBeGreaterThan(24);
    expect(new Set(resources.map((r) => r.name)).size).toBe(resources.length);
    expect(resources.map((r) => r.name)).toEqual(
      expect.arrayContaining(["fractions-bingo", "fractions-bingo-2"]),
    );
    expect(resources.filter((r) => r.is_featured)).toHaveLength(8);
    const free = resources.filter((r) => r.price === 0).length;
    expect(free).toBeGreaterThan(resources.length / 4);
    expect(free).toBeLessThan(resources.length / 2.5);
    const onSale = resources.filter((r) => r.sale_price !== null);
    expect(onSale.length).toBeGreaterThan(0);
    const now = Date.now();
    const [soonest, latest] = [
      dayInZone(new Date(now + 3 * 86_400_000)),
      dayInZone(new Date(now + 25 * 86_400_000)),
    ];
    for (const r of resources) {
      expect(r.title.length).toBeLessThanOrEqual(32);
      expect(r.subtitle.length).toBeLessThanOrEqual(25);
      expect(r.subject_area.length).toBeGreaterThanOrEqual(4);
      expect(r.subject_area.length).toBeLessThanOrEqual(15);
      expect(r.description.length).toBeGreaterThanOrEqual(340);
      expect(r.description.length).toBeLessThanOrEqual(380);
      expect(r.reading_levels.length).toBeLessThanOrEqual(40);
      expect(r.upload_status).toBe(2);
      for (const list of [r.keywords, r.skills, r.standards]) {
        expect(list.length).toBeGreaterThan(0);
        for (const item of list) expect(item.length).toBeLessThanOrEqual(20);
      }
      expect(r.price === 0 || (r.price >= 100 && r.price <= 10_000)).toBe(true);
      const age = now - new Date(r.published_at).getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(90 * 86_400_000);
    }
    for (const r of onSale) {
      expect(r.sale_price!).toBeGreaterThanOrEqual(100);
      expect(r.sale_price!).toBeLessThan(r.price);
      expect(r.sale_end! >= soonest && r.sale_end! <= latest).toBe(true);
    }
  });

  it("gives every paid resource exactly one premium file and free ones none", async () => {
    const counts = await rows<{ price: number; premium: number; regular: number }>(
      db,
      sql`select r.price,
            (select count(*)::int from resource_files f where f.resource_id = r.id and f.is_premium_file) as premium,
            (select count(*)::int from resource_files f where f.resource_id = r.id and not f.is_premium_file) as regular
          from resources r`,
    );
    for (const c of counts) {
      expect(c.premium).toBe(c.price > 0 ? 1 : 0);
      expect(c.regular).toBe(1);
    }
  });

  it("stores real PDFs whose cross-reference offsets point at their objects", async () => {
    const [f] = await rows<{ storage_key: string; size_bytes: number; name: string }>(
      db,
      sql`select * from resource_files where is_premium_file limit 1`,
    );
    expect(f!.storage_key).toMatch(/^files\/[0-9a-f-]{36}\.pdf$/);
    expect(f!.name).toMatch(/^[a-z0-9-]+-full\.pdf$/);
    const pdf = await file(f!.storage_key);
    expect(pdf.length).toBe(f!.size_bytes);
    const text = pdf.toString("latin1");
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const entries = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n \n/gm)];
    expect(entries.length).toBeGreaterThan(3);
    entries.forEach((entry, i) => {
      const head = `${i + 1} 0 obj\n`;
      expect(text.slice(Number(entry[1]), Number(entry[1]) + head.length)).toBe(head);
    });
  });

  it("gives every resource three 692x896 previews under 1,000,000 bytes", async () => {
    const previews = await rows<{
      resource_id: string;
      storage_key: string;
      size_bytes: number;
      width: number;
      height: number;
    }>(db, sql`select * from resource_previews order by resource_id, order_index`);
    const perResource = new Map<string, number>();
    for (const p of previews) {
      perResource.set(p.resource_id, (perResource.get(p.resource_id) ?? 0) + 1);
      expect([p.width, p.height]).toEqual([692, 896]);
      expect(p.size_bytes).toBeGreaterThan(0);
      expect(p.size_bytes).toBeLessThanOrEqual(1_000_000);
    }
    expect([...perResource.values()].every((n) => n === COUNTS.previewSlots)).toBe(true);
    const one = await file(previews[0]!.storage_key);
    expect(one.length).toBe(previews[0]!.size_bytes);
    const meta = await sharp(one).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 692, 896]);
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

  it("seeds only once", async () => {
    const before = await rows<{ n: number }>(db, sql`select count(*)::int as n from resources`);
    expect(await seedDemoIfEmpty({ db, config, storage: createLocalStorage(join(root, "files")) })).toBe(
      false,
    );
    expect(await rows<{ n: number }>(db, sql`select count(*)::int as n from resources`)).toEqual(before);
  });

  it("adds synthetic resources that the listing counts, and can do so twice", async () => {
    const listed = async () =>
      (await rows<{ n: number }>(db, sql`select count(*)::int as n from resources where ${LISTED}`))[0]!.n;
    const before = await listed();
    const storage = createLocalStorage(join(root, "files"));
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
    const meta = await sharp(await file(SYNTHETIC_PREVIEW_KEY)).metadata();
    expect([meta.width, meta.height]).toEqual([692, 896]);
  });
});

describe("demo seed started twice at once", () => {
  it("seeds exactly once", async () => {
    const t = await createTestDatabase();
    const root = await mkdtemp(join(tmpdir(), "seed-race-"));
    try {
      const deps = { db: t.database.db, config, storage: createLocalStorage(root) };
      const results = await Promise.all([seedDemoIfEmpty(deps), seedDemoIfEmpty(deps)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const [users] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`);
      expect(users!.n).toBe(DEMO_ACCOUNTS.length);
    } finally {
      await t.database.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
