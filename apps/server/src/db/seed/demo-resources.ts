import { randomUUID } from "node:crypto";
import { availableParallelism } from "node:os";
import {
  COUNTS,
  dayInZone,
  PREVIEW_IMAGE_RULES,
  PRICE_RULES,
  type ResourceType,
  SUBJECT_AREA,
} from "@market/domain";
import { encodePreview } from "../../platform/images.ts";
import { renderPdfPages } from "../../platform/pdf-pages.ts";
import type { favorites, resourceFiles, resourcePreviews, resources } from "../schema/index.ts";
import {
  DEMO_RESOURCES,
  type DemoResourceSeed,
  describeResource,
  keywordsFor,
  readingLevelFor,
  STANDARDS,
  slugify,
} from "./catalogue.ts";
import { buildResourceDocument } from "./documents.ts";
import { gradeLabel } from "./images.ts";

/**
 * The demo catalogue's resources: plausible numbers (prices, sales, downloads, favourites, dates over
 * the last year) and, for each, a real PDF whose pages become its previews through the product's own
 * pipeline (PDFium pages, re-encoded as WebP), the first page being the cover.
 */

const DAY_MS = 86_400_000;

/** Price ladders per type, in cents: what teachers charge, ending in .00, .50 or .99. */
const PRICES: Record<ResourceType, readonly number[]> = {
  Worksheet: [150, 199, 250, 299, 300, 350, 399],
  Activity: [250, 300, 350, 399, 450, 499, 550],
  Game: [200, 250, 299, 350, 399, 450],
  "Lesson Plan": [199, 299, 350, 399, 499],
  Unit: [699, 799, 850, 999, 1000, 1199, 1200, 1499],
  Poster: [150, 199, 250, 300, 350],
  Presentation: [300, 350, 399, 450, 499, 599],
  Assessment: [150, 199, 250, 299, 350],
  Other: [250, 300, 399, 499],
};

export interface DemoCreator {
  id: string;
  name: string;
  createdAt: Date;
}

export interface DemoFan {
  id: string;
  username: string;
  createdAt: Date;
  /** How many resources this account has favourited. */
  count: number;
  /** Resources (by slug) this account must not have favourited: a journey favourites them itself. */
  avoid?: readonly string[];
}

export interface DemoResourcePlan {
  files: { key: string; body: Buffer }[];
  resources: (typeof resources.$inferInsert)[];
  previews: (typeof resourcePreviews.$inferInsert)[];
  resourceFiles: (typeof resourceFiles.$inferInsert)[];
  favorites: (typeof favorites.$inferInsert)[];
}

/** Which creator publishes resource i: creator1 is prolific (33 of 65), a portfolio past its first 24. */
const creatorIndexOf = (i: number) => (i % 2 === 0 ? 0 : i % 4 === 1 ? 1 : 2);

export async function planDemoResources(opts: {
  now: Date;
  rand: () => number;
  creators: readonly DemoCreator[];
  fans: readonly DemoFan[];
}): Promise<DemoResourcePlan> {
  const planned = planCatalogue(opts);
  const rows = planned.map((p) => p.row);
  const plan: DemoResourcePlan = {
    files: [],
    resources: rows,
    previews: [],
    resourceFiles: [],
    favorites: favoritesFor(rows, opts.fans, opts.rand, opts.now),
  };
  // Rendering is the slow part: a few resources at a time keep the PDFium thread and sharp's pool busy.
  await runPool(
    planned.map((p) => () => renderResourceFiles(p, plan)),
    Math.max(2, availableParallelism() * 2),
  );
  plan.previews.sort((a, b) => a.resource_id.localeCompare(b.resource_id) || a.order_index - b.order_index);
  return plan;
}

export interface PlannedResource {
  seed: DemoResourceSeed;
  index: number;
  row: DemoResourcePlan["resources"][number] & {
    id: string;
    name: string;
    published_at: Date;
    download_count: number;
  };
  author: string;
  gradeText: string;
}

/** The catalogue's rows with their numbers: prices and sales, downloads, dates. Nothing rendered yet. */
export function planCatalogue(opts: {
  now: Date;
  rand: () => number;
  creators: readonly DemoCreator[];
}): PlannedResource[] {
  const { now, rand, creators } = opts;
  const catalogue = DEMO_RESOURCES;
  const n = catalogue.length;
  const order = shuffle(
    catalogue.map((_, i) => i),
    rand,
  );
  const freeIndexes = new Set(order.slice(0, Math.round(n / 3)));
  // A shuffle of its own for the dates, or the free third would be the newest third.
  const dateOrder = shuffle(
    catalogue.map((_, i) => i),
    rand,
  );
  const featuredIndexes = new Set([0, 9, 16, 25, 33, 40, 50, 60].filter((i) => i < n));
  const slugs = new Set<string>();
  let paidCount = 0;
  const planned = catalogue.map((seed, i) => {
    const creator = creators[creatorIndexOf(i) % creators.length]!;
    const isFree = freeIndexes.has(i);
    let price = 0;
    let salePrice: number | null = null;
    let saleEnd: string | null = null;
    if (!isFree) {
      paidCount += 1;
      const ladder = PRICES[seed.type];
      price = ladder[Math.floor(rand() * ladder.length)]!;
      // A few on sale (20 or 25% off) until a day within the next three weeks (spec: at most 30 days).
      if (paidCount % 6 === 2) {
        const off = price * (paidCount % 4 === 0 ? 0.75 : 0.8);
        // Priced as a person would: to the ten cents, less one ($3.99 at 20% off is $3.19).
        salePrice = Math.max(PRICE_RULES.minCents, Math.round(off / 10) * 10 - 1);
        saleEnd = dayInZone(new Date(now.getTime() + (3 + ((paidCount * 7) % 23)) * DAY_MS));
      }
    }
    // Published over the last year, more of them recently, no creator's resources bunched together.
    const rank = dateOrder.indexOf(i) / n;
    const ageDays = 350 * rank ** 1.25 + 0.3 + rand() * 3;
    const publishedAt = new Date(now.getTime() - ageDays * DAY_MS);
    const gradeText = seed.grade === "K" ? "Kindergarten" : gradeLabel(seed.grade);
    const row = {
      id: randomUUID(),
      name: slugify(seed.title, slugs),
      users_id: creator.id,
      title: seed.title,
      subtitle: seed.subtitle,
      subject_area: SUBJECT_AREA[seed.subject],
      description: describeResource(seed, i, gradeText),
      keywords: keywordsFor(seed),
      skills: [seed.skill],
      standards: [...STANDARDS[seed.subject]],
      grade: seed.grade,
      reading_levels: readingLevelFor(seed.grade),
      type: seed.type,
      price,
      sale_price: salePrice,
      sale_end: saleEnd,
      approval_status: "approved",
      status: "active",
      upload_status: 2,
      is_featured: featuredIndexes.has(i),
      download_count: 0,
      published_at: publishedAt,
      created_at: new Date(publishedAt.getTime() - (1 + rand() * 6) * DAY_MS),
      updated_at: publishedAt,
    };
    const appeal = popularity({ rand, ageDays, isFree, featured: featuredIndexes.has(i) });
    return { seed, index: i, row, author: creator.name, gradeText, appeal };
  });
  // A long tail by rank of appeal (Zipf-like): a few resources in the thousands, most in the tens or
  // hundreds.
  const byAppeal = [...planned].sort((a, b) => b.appeal - a.appeal);
  byAppeal.forEach((p, rank) => {
    const ageDays = (now.getTime() - p.row.published_at.getTime()) / DAY_MS;
    const zipf = Math.round((5200 / (rank + 1) ** 1.1) * (0.85 + rand() * 0.3));
    // Nothing downloads thousands of times in its first days.
    p.row.download_count = Math.max(2, Math.min(zipf, Math.round(4 + ageDays * 35)));
  });
  return planned.map(({ appeal: _, ...p }) => p);
}

/** The resource's PDF (and its sample when paid), and its previews rendered from the PDF's pages. */
async function renderResourceFiles(p: PlannedResource, plan: DemoResourcePlan): Promise<void> {
  const { row, seed } = p;
  const isFree = row.price === 0;
  const doc = await buildResourceDocument({ seed, index: p.index, author: p.author, gradeText: p.gradeText });
  // Spec 5: a paid resource has a premium file (the whole resource) and a free sample; a free one has
  // one file, the whole resource.
  const addFile = (name: string, body: Buffer, premium: boolean) => {
    const id = randomUUID();
    const key = `resource-files/${row.id}/${randomUUID()}.pdf`;
    plan.files.push({ key, body });
    plan.resourceFiles.push({
      id,
      resource_id: row.id,
      name,
      storage_key: key,
      content_type: "application/pdf",
      size_bytes: body.length,
      is_premium_file: premium,
      created_at: row.published_at,
    });
    return id;
  };
  const sampleId = addFile(
    isFree ? `${row.name}.pdf` : `${row.name}-sample.pdf`,
    isFree ? doc.full : doc.sample,
    false,
  );
  const premiumId = isFree ? null : addFile(`${row.name}-full.pdf`, doc.full, true);
  // The previews, as the publishing wizard makes them from a PDF: its pages rendered at the preview
  // minimum, stored as WebP; the first one is the cover.
  const pages = await renderPdfPages(doc.full, {
    // Cover plus two inside pages: the preview slots a creator gets by default, and a paid resource's
    // minimum (spec 4 and 5).
    maxPages: COUNTS.previewSlots,
    minWidth: PREVIEW_IMAGE_RULES.minWidth,
    minHeight: PREVIEW_IMAGE_RULES.minHeight,
  });
  const encoded = await Promise.all(pages.map((page) => encodePreview(page.png)));
  encoded.forEach((image, k) => {
    const key = `previews/${row.id}/${randomUUID()}.webp`;
    plan.files.push({ key, body: image.data });
    plan.previews.push({
      resource_id: row.id,
      order_index: k,
      storage_key: key,
      size_bytes: image.data.length,
      width: image.width,
      height: image.height,
      generated_name: `${premiumId ?? sampleId}-${k + 1}`,
      created_at: row.published_at,
    });
  });
}

/** How much teachers want a resource: random, more for free, featured and older ones. */
function popularity(o: { rand: () => number; ageDays: number; isFree: boolean; featured: boolean }): number {
  const z = Math.sqrt(-2 * Math.log(1 - o.rand())) * Math.cos(2 * Math.PI * o.rand());
  return (
    Math.exp(z) * (o.isFree ? 2.2 : 1) * (o.featured ? 1.5 : 1) * (0.35 + Math.min(o.ageDays, 365) / 240)
  );
}

/** Favourites of the demo accounts, drawn in proportion to downloads, never of their own resources. */
function favoritesFor(
  rows: PlannedResource["row"][],
  fans: readonly DemoFan[],
  rand: () => number,
  now: Date,
): DemoResourcePlan["favorites"] {
  const out: DemoResourcePlan["favorites"] = [];
  for (const fan of fans) {
    const pool = rows.filter((r) => r.users_id !== fan.id && !fan.avoid?.includes(r.name));
    const weight = (r: (typeof pool)[number]) => Math.sqrt(r.download_count);
    const picked = new Set<string>();
    while (picked.size < Math.min(fan.count, pool.length)) {
      const total = pool.reduce((sum, r) => sum + (picked.has(r.id) ? 0 : weight(r)), 0);
      let x = rand() * total;
      for (const r of pool) {
        if (picked.has(r.id)) continue;
        x -= weight(r);
        if (x <= 0) {
          picked.add(r.id);
          break;
        }
      }
    }
    for (const r of pool.filter((row) => picked.has(row.id))) {
      const since = Math.max(r.published_at.getTime(), fan.createdAt.getTime());
      out.push({
        users_id: fan.id,
        resource_id: r.id,
        created_at: new Date(since + rand() * (now.getTime() - since)),
      });
    }
  }
  return out;
}

async function runPool(jobs: (() => Promise<void>)[], width: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next]!;
      next += 1;
      await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
}

export function shuffle<T>(items: T[], rand: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
