import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reviewHelpfulVotes, reviewReports, reviews } from "../../db/schema/index.ts";
import { ROLES, type Role, reviewsTestbed } from "./reviews-testbed.ts";

/**
 * Issue 21's permission matrix: each of the ten calls, by each of visitor, buyer (of the paid resource),
 * downloader (of the free one), non-buyer, creator and admin, with the status and error code each gets,
 * and on a refusal nothing changed. Every role acts on a world of its own (fresh resources, a fresh
 * review by the buyer), so no row depends on another's.
 */
describe("reviews: who may do what", () => {
  const bed = reviewsTestbed();

  /** What a role got: the status and the error code (or null on success). */
  type Outcome = [status: number, error: string | null];
  const outcome = (res: { status: number; body: { error?: string } }): Outcome => [
    res.status,
    res.body.error ?? null,
  ];
  const refusedAll = (admin: Outcome): Record<Role, Outcome> => ({
    visitor: [401, "unauthorized"],
    buyer: [403, "forbidden"],
    downloader: [403, "forbidden"],
    nonBuyer: [403, "forbidden"],
    creator: [403, "forbidden"],
    admin,
  });

  /** Runs `act` for every role, each in a fresh world, and returns what each got. */
  async function matrix(act: (role: Role) => Promise<Outcome>) {
    const got = {} as Record<Role, Outcome>;
    for (const role of ROLES) got[role] = await act(role);
    return got;
  }

  /** A fresh paid resource bought by the buyer, and the buyer's review of it. */
  async function buyersReview() {
    const { paid, free } = await bed.freshResources();
    const review = await bed.writeReview(bed.users.buyer, paid, { text: "As written." });
    return { paid, free, review };
  }
  const rowOf = async (id: string) => (await bed.t.db.select().from(reviews).where(eq(reviews.id, id)))[0];

  it("GET /resources/:id/reviews: everybody reads; the refusal says who may write", async () => {
    const got = await matrix(async (role) => {
      const { paid } = await bed.freshResources();
      const res = await bed.call(role, "GET", `/resources/${paid.id}/reviews`);
      return [res.status, (res.body.refusal as string | null) ?? null];
    });
    expect(got).toEqual({
      visitor: [200, "sign_in"],
      buyer: [200, null],
      downloader: [200, "not_a_buyer"],
      nonBuyer: [200, "not_a_buyer"],
      creator: [200, "own_resource"],
      admin: [200, "not_a_buyer"],
    });
    // The downloader may review the free resource they downloaded.
    const { free } = await bed.freshResources();
    expect((await bed.call("downloader", "GET", `/resources/${free.name}/reviews`)).body.refusal).toBeNull();
  });

  it("POST /resources/:id/reviews: the buyer and the downloader, nobody else", async () => {
    const got = await matrix(async (role) => {
      const { paid, free } = await bed.freshResources();
      const resource = role === "downloader" ? free : paid;
      const res = await bed.call(role, "POST", `/resources/${resource.id}/reviews`, {
        rating: 5,
        text: "Great",
      });
      const saved = await bed.t.db.select().from(reviews).where(eq(reviews.resource_id, resource.id));
      expect(saved).toHaveLength(res.status === 201 ? 1 : 0);
      return outcome(res);
    });
    expect(got).toEqual({
      visitor: [401, "unauthorized"],
      buyer: [201, null],
      downloader: [201, null],
      nonBuyer: [403, "not_a_buyer"],
      creator: [403, "own_resource"],
      admin: [403, "not_a_buyer"],
    });
  });

  it("PATCH /reviews/:id: its author only", async () => {
    const got = await matrix(async (role) => {
      const { review } = await buyersReview();
      const res = await bed.call(role, "PATCH", `/reviews/${review.id}`, { text: "Changed" });
      expect((await rowOf(review.id))!.text).toBe(res.status === 200 ? "Changed" : "As written.");
      return outcome(res);
    });
    expect(got).toEqual({ ...refusedAll([403, "forbidden"]), buyer: [200, null] });
  });

  it("DELETE /reviews/:id: its author only", async () => {
    const got = await matrix(async (role) => {
      const { review } = await buyersReview();
      const res = await bed.call(role, "DELETE", `/reviews/${review.id}`);
      expect(await rowOf(review.id)).toEqual(res.status === 200 ? undefined : expect.anything());
      return outcome(res);
    });
    expect(got).toEqual({ ...refusedAll([403, "forbidden"]), buyer: [200, null] });
  });

  it("POST /reviews/:id/reply: the resource's creator only", async () => {
    const got = await matrix(async (role) => {
      const { review } = await buyersReview();
      const res = await bed.call(role, "POST", `/reviews/${review.id}/reply`, { text: "Thank you!" });
      expect((await rowOf(review.id))!.reply_text).toBe(res.status === 200 ? "Thank you!" : null);
      return outcome(res);
    });
    expect(got).toEqual({ ...refusedAll([403, "forbidden"]), creator: [200, null] });
  });

  it("POST /reviews/:id/helpful: any signed-in reader but its author and the resource's creator", async () => {
    const got = await matrix(async (role) => {
      const { review } = await buyersReview();
      const res = await bed.call(role, "POST", `/reviews/${review.id}/helpful`);
      const votes = await bed.t.db
        .select()
        .from(reviewHelpfulVotes)
        .where(eq(reviewHelpfulVotes.review_id, review.id));
      expect(votes).toHaveLength(res.status === 200 ? 1 : 0);
      expect((await rowOf(review.id))!.helpful_count).toBe(votes.length);
      return outcome(res);
    });
    expect(got).toEqual({
      visitor: [401, "unauthorized"],
      buyer: [403, "own_review"],
      downloader: [200, null],
      nonBuyer: [200, null],
      creator: [403, "own_resource"],
      admin: [200, null],
    });
  });

  it("POST /reviews/:id/report: any signed-in reader but its author", async () => {
    const got = await matrix(async (role) => {
      const { review } = await buyersReview();
      const res = await bed.call(role, "POST", `/reviews/${review.id}/report`, { reason: "spam" });
      const reports = await bed.t.db
        .select()
        .from(reviewReports)
        .where(eq(reviewReports.review_id, review.id));
      expect(reports).toHaveLength(res.status === 200 ? 1 : 0);
      return outcome(res);
    });
    expect(got).toEqual({
      visitor: [401, "unauthorized"],
      buyer: [403, "own_review"],
      downloader: [200, null],
      nonBuyer: [200, null],
      creator: [200, null],
      admin: [200, null],
    });
  });

  it("GET /admin/reviews/reported: admins only", async () => {
    const got = await matrix(async (role) => outcome(await bed.call(role, "GET", "/admin/reviews/reported")));
    expect(got).toEqual(refusedAll([200, null]));
  });

  it("POST /admin/reviews/:id/hide: admins only", async () => {
    const got = await matrix(async (role) => {
      const { review } = await buyersReview();
      const res = await bed.call(role, "POST", `/admin/reviews/${review.id}/hide`);
      expect((await rowOf(review.id))!.hidden_at !== null).toBe(res.status === 200);
      return outcome(res);
    });
    expect(got).toEqual(refusedAll([200, null]));
  });

  it("POST /admin/reviews/:id/keep: admins only", async () => {
    const got = await matrix(async (role) => {
      const { review } = await buyersReview();
      await bed.t.db.update(reviews).set({ hidden_at: new Date() }).where(eq(reviews.id, review.id));
      const res = await bed.call(role, "POST", `/admin/reviews/${review.id}/keep`);
      expect((await rowOf(review.id))!.hidden_at === null).toBe(res.status === 200);
      return outcome(res);
    });
    expect(got).toEqual(refusedAll([200, null]));
  });
});
