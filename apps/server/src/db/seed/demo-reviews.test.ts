import { randomUUID } from "node:crypto";
import { GRADES, REVIEW_LIMITS, REVIEW_USES } from "@market/domain";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "./catalogue.ts";
import { DEMO_USERS } from "./content.ts";
import { planDemoActivity } from "./demo-activity.ts";
import { planCatalogue } from "./demo-resources.ts";
import { DEMO_REVIEWERS, REPORTED_REVIEW } from "./demo-review-texts.ts";

const DAY_MS = 86_400_000;

/**
 * The demo's reviews as planned (no database: demo.test.ts checks the seeded rows, their eligibility
 * and the trigger's numbers): what they say, their stars and context, and that each author had used
 * the resource before reviewing it.
 */
function plan(seed = 20_260_101) {
  const now = new Date("2026-11-24T12:00:00Z");
  const rand = mulberry32(seed);
  const accounts = [...DEMO_USERS, ...DEMO_REVIEWERS].map((u) => ({
    id: randomUUID(),
    username: u.username,
    created_at: new Date(now.getTime() - u.joined_days_ago * DAY_MS),
  }));
  const creators = ["creator1", "creator2", "creator3"].map((name) => {
    const u = accounts.find((a) => a.username === name)!;
    return { id: u.id, name, createdAt: u.created_at };
  });
  const resources = planCatalogue({ now, rand, creators }).map((p) => p.row);
  const reviewers = accounts.filter((a) => DEMO_REVIEWERS.some((d) => d.username === a.username));
  const activity = planDemoActivity({ now, rand, accounts, reviewers, resources });
  return { now, accounts, resources, reviewers, ...activity };
}

describe("the demo's reviews", () => {
  const p = plan();
  const reviews = p.reviews.reviews;
  const resource = (id: string) => p.resources.find((r) => r.id === id)!;

  it("are written by someone who bought (paid) or downloaded (free) the resource before, never its creator", () => {
    expect(reviews.length).toBeGreaterThan(150);
    for (const review of reviews) {
      const r = resource(review.resource_id);
      expect(review.users_id).not.toBe(r.users_id);
      const at = review.created_at!.getTime();
      const used =
        (r.price ?? 0) > 0
          ? p.earnings.sales.some(
              (s) =>
                s.buyer_id === review.users_id && s.resource_id === r.id && s.created_at!.getTime() <= at,
            )
          : p.userDownloads.some(
              (d) => d.users_id === review.users_id && d.resource_id === r.id && d.created_at.getTime() <= at,
            );
      expect(used, `${review.users_id} on ${r.name}`).toBe(true);
      expect(at).toBeLessThanOrEqual(p.now.getTime());
      expect(review.updated_at!.getTime()).toBeGreaterThanOrEqual(at);
    }
    // Once per user and resource (the table's unique key).
    expect(new Set(reviews.map((r) => `${r.resource_id}:${r.users_id}`)).size).toBe(reviews.length);
  });

  it("count the reviewers' downloads among the resource's", () => {
    for (const r of p.resources) {
      expect(r.download_count).toBeGreaterThanOrEqual(
        p.userDownloads.filter((d) => d.resource_id === r.id).length,
      );
    }
  });

  it("leave the newest resources unreviewed and give most others 2 to 8", () => {
    const counts = p.resources.map((r) => ({
      age: (p.now.getTime() - r.published_at.getTime()) / DAY_MS,
      n: reviews.filter((v) => v.resource_id === r.id).length,
    }));
    expect(counts.filter((c) => c.age < 4 && c.n > 0)).toEqual([]);
    const settled = counts.filter((c) => c.age >= 4);
    expect(settled.filter((c) => c.n >= 2 && c.n <= 9).length).toBeGreaterThanOrEqual(settled.length * 0.75);
  });

  it("say varied things: some only stars, some a few words, some a paragraph", () => {
    const texts = reviews.map((r) => r.text ?? "");
    expect(texts.filter((x) => x === "").length).toBeGreaterThan(reviews.length * 0.1);
    expect(texts.filter((x) => x !== "" && x.length < 40).length).toBeGreaterThan(5);
    expect(texts.filter((x) => x.length > 150).length).toBeGreaterThan(5);
    expect(new Set(texts).size).toBeGreaterThan(20);
    expect(Math.max(...texts.map((x) => x.length))).toBeLessThanOrEqual(REVIEW_LIMITS.textMax);
  });

  it("are mostly good, with some criticism, and carry classroom context on most", () => {
    const ratings = reviews.map((r) => r.rating);
    expect(ratings.every((x) => x >= 1 && x <= 5)).toBe(true);
    expect(ratings.filter((x) => x >= 4).length).toBeGreaterThan(reviews.length * 0.6);
    expect(ratings.filter((x) => x <= 3).length).toBeGreaterThan(3);
    const graded = reviews.filter((r) => r.grade_taught);
    expect(graded.length).toBeGreaterThan(reviews.length * 0.6);
    expect(graded.every((r) => (GRADES as readonly string[]).includes(r.grade_taught!))).toBe(true);
    const used = reviews.filter((r) => r.used_for);
    expect(used.length).toBeGreaterThan(reviews.length * 0.6);
    expect(used.every((r) => (REVIEW_USES as readonly string[]).includes(r.used_for!))).toBe(true);
    expect(new Set(used.map((r) => r.used_for)).size).toBeGreaterThanOrEqual(4);
  });

  it("have a few creator replies, within the limit, after the review", () => {
    const replied = reviews.filter((r) => r.reply_text);
    expect(replied.length).toBeGreaterThanOrEqual(3);
    expect(replied.length).toBeLessThanOrEqual(8);
    for (const r of replied) {
      expect(r.reply_text!.length).toBeLessThanOrEqual(REVIEW_LIMITS.replyMax);
      expect(r.reply_created_at!.getTime()).toBeGreaterThan(r.created_at!.getTime());
    }
  });

  it("get helpful votes from others than their author, counted on the review", () => {
    const votes = p.reviews.votes;
    expect(votes.length).toBeGreaterThan(20);
    for (const review of reviews) {
      const theirs = votes.filter((v) => v.review_id === review.id);
      expect(review.helpful_count ?? 0).toBe(theirs.length);
      expect(theirs.some((v) => v.users_id === review.users_id)).toBe(false);
      expect(new Set(theirs.map((v) => v.users_id)).size).toBe(theirs.length);
    }
  });

  it("put one review, by a teacher who downloaded it, before the admins, reported twice", () => {
    const reported = new Set(p.reviews.reports.map((r) => r.review_id));
    expect(reported.size).toBe(1);
    const review = reviews.find((r) => reported.has(r.id))!;
    expect(review.text).toBe(REPORTED_REVIEW.text);
    expect(p.reviews.reports).toHaveLength(2);
    expect(p.reviews.reports.map((r) => r.users_id)).not.toContain(review.users_id);
  });

  it("are the same for the same seed", () => {
    const again = plan();
    const shape = (x: ReturnType<typeof plan>) =>
      x.reviews.reviews.map((r) => [r.rating, r.text, r.grade_taught, r.used_for, r.helpful_count]);
    expect(shape(again)).toEqual(shape(p));
  });
});
