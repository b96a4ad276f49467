import { randomUUID } from "node:crypto";
import type { ReviewUse } from "@market/domain";
import type { reviewHelpfulVotes, reviewReports, reviews } from "../schema/index.ts";
import {
  CREATOR_REPLIES,
  REPORTED_REVIEW,
  REVIEW_TEXTS,
  type ReviewText,
  USES_BY_TYPE,
} from "./demo-review-texts.ts";

/**
 * The demo catalogue's ratings and reviews (issue 21), so that a newcomer sees them at once: most
 * resources reviewed by 2 to 8 teachers (more for the popular ones, none yet for the newest), with
 * classroom context on most, a few creator replies, helpful votes, and one review reported to the
 * admins. Every reviewer has used what they review: the extra teachers bought it (a sale, recorded with
 * the demo's earnings) or downloaded it (a free one), and the demo accounts review some of what the
 * demo's earnings sold them. The resources' counts and sums come from the reviews trigger as the rows
 * are inserted.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

interface Account {
  id: string;
  username: string;
  created_at: Date;
}

export interface ReviewedResource {
  id: string;
  name: string;
  users_id: string;
  price: number;
  grade: string;
  type: string;
  published_at: Date;
  download_count: number;
}

/** A reviewer's purchase (paid) or download (free) of a resource, before the review. */
export interface ReviewerUse {
  reviewerId: string;
  resourceId: string;
  at: Date;
  paid: boolean;
  /** The review the admins are asked about (REPORTED_REVIEW). */
  reported?: boolean;
}

/** A sale the demo's earnings recorded, by a demo account. */
export interface DemoSale {
  buyerId: string;
  resourceId: string;
  at: Date;
}

export interface DemoReviewsPlan {
  reviews: (typeof reviews.$inferInsert & { id: string })[];
  votes: (typeof reviewHelpfulVotes.$inferInsert)[];
  reports: (typeof reviewReports.$inferInsert)[];
}

/** Resources published this recently have no reviews yet: nobody has used them for long. */
const TOO_NEW_DAYS = 4;
/** Demo sales this recent are not reviewed yet: their buyers get the prompt to review them. */
const UNREVIEWED_SALE_DAYS = 12;

const between = (rand: () => number, from: number, to: number) => from + rand() * Math.max(0, to - from);

/**
 * Who reviews what, and when they came to own it: for each resource old enough, 2 to 8 of the extra
 * teachers (more for a popular one; one in eight resources gets one or none), and the reported review.
 */
export function planReviewerUses(opts: {
  now: Date;
  rand: () => number;
  resources: readonly ReviewedResource[];
  reviewers: readonly Account[];
}): ReviewerUse[] {
  const { now, rand, resources, reviewers } = opts;
  const uses: ReviewerUse[] = [];
  for (const r of resources) {
    const since = r.published_at.getTime();
    if ((now.getTime() - since) / DAY_MS < TOO_NEW_DAYS) continue;
    const popular = Math.log10(r.download_count + 1);
    const count =
      rand() < 0.125
        ? Math.floor(rand() * 2)
        : Math.max(2, Math.min(8, Math.round(1.5 + popular * 1.4 + (rand() - 0.5) * 3)));
    const able = reviewers.filter((u) => u.created_at.getTime() < now.getTime() - 3 * DAY_MS);
    for (const reviewer of pick(able, count, rand)) {
      const from = Math.max(since, reviewer.created_at.getTime()) + HOUR_MS;
      const at = new Date(between(rand, from, now.getTime() - 2 * DAY_MS));
      uses.push({ reviewerId: reviewer.id, resourceId: r.id, at, paid: r.price > 0 });
    }
  }
  // The reported review: on a free resource that has reviews, by a teacher who has not reviewed it.
  const target = resources.find(
    (r) => r.price === 0 && uses.filter((u) => u.resourceId === r.id).length >= 3,
  );
  if (target) {
    const reviewer = reviewers.find(
      (u) => !uses.some((use) => use.resourceId === target.id && use.reviewerId === u.id),
    );
    if (reviewer) {
      const from = Math.max(target.published_at.getTime(), reviewer.created_at.getTime()) + HOUR_MS;
      uses.push({
        reviewerId: reviewer.id,
        resourceId: target.id,
        at: new Date(between(rand, from, now.getTime() - 2 * DAY_MS)),
        paid: false,
        reported: true,
      });
    }
  }
  return uses;
}

/**
 * The reviews of the reviewers' uses and of most of the demo accounts' older purchases: stars around
 * each resource's own quality, texts suited to the stars, context, replies, edits, helpful votes and
 * the one report.
 */
export function planDemoReviews(opts: {
  now: Date;
  rand: () => number;
  resources: readonly ReviewedResource[];
  uses: readonly ReviewerUse[];
  demoSales: readonly DemoSale[];
  accounts: readonly Account[];
}): DemoReviewsPlan {
  const { now, rand, resources, accounts } = opts;
  const plan: DemoReviewsPlan = { reviews: [], votes: [], reports: [] };
  const byId = new Map(resources.map((r) => [r.id, r]));
  // Most resources are liked; two (none of them featured) are weaker, so "lowest rating first" has
  // something to show.
  const quality = new Map(resources.map((r, i) => [r.id, i % 29 === 13 ? 2.8 : 3.7 + rand() * 1.25]));
  const turn: Record<keyof typeof REVIEW_TEXTS, number> = { "5": 0, "4": 0, "3": 0, low: 0 };
  const latest = now.getTime() - HOUR_MS;
  const older = opts.demoSales.filter((s) => now.getTime() - s.at.getTime() > UNREVIEWED_SALE_DAYS * DAY_MS);
  const written = [
    ...opts.uses,
    ...older
      .filter(() => rand() < 0.6)
      .map((s) => ({ reviewerId: s.buyerId, resourceId: s.resourceId, at: s.at })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());

  let replies = 0;
  let edits = 0;
  for (const use of written) {
    const resource = byId.get(use.resourceId)!;
    const created = new Date(Math.min(latest, use.at.getTime() + between(rand, HOUR_MS, 14 * DAY_MS)));
    const reported = "reported" in use && use.reported === true;
    const stars = reported
      ? REPORTED_REVIEW.rating
      : Math.max(1, Math.min(5, Math.round(quality.get(resource.id)! + (rand() - 0.5) * 1.8)));
    const tier = stars === 5 ? "5" : stars === 4 ? "4" : stars === 3 ? "3" : "low";
    // One in five only rates; the texts of a tier are taken in turn, so neighbours differ.
    const said: ReviewText | null = reported
      ? { text: REPORTED_REVIEW.text }
      : rand() < 0.2
        ? null
        : REVIEW_TEXTS[tier][turn[tier]++ % REVIEW_TEXTS[tier].length]!;
    const uses = USES_BY_TYPE[resource.type] ?? USES_BY_TYPE.Other!;
    const usedFor: ReviewUse | null = reported
      ? null
      : (said?.usedFor ?? (rand() < 0.75 ? uses[Math.floor(rand() * uses.length)]! : null));
    const review: DemoReviewsPlan["reviews"][number] = {
      id: randomUUID(),
      resource_id: resource.id,
      users_id: use.reviewerId,
      rating: stars,
      text: said?.text ?? "",
      grade_taught: reported || rand() < 0.2 ? null : resource.grade,
      used_for: usedFor,
      created_at: created,
      updated_at: created,
    };
    // A few authors came back to change a word.
    if (said && !reported && edits < 4 && rand() < 0.06) {
      edits += 1;
      review.updated_at = new Date(Math.min(latest, created.getTime() + between(rand, DAY_MS, 5 * DAY_MS)));
    }
    // The creator answers criticism, and thanks some of the praise.
    const answer =
      said && !reported && replies < 8
        ? stars <= 3
          ? CREATOR_REPLIES.fix[replies % CREATOR_REPLIES.fix.length]
          : stars === 5 && rand() < 0.12
            ? CREATOR_REPLIES.thanks[replies % CREATOR_REPLIES.thanks.length]
            : undefined
        : undefined;
    if (answer) {
      replies += 1;
      const at = new Date(Math.min(latest, created.getTime() + between(rand, 3 * HOUR_MS, 3 * DAY_MS)));
      Object.assign(review, { reply_text: answer, reply_created_at: at, reply_updated_at: at });
    }
    plan.reviews.push(review);

    const others = accounts.filter((a) => a.id !== use.reviewerId && a.id !== resource.users_id);
    if (reported) {
      // Reported by the resource's creator and by a teacher who reviewed it too.
      const reporters = [
        accounts.find((a) => a.id === resource.users_id)!,
        ...others.filter((a) => written.some((w) => w.resourceId === resource.id && w.reviewerId === a.id)),
      ];
      REPORTED_REVIEW.reports.forEach((report, i) => {
        const reporter = reporters[i];
        if (!reporter) return;
        plan.reports.push({
          review_id: review.id,
          users_id: reporter.id,
          reason: report.reason,
          details: report.details,
          created_at: new Date(Math.min(latest, created.getTime() + (i + 1) * 5 * HOUR_MS)),
        });
      });
    } else if (said && rand() < 0.55) {
      const voters = pick(
        others.filter((a) => a.created_at < created),
        1 + Math.floor(rand() ** 2 * 6),
        rand,
      );
      for (const voter of voters) {
        plan.votes.push({
          review_id: review.id,
          users_id: voter.id,
          created_at: new Date(between(rand, created.getTime(), latest)),
        });
      }
      review.helpful_count = voters.length;
    }
  }
  return plan;
}

/** `count` distinct items drawn from `items` (all of them when there are fewer). */
function pick<T>(items: readonly T[], count: number, rand: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0)
    out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
  return out;
}
