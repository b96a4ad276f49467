import { REVIEW_LIMITS, type Review, type ReviewListResponse } from "@market/domain";
import { describe, expect, it } from "vitest";
import { makeResource, makeUser } from "../../test/factories.ts";
import { reviewsTestbed } from "./reviews-testbed.ts";

describe("reviews: a resource's list", () => {
  const bed = reviewsTestbed();

  const list = async (role: Parameters<typeof bed.call>[0], url: string) => {
    const res = await bed.call(role, "GET", url);
    expect(res.status).toBe(200);
    return res.body as unknown as ReviewListResponse;
  };
  const texts = (reviews: Review[]) => reviews.map((r) => r.text);

  it("orders by most helpful, newest or lowest, filters by grade and pages; hidden ones only for their author", async () => {
    const resource = await makeResource(bed.t.db, { users_id: bed.users.creator.id });
    const day = 86_400_000;
    const now = Date.now();
    // [text, rating, helpful, days ago, grade]
    const rows: [string, number, number, number, string | null][] = [
      ["a", 5, 1, 1, "3"],
      ["b", 3, 7, 2, "3"],
      ["c", 1, 0, 3, "K"],
      ["d", 4, 7, 4, null],
      ["e", 2, 2, 5, "3"],
    ];
    for (const [text, rating, helpful_count, ago, grade_taught] of rows) {
      await bed.writeReview(await makeUser(bed.t.db), resource, {
        text,
        rating,
        helpful_count,
        grade_taught,
        created_at: new Date(now - ago * day),
      });
    }
    const hidden = await bed.writeReview(bed.users.nonBuyer, resource, {
      text: "hidden",
      hidden_at: new Date(),
    });

    const url = `/resources/${resource.id}/reviews`;
    const helpful = await list("visitor", url);
    expect(texts(helpful.reviews)).toEqual(["b", "d", "e", "a", "c"]);
    expect(helpful).toMatchObject({ page: 1, pageSize: REVIEW_LIMITS.pageSize, total: 5, mine: null });
    expect(helpful.summary.distribution).toEqual([1, 1, 1, 1, 1]);
    expect(texts((await list("visitor", `${url}?sort=newest`)).reviews)).toEqual(["a", "b", "c", "d", "e"]);
    expect(texts((await list("visitor", `${url}?sort=lowest`)).reviews)).toEqual(["c", "e", "b", "d", "a"]);

    const third = await list("visitor", `${url}?grade=3&sort=newest`);
    expect([texts(third.reviews), third.total, third.summary.count]).toEqual([["a", "b", "e"], 3, 5]);
    expect((await list("visitor", `${url}?grade=12`)).total).toBe(0);

    // The author of the hidden review sees it as theirs, and nobody sees it in the list.
    const own = await list("nonBuyer", url);
    expect(own.mine).toMatchObject({ id: hidden.id, text: "hidden", isHidden: true });
    expect(texts(own.reviews)).not.toContain("hidden");
    expect(own.refusal).toBe("already_reviewed");

    for (const bad of ["?sort=best", "?grade=13", "?page=0", "?page=x"]) {
      const res = await bed.call("visitor", "GET", `${url}${bad}`);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    }
    expect((await bed.call("visitor", "GET", "/resources/nothing-here/reviews")).status).toBe(404);
  });

  it("pages by REVIEW_LIMITS.pageSize, the pages together holding every review once", async () => {
    const resource = await makeResource(bed.t.db, { users_id: bed.users.creator.id });
    const count = REVIEW_LIMITS.pageSize + 3;
    for (let i = 0; i < count; i++) {
      // Equal helpful counts and ratings: the order's last keys decide.
      await bed.writeReview(await makeUser(bed.t.db), resource, { text: `r${i}`, rating: 4 });
    }
    for (const sort of ["helpful", "newest", "lowest"]) {
      const first = await list("visitor", `/resources/${resource.name}/reviews?sort=${sort}`);
      const second = await list("visitor", `/resources/${resource.name}/reviews?sort=${sort}&page=2`);
      expect([first.reviews.length, second.reviews.length, first.total]).toEqual([
        REVIEW_LIMITS.pageSize,
        3,
        count,
      ]);
      expect(new Set([...texts(first.reviews), ...texts(second.reviews)]).size).toBe(count);
    }
    expect((await list("visitor", `/resources/${resource.id}/reviews?page=9`)).reviews).toEqual([]);
  });
});
