import {
  COUNTS,
  checkPrice,
  checkSaleEnd,
  checkSalePrice,
  dayInZone,
  formatSaleEnd,
  PREVIEW_IMAGE_RULES,
} from "@market/domain";
import { sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { statistics } from "../../modules/admin-stats/statistics.service.ts";
import {
  earningsBalance,
  listOwnActivity,
  requestPayout,
} from "../../modules/transactions/earnings.service.ts";
import type { Viewer } from "../../platform/access.ts";
import { verifySecret } from "../../platform/passwords.ts";
import { renderPdfPages } from "../../platform/pdf-pages.ts";
import type { Db } from "../client.ts";
import { DEMO_ACCOUNTS, REF_CODE_ALPHABET, seedDemoIfEmpty } from "./demo.ts";
import { DEMO_REVIEWERS } from "./demo-review-texts.ts";
import { LISTED, rows, SEED_TEST_CONFIG, seedTestbed } from "./seed-testbed.ts";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("demo seed", () => {
  let db: Db;
  let seeded: boolean[];
  // Two starts at once on one empty database, as two instances would: exactly one seeds. (Seeding
  // renders every PDF and preview, so the rest of this file reads what that one seed made.)
  const bed = seedTestbed(async (made) => {
    db = made.db;
    const deps = { db, config: SEED_TEST_CONFIG, storage: made.storage };
    seeded = await Promise.all([seedDemoIfEmpty(deps), seedDemoIfEmpty(deps)]);
  });
  const { file } = bed;

  it("seeds exactly once when started twice at once", () => {
    expect(seeded.filter(Boolean)).toHaveLength(1);
  });

  it("creates the six demo accounts with admin as the master account, and the reviewing teachers", async () => {
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
    expect(users.map((u) => u.username).sort()).toEqual(
      [...DEMO_ACCOUNTS, ...DEMO_REVIEWERS.map((r) => r.username)].sort(),
    );
    const admin = users.find((u) => u.username === "admin")!;
    expect(admin.role).toBe("admin");
    expect(admin.is_master_account).toBe(true);
    expect(users.filter((u) => u.is_master_account || u.role === "admin")).toHaveLength(1);
    expect(await verifySecret(SEED_TEST_CONFIG.demoPassword, admin.password_hash)).toBe(true);
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
          from resources r join users u on u.id = r.users_id where ${LISTED} and r.type <> 'Bundle'`,
    );
    expect(resources.length).toBeGreaterThanOrEqual(60);
    expect(new Set(resources.map((r) => r.username))).toEqual(new Set(["creator1", "creator2", "creator3"]));
    // A portfolio longer than its first load of 24 (spec 2), for the portfolio journey.
    expect(resources.filter((r) => r.username === "creator1").length).toBeGreaterThan(24);
    expect(new Set(resources.map((r) => r.name)).size).toBe(resources.length);
    expect(resources.map((r) => r.name)).toEqual(
      expect.arrayContaining(["fractions-bingo", "fractions-bingo-2"]),
    );
    // The catalogue journey searches for this one and downloads it as a free resource.
    expect(resources.find((r) => r.name === "french-numbers-1-to-100")?.price).toBe(0);
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
      expect(checkPrice(r.price, r.price > 0)).toBe(0);
      const age = now - new Date(r.published_at).getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(366 * 86_400_000);
    }
    for (const r of onSale) {
      expect(r.sale_price!).toBeGreaterThanOrEqual(100);
      expect(r.sale_price!).toBeLessThan(r.price);
      expect(r.sale_end! >= soonest && r.sale_end! <= latest).toBe(true);
      // The spec's own checks, as the price form runs them.
      expect(checkSalePrice(r.sale_price!, r.price, formatSaleEnd(r.sale_end!))).toBe(0);
      expect(checkSaleEnd(formatSaleEnd(r.sale_end!), r.sale_price!, dayInZone(new Date()))).toBe(0);
    }
  });

  it("has plausible prices, downloads, dates and favourites", async () => {
    const resources = await rows<{
      id: string;
      name: string;
      price: number;
      sale_price: number | null;
      download_count: number;
      published_at: string | Date;
      created_at: string | Date;
      users_id: string;
      joined: string | Date;
    }>(
      db,
      sql`select r.*, u.created_at as joined from resources r join users u on u.id = r.users_id
          where r.type <> 'Bundle'`,
    );
    const paid = resources.filter((r) => r.price > 0);
    // Prices as teachers set them: $1.50 to $12 mostly, ending in .00, .50 or .99.
    for (const r of paid) expect(r.price % 100).toSatisfy((cents: number) => [0, 50, 99].includes(cents));
    expect(paid.filter((r) => r.price >= 150 && r.price <= 1200).length).toBeGreaterThanOrEqual(
      paid.length * 0.9,
    );
    const onSale = resources.filter((r) => r.sale_price !== null).length;
    expect(onSale).toBeGreaterThanOrEqual(3);
    expect(onSale).toBeLessThanOrEqual(paid.length / 3);
    // A long tail: a few in the thousands, most in the tens or hundreds.
    const downloads = resources.map((r) => r.download_count).sort((a, b) => a - b);
    const thousands = downloads.filter((d) => d >= 1000).length;
    expect(thousands).toBeGreaterThanOrEqual(2);
    expect(thousands).toBeLessThanOrEqual(resources.length / 6);
    const median = downloads[Math.floor(downloads.length / 2)]!;
    expect(median).toBeGreaterThanOrEqual(20);
    expect(median).toBeLessThanOrEqual(600);
    // Published over the last year, after the creator joined, some of it recently.
    const ages = resources.map((r) => (Date.now() - new Date(r.published_at).getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(200);
    expect(ages.filter((a) => a <= 14).length).toBeGreaterThanOrEqual(2);
    for (const r of resources) {
      expect(new Date(r.created_at).getTime()).toBeLessThan(new Date(r.published_at).getTime());
      expect(new Date(r.joined).getTime()).toBeLessThan(new Date(r.created_at).getTime());
    }
    const favorites = await rows<{ username: string; name: string; own: boolean; download_count: number }>(
      db,
      sql`select u.username, r.name, r.users_id = u.id as own, r.download_count
          from favorites f join users u on u.id = f.users_id join resources r on r.id = f.resource_id`,
    );
    expect(favorites.filter((f) => f.username === "teacher1").length).toBeGreaterThanOrEqual(5);
    expect(favorites.some((f) => f.own)).toBe(false);
    // The catalogue journey favourites this one as teacher2 itself.
    expect(favorites.some((f) => f.username === "teacher2" && f.name === "french-numbers-1-to-100")).toBe(
      false,
    );
    // Favourites follow popularity: the favourited resources are downloaded more than the typical one.
    const favoritedMedian = favorites.map((f) => f.download_count).sort((a, b) => a - b)[
      Math.floor(favorites.length / 2)
    ]!;
    expect(favoritedMedian).toBeGreaterThan(median);
  });

  it("counts every download as an event, so the statistics agree with the catalogue", async () => {
    const counted = await rows<{ name: string; download_count: number; events: number }>(
      db,
      sql`select r.name, r.download_count,
            (select count(*)::int from downloads d where d.resource_id = r.id) as events
          from resources r`,
    );
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.filter((r) => r.download_count !== r.events)).toEqual([]);
    const [span] = await rows<{ first: string | Date; catalogue: number }>(
      db,
      sql`select min(published_at) as first, sum(download_count)::int as catalogue from resources`,
    );
    // No event before its resource was published, nor in the future.
    const [early] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from downloads d join resources r on r.id = d.resource_id
          where d.created_at < r.published_at or d.created_at > now()`,
    );
    expect(early!.n).toBe(0);
    const figures = await statistics(db, {
      from: dayInZone(new Date(span!.first)),
      to: dayInZone(new Date()),
      bucket: "month",
    });
    expect(figures.totals.downloads).toBe(span!.catalogue);
    // The last 30 days, the statistics page's first view, show downloads too.
    const recent = await statistics(db, {
      from: dayInZone(new Date(Date.now() - 29 * 86_400_000)),
      to: dayInZone(new Date()),
      bucket: "day",
    });
    expect(recent.totals.downloads).toBeGreaterThan(0);
  });

  it("lists two bundles (creator1's, creator2's) of their own resources, each below its resources' sum", async () => {
    const bundles = await rows<{ username: string; price: number; sum: number; items: number; same: number }>(
      db,
      sql`select u.username, b.price, sum(r.price)::int as sum, count(*)::int as items,
                 count(*) filter (where r.users_id = b.users_id and r.subject_area = b.subject_area)::int as same
          from resources b join users u on u.id = b.users_id
          join bundle_items bi on bi.bundle_id = b.id join resources r on r.id = bi.resource_id
          where b.type = 'Bundle' and b.approval_status = 'approved' and b.status = 'active'
          group by u.username, b.price order by u.username`,
    );
    expect(bundles.map((b) => b.username)).toEqual(["creator1", "creator2"]);
    for (const b of bundles) {
      expect(b.items).toBeGreaterThanOrEqual(2);
      expect(b.same).toBe(b.items);
      expect(b.price).toBeLessThan(b.sum);
      expect(b.price).toBeGreaterThanOrEqual(100);
    }
  });

  it("gives every paid resource exactly one premium file and free ones none", async () => {
    const counts = await rows<{ price: number; premium: number; regular: number }>(
      db,
      sql`select r.price,
            (select count(*)::int from resource_files f where f.resource_id = r.id and f.is_premium_file) as premium,
            (select count(*)::int from resource_files f where f.resource_id = r.id and not f.is_premium_file) as regular
          from resources r where r.type <> 'Bundle'`,
    );
    for (const c of counts) {
      expect(c.premium).toBe(c.price > 0 ? 1 : 0);
      expect(c.regular).toBe(1);
    }
  });

  it("stores a real PDF per resource: the whole resource, and a two-page sample for a paid one", async () => {
    const files = await rows<{
      storage_key: string;
      size_bytes: number;
      name: string;
      is_premium_file: boolean;
      resource_id: string;
      title: string;
      price: number;
    }>(db, sql`select f.*, r.title, r.price from resource_files f join resources r on r.id = f.resource_id`);
    expect(files.length).toBeGreaterThan(60);
    for (const f of files) {
      expect(f.storage_key).toMatch(new RegExp(`^resource-files/${f.resource_id}/[0-9a-f-]{36}\\.pdf$`));
      const pdf = await file(f.storage_key);
      expect(pdf.length).toBe(f.size_bytes);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const doc = await PDFDocument.load(pdf);
      expect(doc.getTitle()).toMatch(new RegExp(`^${escapeRegExp(f.title)}`));
      const pages = doc.getPageCount();
      if (f.is_premium_file || f.price === 0) {
        expect(f.name).toMatch(f.is_premium_file ? /^[a-z0-9-]+-full\.pdf$/ : /^[a-z0-9-]+\.pdf$/);
        // Cover and inside pages; a slide deck has its note pages and slides.
        expect(pages).toBeGreaterThanOrEqual(3);
        expect(pages).toBeLessThanOrEqual(8);
      } else {
        expect(f.name).toMatch(/^[a-z0-9-]+-sample\.pdf$/);
        expect(pages).toBe(2);
      }
    }
  });

  it("gives every resource three WebP previews rendered from its PDF, a portrait cover first", async () => {
    const previews = await rows<{
      resource_id: string;
      order_index: number;
      storage_key: string;
      size_bytes: number;
      width: number;
      height: number;
      type: string;
    }>(
      db,
      sql`select p.*, r.type from resource_previews p join resources r on r.id = p.resource_id
          order by p.resource_id, p.order_index`,
    );
    const perResource = new Map<string, typeof previews>();
    for (const p of previews) {
      perResource.set(p.resource_id, [...(perResource.get(p.resource_id) ?? []), p]);
      expect(p.storage_key).toMatch(new RegExp(`^previews/${p.resource_id}/[0-9a-f-]{36}\\.webp$`));
      expect(p.width).toBeGreaterThanOrEqual(PREVIEW_IMAGE_RULES.minWidth);
      expect(p.height).toBeGreaterThanOrEqual(PREVIEW_IMAGE_RULES.minHeight);
      expect(p.width).toBeLessThanOrEqual(1400 * 2);
      expect(p.size_bytes).toBeGreaterThan(0);
      expect(p.size_bytes).toBeLessThanOrEqual(PREVIEW_IMAGE_RULES.maxBytes);
    }
    expect(perResource.size).toBeGreaterThanOrEqual(60);
    for (const list of perResource.values()) {
      expect(list.map((p) => p.order_index)).toEqual([...Array(COUNTS.previewSlots).keys()]);
      // The card's cover: a portrait page at the 3:4-ish aspect of US Letter, slide decks included
      // (their note pages follow the cover, so every preview is portrait).
      const cover = list[0]!;
      expect(cover.height / cover.width).toBeCloseTo(11 / 8.5, 1);
      for (const p of list) expect(p.height).toBeGreaterThan(p.width);
    }
    const first = previews[0]!;
    const bytes = await file(first.storage_key);
    expect(bytes.length).toBe(first.size_bytes);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", first.width, first.height]);
  });

  it("renders each cover from the first page of the resource's own PDF", async () => {
    const covers = await rows<{ name: string; type: string; cover: string; pdf: string }>(
      db,
      sql`select r.name, r.type, p.storage_key as cover, f.storage_key as pdf
          from resources r
          join resource_previews p on p.resource_id = r.id and p.order_index = 0
          join resource_files f on f.resource_id = r.id and not f.is_premium_file
          order by r.name`,
    );
    // A handful, a slide deck among them: rendering every PDF again would double the test's time.
    const sample = covers.filter((c, i) => i % 13 === 0 || c.type === "Presentation").slice(0, 7);
    const fingerprint = (image: Buffer) =>
      sharp(image).resize(48, 62, { fit: "fill" }).greyscale().raw().toBuffer();
    const distance = (a: Buffer, b: Buffer) =>
      a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    const prints = new Map<string, Buffer>();
    for (const c of sample) {
      const [page] = await renderPdfPages(await file(c.pdf), {
        maxPages: 1,
        minWidth: PREVIEW_IMAGE_RULES.minWidth,
        minHeight: PREVIEW_IMAGE_RULES.minHeight,
      });
      const stored = await fingerprint(await file(c.cover));
      expect(distance(await fingerprint(page!.png), stored)).toBeLessThan(4);
      prints.set(c.name, stored);
    }
    // ...and the covers differ from one another, so the comparison above means something.
    const all = [...prints.values()];
    for (let i = 1; i < all.length; i += 1) expect(distance(all[0]!, all[i]!)).toBeGreaterThan(15);
  });

  it("gives the demo creator earnings that add up, most of them past the hold, so a payout works at once", async () => {
    const [earner] = await rows<{ id: string }>(db, sql`select id from users where username = 'creator1'`);
    const viewer = { id: earner!.id } as Viewer;
    const balance = await earningsBalance(db, earner!.id, 1000);
    // Past the default minimum ($10) and the hold (14 days), with a recent sale and tip still held.
    expect(balance.eligiblePayout).toBeGreaterThanOrEqual(1000);
    expect(balance.balance).toBeGreaterThan(balance.eligibleBalance);
    expect(balance).toMatchObject({ pendingPayout: 0, hasTakenPayout: true });
    const activity = await listOwnActivity(db, viewer);
    expect(activity.earlierTotal).toBe(0);
    expect(activity.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(balance.balance);
    expect(new Set(activity.lines.map((l) => l.kind))).toEqual(new Set(["sale", "fee", "tip", "payout"]));
    // Several months of history for the chart.
    expect(activity.months.filter((m) => m.sales + m.tips > 0).length).toBeGreaterThanOrEqual(6);
    const [books] = await rows<{ total: string }>(
      db,
      sql`select sum(amount_cents) as total from ledger_entries`,
    );
    expect(Number(books!.total)).toBe(0);
    // No journey's purchase is refused as already owned: the seeded sales are of the cheaper resources.
    const dearest = await rows<{ id: string }>(
      db,
      sql`select id from resources where ${LISTED} and price > 0 order by price desc limit 12`,
    );
    // (The reviewing teachers bought some of them; no journey buys as one of them.)
    const sold = await rows<{ resource_id: string }>(
      db,
      sql`select s.resource_id from sales s join users u on u.id = s.buyer_id
          where u.username in (${sql.join(
            DEMO_ACCOUNTS.map((name) => sql`${name}`),
            sql`, `,
          )})`,
    );
    expect(sold.length).toBeGreaterThan(5);
    expect(sold.filter((s) => dearest.some((d) => d.id === s.resource_id))).toEqual([]);

    const payout = await requestPayout(db, viewer);
    expect(payout).toMatchObject({ amount: balance.eligiblePayout, status: "requested" });
    await db.execute(sql`delete from payouts where id = ${payout.id}`);
  });

  it("gives teacher1 a purchase for three seats with one held by teacher2 (issue 23), its books balanced", async () => {
    const [licence] = await rows<{
      seats: number;
      amount: number;
      seat: number;
      price: number;
      held: string[];
    }>(
      db,
      sql`select s.seats, s.amount_cents as amount, s.seat_price_cents as seat, r.price,
            array(select h.username from licence_seats ls join users h on h.id = ls.holder_id
                  where ls.sale_id = s.id) as held
          from sales s join users b on b.id = s.buyer_id join resources r on r.id = s.resource_id
          where b.username = 'teacher1' and s.seats > 1`,
    );
    expect(licence).toMatchObject({ seats: 3, held: ["teacher2"] });
    expect(licence!.amount).toBe(licence!.price + 2 * licence!.seat);
    const free = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from licence_seats where holder_id is null and invited_email is null`,
    );
    expect(free[0]!.n).toBe(1);
  });

  it("seeds only once", async () => {
    const before = await rows<{ n: number }>(db, sql`select count(*)::int as n from resources`);
    expect(await seedDemoIfEmpty({ db, config: SEED_TEST_CONFIG, storage: bed.storage })).toBe(false);
    expect(await rows<{ n: number }>(db, sql`select count(*)::int as n from resources`)).toEqual(before);
  });
});
