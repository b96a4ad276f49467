import type { resources } from "../schema/index.ts";
import { type DemoEarningsPlan, planDemoEarnings } from "./demo-earnings.ts";
import { type DemoReviewsPlan, planDemoReviews, planReviewerUses } from "./demo-reviews.ts";

interface Account {
  id: string;
  username: string;
  created_at: Date;
}

export interface DemoActivityPlan {
  earnings: DemoEarningsPlan;
  /** The reviewers' downloads of the free resources they review (their purchases are in earnings). */
  userDownloads: { resource_id: string; users_id: string; created_at: Date }[];
  reviews: DemoReviewsPlan;
}

/**
 * The demo's money and reviews, which depend on each other: who reviews what (demo-reviews.ts) decides
 * the reviewers' purchases, recorded with the demo creator's sales and tips (demo-earnings.ts), and their
 * downloads, counted among the resource's downloads (its download_count is raised when they are more);
 * then the reviews of those and of the demo accounts' own purchases.
 */
export function planDemoActivity(opts: {
  now: Date;
  rand: () => number;
  accounts: readonly Account[];
  reviewers: readonly Account[];
  resources: (typeof resources.$inferInsert & { id?: string })[];
}): DemoActivityPlan {
  const { now, rand, accounts, reviewers } = opts;
  const reviewed = opts.resources.map((r) => ({
    id: r.id!,
    name: r.name,
    users_id: r.users_id,
    price: r.price ?? 0,
    grade: r.grade ?? "",
    type: r.type ?? "Other",
    published_at: r.published_at ?? r.created_at ?? now,
    download_count: r.download_count ?? 0,
  }));
  const uses = planReviewerUses({ now, rand, resources: reviewed, reviewers });
  const userDownloads = uses
    .filter((use) => !use.paid)
    .map((use) => ({ resource_id: use.resourceId, users_id: use.reviewerId, created_at: use.at }));
  for (const row of opts.resources) {
    const theirs = userDownloads.filter((d) => d.resource_id === row.id).length;
    row.download_count = Math.max(row.download_count ?? 0, theirs);
  }
  const earnings = planDemoEarnings({
    now,
    accounts,
    resources: reviewed,
    purchases: uses
      .filter((use) => use.paid)
      .map((use) => ({ buyerId: use.reviewerId, resourceId: use.resourceId, at: use.at })),
  });
  const reviewerIds = new Set(reviewers.map((u) => u.id));
  const reviews = planDemoReviews({
    now,
    rand,
    resources: reviewed,
    uses,
    demoSales: earnings.sales
      .filter((sale) => !reviewerIds.has(sale.buyer_id))
      .map((sale) => ({ buyerId: sale.buyer_id, resourceId: sale.resource_id, at: sale.created_at as Date })),
    accounts,
  });
  return { earnings, userDownloads, reviews };
}
