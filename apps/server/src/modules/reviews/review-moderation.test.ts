import { REVIEW_LIMITS, type ReportedReview } from "@market/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reviewReports, reviews } from "../../db/schema/index.ts";
import { makeResource, makeUser } from "../../test/factories.ts";
import { reviewsTestbed } from "./reviews-testbed.ts";

describe("reviews: the admins' queue of reported reviews", () => {
  const bed = reviewsTestbed();

  const queue = async (page = 1) => {
    const res = await bed.call("admin", "GET", `/admin/reviews/reported?page=${page}`);
    expect(res.status).toBe(200);
    return res.body as unknown as { reviews: ReportedReview[]; total: number };
  };
  const report = async (reviewId: string, reason: string, details?: string) => {
    const reporter = await makeUser(bed.t.db);
    const res = await bed.call(await bed.t.tokenFor(reporter.id), "POST", `/reviews/${reviewId}/report`, {
      reason,
      ...(details ? { details } : {}),
    });
    expect(res.status).toBe(200);
    return reporter;
  };

  it("lists reported reviews with their reports, oldest report first; hide and keep settle them", async () => {
    expect(await queue()).toEqual({ reviews: [], total: 0 });
    const resource = await makeResource(bed.t.db, { users_id: bed.users.creator.id, title: "Volcanoes" });
    const spam = await bed.writeReview(await makeUser(bed.t.db), resource, {
      text: "Buy my pack",
      rating: 1,
    });
    const rude = await bed.writeReview(await makeUser(bed.t.db), resource, { text: "Rude words", rating: 2 });
    await bed.writeReview(await makeUser(bed.t.db), resource, { text: "Unreported", rating: 5 });

    const first = await report(spam.id, "spam", "An advert");
    await report(rude.id, "offensive");
    const second = await report(spam.id, "other");

    const listed = await queue();
    expect(listed.total).toBe(2);
    expect(listed.reviews.map((r) => r.text)).toEqual(["Buy my pack", "Rude words"]);
    expect(listed.reviews[0]).toMatchObject({
      id: spam.id,
      isHidden: false,
      resource: { id: resource.id, name: resource.name, title: "Volcanoes" },
      reports: [
        { reason: "spam", details: "An advert", reporter: first.username },
        { reason: "other", details: null, reporter: second.username },
      ],
    });

    // Hiding settles the spam's reports as "hidden": it leaves the queue and the resource's page.
    const hidden = await bed.call("admin", "POST", `/admin/reviews/${spam.id}/hide`);
    expect([hidden.status, hidden.body]).toEqual([200, { id: spam.id, isHidden: true }]);
    const [hiddenRow] = await bed.t.db.select().from(reviews).where(eq(reviews.id, spam.id));
    expect(hiddenRow).toMatchObject({ hidden_by: bed.users.admin.id });
    expect(hiddenRow!.hidden_at).not.toBeNull();
    const settled = await bed.t.db.select().from(reviewReports).where(eq(reviewReports.review_id, spam.id));
    expect(settled.map((r) => [r.resolution, r.resolved_by, r.resolved_at !== null])).toEqual([
      ["hidden", bed.users.admin.id, true],
      ["hidden", bed.users.admin.id, true],
    ]);
    expect((await queue()).reviews.map((r) => r.id)).toEqual([rude.id]);
    const page = await bed.call("visitor", "GET", `/resources/${resource.id}/reviews`);
    expect((page.body.reviews as { id: string }[]).map((r) => r.id)).not.toContain(spam.id);

    // Keeping settles the rude one's report as "kept"; the queue is empty.
    const kept = await bed.call("admin", "POST", `/admin/reviews/${rude.id}/keep`);
    expect([kept.status, kept.body]).toEqual([200, { id: rude.id, isHidden: false }]);
    const [keptReport] = await bed.t.db
      .select()
      .from(reviewReports)
      .where(eq(reviewReports.review_id, rude.id));
    expect(keptReport).toMatchObject({ resolution: "kept", resolved_by: bed.users.admin.id });
    expect(await queue()).toEqual({ reviews: [], total: 0 });

    // Keep also shows a hidden review again.
    expect((await bed.call("admin", "POST", `/admin/reviews/${spam.id}/keep`)).body).toEqual({
      id: spam.id,
      isHidden: false,
    });
    const again = await bed.call("visitor", "GET", `/resources/${resource.id}/reviews`);
    expect((again.body.reviews as { id: string }[]).map((r) => r.id)).toContain(spam.id);

    // Unknown ids are 404, and ids that are not ids 400.
    const none = "00000000-0000-4000-8000-000000000000";
    expect((await bed.call("admin", "POST", `/admin/reviews/${none}/hide`)).status).toBe(404);
    expect((await bed.call("admin", "POST", `/admin/reviews/${none}/keep`)).status).toBe(404);
    expect((await bed.call("admin", "POST", "/admin/reviews/nope/hide")).status).toBe(400);
  });

  it("pages the queue by REVIEW_LIMITS.queuePageSize", async () => {
    const resource = await makeResource(bed.t.db, { users_id: bed.users.creator.id });
    const count = REVIEW_LIMITS.queuePageSize + 2;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const review = await bed.writeReview(await makeUser(bed.t.db), resource, { text: `q${i}` });
      await bed.t.db.insert(reviewReports).values({
        review_id: review.id,
        users_id: bed.users.nonBuyer.id,
        reason: "spam",
        created_at: new Date(Date.now() - (count - i) * 60_000),
      });
      ids.push(review.id);
    }
    const first = await queue(1);
    const second = await queue(2);
    expect(first.total).toBe(count);
    expect([...first.reviews, ...second.reviews].map((r) => r.id)).toEqual(ids);
  });
});
