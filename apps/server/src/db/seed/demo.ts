import { randomInt, randomUUID } from "node:crypto";
import {
  COUNTS,
  DEFAULT_COLORS,
  DEFAULT_SITE_SETTINGS,
  DEFAULT_TEXTS,
  dayInZone,
  SITE_IMAGE_KEYS,
  textColorFor,
} from "@market/domain";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../platform/app-types.ts";
import { hashSecret } from "../../platform/passwords.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Db, Tx } from "../client.ts";
import {
  adDailyStats,
  advertisements,
  colors,
  favorites,
  helpEntries,
  ledgerEntries,
  ledgerTransactions,
  payments,
  payouts,
  resourceFiles,
  resourcePreviews,
  resources,
  reviewHelpfulVotes,
  reviewReports,
  reviews,
  sales,
  siteImages,
  siteImageVariations,
  systemAvatars,
  texts,
  tips,
  users,
} from "../schema/index.ts";
import { mulberry32, slugify } from "./catalogue.ts";
import { AD_MIN_IMAGE, checkAdTexts, DEMO_ADS, DEMO_USERS, SITE_IMAGE_PAGES } from "./content.ts";
import { type DemoActivityPlan, planDemoActivity } from "./demo-activity.ts";
import { insertDemoBundles } from "./demo-bundles.ts";
import { planHelpBook } from "./demo-help.ts";
import { insertDemoInsight } from "./demo-insight.ts";
import { insertDemoLicence } from "./demo-licences.ts";
import { planDemoResources } from "./demo-resources.ts";
import { DEMO_REVIEWERS } from "./demo-review-texts.ts";
import { adImageSvg, avatarSvg, bannerSvg, logoSvg, PALETTE, patternSvg, renderSvg } from "./images.ts";

export const DEMO_ACCOUNTS: readonly string[] = [
  "admin",
  "creator1",
  "creator2",
  "creator3",
  "teacher1",
  "teacher2",
];

/** Any constant that differs from the migration lock; it serialises seeding across server instances. */
const SEED_LOCK_ID = 7_204_116;
const DAY_MS = 86_400_000;

type Executor = Db | Tx;

/**
 * Seeds the demo marketplace into an empty database and returns true, or returns false when any user
 * exists. The transaction takes an advisory lock and checks again before it renders anything, so when
 * two instances start on one empty PostgreSQL database only one renders (several seconds of PDF pages
 * and pictures), writes files and seeds; the other waits for it and finds the users there.
 */
export async function seedDemoIfEmpty(deps: Pick<AppDeps, "db" | "storage" | "config">): Promise<boolean> {
  if (await hasUsers(deps.db)) return false;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await hasUsers(tx)) return false;
    const now = new Date();
    const plan = await buildDemoPlan(deps.config.demoPassword, now);
    await writeFiles(deps.storage, plan.files);
    await insertPlan(tx, plan, now);
    return true;
  });
}

async function hasUsers(db: Executor): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`select exists (select 1 from users) as found`);
  return Boolean(result.rows[0]?.found);
}

interface StoredFile {
  key: string;
  body: Buffer;
}

interface DemoPlan {
  files: StoredFile[];
  users: (typeof users.$inferInsert)[];
  systemAvatars: (typeof systemAvatars.$inferInsert)[];
  colors: (typeof colors.$inferInsert)[];
  texts: (typeof texts.$inferInsert)[];
  siteImages: (typeof siteImages.$inferInsert)[];
  siteImageVariations: (typeof siteImageVariations.$inferInsert)[];
  resources: (typeof resources.$inferInsert)[];
  previews: (typeof resourcePreviews.$inferInsert)[];
  resourceFiles: (typeof resourceFiles.$inferInsert)[];
  favorites: (typeof favorites.$inferInsert)[];
  ads: (typeof advertisements.$inferInsert)[];
  adStats: (typeof adDailyStats.$inferInsert)[];
  helpEntries: (typeof helpEntries.$inferInsert)[];
  earnings: DemoActivityPlan["earnings"];
  userDownloads: DemoActivityPlan["userDownloads"];
  reviews: DemoActivityPlan["reviews"];
}

async function insertPlan(tx: Tx, plan: DemoPlan, now: Date): Promise<void> {
  await tx.insert(users).values(plan.users);
  // Site content may one day be seeded by a migration as well; the demo then keeps what is there.
  await tx.insert(systemAvatars).values(plan.systemAvatars).onConflictDoNothing();
  await tx.insert(colors).values(plan.colors).onConflictDoNothing();
  await tx.insert(texts).values(plan.texts).onConflictDoNothing();
  await tx.insert(siteImages).values(plan.siteImages).onConflictDoNothing();
  await tx.insert(siteImageVariations).values(plan.siteImageVariations).onConflictDoNothing();
  await tx.insert(resources).values(plan.resources);
  await tx.insert(resourcePreviews).values(plan.previews);
  await tx.insert(resourceFiles).values(plan.resourceFiles);
  if (plan.userDownloads.length) await tx.execute(insertUserDownloads(plan.userDownloads));
  await insertDownloadEvents(tx, now);
  if (plan.favorites.length) await tx.insert(favorites).values(plan.favorites);
  await tx.insert(advertisements).values(plan.ads);
  await tx.insert(adDailyStats).values(plan.adStats);
  // Image and video entries first: articles point at them.
  const [media, articles] = partition(plan.helpEntries, (e) => e.type !== "article");
  await tx.insert(helpEntries).values(media);
  await tx.insert(helpEntries).values(articles);
  // The demo creator's sales, tips and payout, with the ledger that makes their balance.
  const money = plan.earnings;
  if (money.payments.length) await tx.insert(payments).values(money.payments);
  if (money.sales.length) await tx.insert(sales).values(money.sales);
  if (money.tips.length) await tx.insert(tips).values(money.tips);
  if (money.ledgerTransactions.length) await tx.insert(ledgerTransactions).values(money.ledgerTransactions);
  if (money.ledgerEntries.length) await tx.insert(ledgerEntries).values(money.ledgerEntries);
  if (money.payouts.length) await tx.insert(payouts).values(money.payouts);
  // After the sales and downloads that make their authors eligible; the reviews trigger counts them.
  const { reviews: written, votes, reports } = plan.reviews;
  if (written.length) await tx.insert(reviews).values(written);
  if (votes.length) await tx.insert(reviewHelpfulVotes).values(votes);
  if (reports.length) await tx.insert(reviewReports).values(reports);
  await insertDemoBundles(tx, now);
  // teacher1's purchase for three seats, one held by teacher2 (issue 23: /profile/licences has one to show).
  await insertDemoLicence(tx, now);
  // Last: the views follow the downloads and sales the triggers have counted into the daily rows.
  await insertDemoInsight(tx);
}

/** The reviewers' downloads, one statement (a few hundred rows). */
function insertUserDownloads(rows: DemoPlan["userDownloads"]) {
  return sql`insert into downloads (resource_id, users_id, created_at)
    select * from unnest(${`{${rows.map((r) => r.resource_id).join(",")}}`}::uuid[],
      ${`{${rows.map((r) => r.users_id).join(",")}}`}::uuid[],
      ${`{${rows.map((r) => `"${r.created_at.toISOString()}"`).join(",")}}`}::timestamptz[])`;
}

/**
 * A download event for every download a resource counts, the reviewers' (already inserted) and the rest
 * from visitors, spread between its publication and now (more of them recent): the catalogue's
 * downloadCount and the admin statistics, which count these events, then tell the same story, as they do
 * for every real download (download.service.ts writes both).
 */
async function insertDownloadEvents(tx: Tx, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into downloads (resource_id, visitor_key, created_at)
    select r.id, md5('demo-visitor:' || r.id || ':' || n),
           r.published_at + (${now.toISOString()}::timestamptz - r.published_at) * sqrt(mod(n * 0.6180339887, 1))::float8
      from resources r cross join lateral generate_series(
        1, r.download_count - (select count(*)::int from downloads d where d.resource_id = r.id)) as n`);
}

async function writeFiles(storage: Storage, files: StoredFile[]): Promise<void> {
  await Promise.all(files.map((f) => storage.put(f.key, f.body)));
}

/** Everything the demo needs, rendered and built in memory; nothing touches the database or storage. */
async function buildDemoPlan(password: string, now: Date): Promise<DemoPlan> {
  const rand = mulberry32(20_260_101);
  const files: StoredFile[] = [];
  const render = async (key: string, svg: string) => {
    const body = await renderSvg(svg);
    files.push({ key, body });
    return body;
  };

  const passwordHash = hashSecret(password);

  // Avatars and pattern images.
  const avatarKey = (n: number) => `avatars/system-${n}.png`;
  const avatarRenders = Array.from({ length: COUNTS.systemAvatars }, (_, i) =>
    render(avatarKey(i + 1), avatarSvg(i + 1)),
  );
  const patternRenders = Array.from({ length: COUNTS.patternImages }, (_, i) =>
    render(`patterns/${i + 1}.png`, patternSvg(i + 1)),
  );

  // Users: the demo accounts, and the teachers who review the demo catalogue beside them.
  const accounts = [...DEMO_USERS, ...DEMO_REVIEWERS];
  const refCodes = uniqueRefCodes(accounts.length);
  const hash = await passwordHash;
  const userRows = accounts.map((u, i) => ({
    id: randomUUID(),
    username: u.username,
    email: `${u.username}@lessonloft.test`,
    first_name: u.first_name,
    last_name: u.last_name,
    password_hash: hash,
    role: u.role,
    is_master_account: u.is_master_account,
    avatar_locator: avatarKey(u.avatar),
    email_verified_at: now,
    tos_accepted_at: now,
    ref_code: refCodes[i]!,
    created_at: new Date(now.getTime() - u.joined_days_ago * DAY_MS),
  }));
  const userId = (username: string) => userRows.find((u) => u.username === username)!.id;

  // Site images: one banner per page key.
  const darks = PALETTE.filter((c) => textColorFor(c) !== "#111827");
  const lights = PALETTE.filter((c) => textColorFor(c) === "#111827");
  const siteImageRows: DemoPlan["siteImages"] = [];
  const variationRows: DemoPlan["siteImageVariations"] = [];
  const bannerRenders = SITE_IMAGE_KEYS.map((key, i) => {
    const page = SITE_IMAGE_PAGES[key];
    const from = darks[i % darks.length]!;
    const locator = `site-images/${key}-1.png`;
    siteImageRows.push({ key, title: `${page} page banner`, image_field_names: ["banner"] });
    variationRows.push({
      site_image_key: key,
      image_locator: locator,
      // The picture holds no words: its alt says what it shows, as an admin's upload would.
      alt: "Worksheets fanned out on a coloured background",
      colors: [{ css_var_name: "--banner-accent", color_hex: from }],
      is_current: true,
    });
    return render(locator, bannerSvg({ from, to: lights[i % lights.length]!, seed: i }));
  });

  // Resources, their PDFs and previews rendered from them, and the demo accounts' favourites.
  const userRow = (username: string) => userRows.find((u) => u.username === username)!;
  const resourcePlan = planDemoResources({
    now,
    rand,
    creators: ["creator1", "creator2", "creator3"].map((name) => {
      const u = userRow(name);
      return { id: u.id, name: `${u.first_name} ${u.last_name}`, createdAt: u.created_at };
    }),
    fans: [
      { username: "teacher1", count: 9 },
      // The catalogue journey favourites this one as teacher2.
      { username: "teacher2", count: 5, avoid: ["french-numbers-1-to-100"] },
      { username: "creator1", count: 3 },
      { username: "creator2", count: 4 },
      { username: "creator3", count: 2 },
    ].map((f) => ({ ...f, id: userRow(f.username).id, createdAt: userRow(f.username).created_at })),
  });

  // Advertisements: a running one of each type, and an expired earlier run of each for statistics.
  const adRows: DemoPlan["ads"] = [];
  const statRows: DemoPlan["adStats"] = [];
  const adRenders: Promise<unknown>[] = [];
  const today = dayInZone(now);
  const addAd = (ad: (typeof DEMO_ADS)[number], seedIndex: number, running: boolean) => {
    checkAdTexts(ad);
    const id = randomUUID();
    const imageKey = `ads/${randomUUID()}.png`;
    const businessKey = `ads/${randomUUID()}.png`;
    const min = AD_MIN_IMAGE[ad.ad_type];
    // The smallest format is drawn larger so its headline stays legible; larger is always accepted.
    const scale = ad.ad_type === "3" ? 2 : 1;
    adRenders.push(
      render(
        imageKey,
        adImageSvg({
          width: min.width * scale,
          height: min.height * scale,
          headline: ad.title,
          accent: ad.accent,
          seed: seedIndex,
        }),
      ),
      render(businessKey, logoSvg(ad.initials, ad.accent)),
    );
    const startsAt = running ? now : new Date(now.getTime() - 12 * DAY_MS);
    const runDays = 7;
    adRows.push({
      id,
      users_id: userId(ad.owner),
      ad_type: ad.ad_type,
      approval_status: "approved",
      running_status: running ? "running" : "expired",
      discount_code: ad.discount_code ?? null,
      title: ad.title,
      subtitle: ad.subtitle ?? null,
      subject: ad.subject ?? null,
      statement: ad.statement,
      description: ad.description,
      button: ad.button ?? null,
      business_name: ad.business_name,
      business_image: businessKey,
      click_url: ad.click_url,
      image_url: imageKey,
      image_name: `${slugify(ad.title, new Set())}.png`,
      spend_per_day: 500,
      run_days_total: runDays,
      grades: ad.grades,
      is_admin_ad: ad.is_admin_ad ?? false,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + runDays * DAY_MS),
      created_at: new Date(startsAt.getTime() - DAY_MS),
      updated_at: startsAt,
    });
    const cpm = DEFAULT_SITE_SETTINGS.adCpmCents[ad.ad_type];
    const budgetImpressions = Math.floor((500 / cpm) * 1000);
    const days = running
      ? [today]
      : Array.from({ length: runDays }, (_, d) => dayInZone(new Date(startsAt.getTime() + d * DAY_MS)));
    for (const day of days) {
      const impressions = Math.floor(
        budgetImpressions * (running ? 0.15 + rand() * 0.2 : 0.6 + rand() * 0.4),
      );
      statRows.push({
        ad_id: id,
        day,
        impressions,
        clicks: Math.round(impressions * (0.003 + rand() * 0.009)),
        spend_cents: Math.min(500, Math.round((impressions * cpm) / 1000)),
      });
    }
  };
  for (const [i, ad] of DEMO_ADS.entries()) {
    addAd(ad, i, true);
    if (!ad.is_admin_ad) addAd(ad, i + 7, false);
  }

  // Help book.
  const help = planHelpBook(render);

  const [resourcesPlanned] = await Promise.all([
    resourcePlan,
    ...avatarRenders,
    ...patternRenders,
    ...bannerRenders,
    ...adRenders,
    ...help.renders,
  ]);

  // The demo's money and reviews: sales, tips and a payout, and who reviewed what after using it.
  const {
    earnings,
    userDownloads,
    reviews: reviewPlan,
  } = planDemoActivity({
    now,
    rand,
    accounts: userRows,
    reviewers: userRows.filter((u) => DEMO_REVIEWERS.some((d) => d.username === u.username)),
    resources: resourcesPlanned.resources,
  });

  return {
    files: [...files, ...resourcesPlanned.files],
    users: userRows,
    systemAvatars: Array.from({ length: COUNTS.systemAvatars }, (_, i) => ({
      id: i + 1,
      locator: avatarKey(i + 1),
    })),
    colors: DEFAULT_COLORS.map((c, i) => ({
      name: c.name,
      css: c.css,
      css_var_name: c.cssVarName,
      position: i,
    })),
    texts: Object.entries(DEFAULT_TEXTS).map(([key, value]) => ({ key, value })),
    siteImages: siteImageRows,
    siteImageVariations: variationRows,
    resources: resourcesPlanned.resources,
    previews: resourcesPlanned.previews,
    resourceFiles: resourcesPlanned.resourceFiles,
    favorites: resourcesPlanned.favorites,
    ads: adRows,
    adStats: statRows,
    helpEntries: help.rows,
    earnings,
    userDownloads,
    reviews: reviewPlan,
  };
}

/** Ref-code alphabet without look-alikes (no 0/O, 1/I/L), DECISIONS.md. */
export const REF_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function randomRefCode(): string {
  return Array.from({ length: 8 }, () => REF_CODE_ALPHABET[randomInt(REF_CODE_ALPHABET.length)]).join("");
}

function uniqueRefCodes(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(randomRefCode());
  return [...codes];
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}
