import type { ResourceCard, ResourceDetail, ReviewListResponse } from "@market/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resources, reviews } from "../../db/schema/index.ts";
import { makeResource, makeUser } from "../../test/factories.ts";
import { recordDownload, reviewsTestbed } from "./reviews-testbed.ts";

/**
 * The rating a resource shows (its page's summary, its card in the grids, its page's `rating`) follows
 * every write through the API: a new review, a changed rating, a deletion, an admin's hide and keep.
 * The app is built with the visitors' cache on, as in production, so the test also proves that each of
 * these writes drops the cached grid and page at once.
 */
describe("reviews: the average, count and distribution", () => {
  const bed = reviewsTestbed({ visitorCacheMs: 60_000, catalogueCountCacheMs: 60_000 });

  it("follow create, edit of rating, delete, hide and keep, on the summary, the card and the page", async () => {
    const resource = await makeResource(bed.t.db, {
      users_id: bed.users.creator.id,
      price: 0,
      title: "Fractions",
    });
    const teachers = [];
    for (let i = 0; i < 3; i++) {
      const user = await makeUser(bed.t.db);
      await recordDownload(bed.t, resource.id, user.id);
      teachers.push({ user, auth: await bed.t.tokenFor(user.id) });
    }

    /** What a visitor sees: the reviews' summary, the card on the grid, and the page's rating. */
    const seen = async () => {
      const list = (await bed.call("visitor", "GET", `/resources/${resource.id}/reviews`))
        .body as unknown as ReviewListResponse;
      const grid = (await bed.call("visitor", "GET", "/resources?sort=newest")).body as unknown as {
        resources: ResourceCard[];
      };
      const page = (await bed.call("visitor", "GET", `/resources/${resource.name}`))
        .body as unknown as ResourceDetail;
      const card = grid.resources.find((r) => r.id === resource.id);
      expect(card?.rating).toEqual({ average: list.summary.average, count: list.summary.count });
      expect(page.rating).toEqual({ average: list.summary.average, count: list.summary.count });
      const [row] = await bed.t.db.select().from(resources).where(eq(resources.id, resource.id));
      return { ...list.summary, total: list.total, stored: [row!.rating_count, row!.rating_sum] };
    };

    // Nothing yet: no average (not zero stars), and the pages are now cached for a minute.
    expect(await seen()).toEqual({
      average: null,
      count: 0,
      distribution: [0, 0, 0, 0, 0],
      total: 0,
      stored: [0, 0],
    });

    const ids: string[] = [];
    for (const [i, rating] of [5, 4, 2].entries()) {
      const res = await bed.call(teachers[i]!.auth, "POST", `/resources/${resource.id}/reviews`, { rating });
      expect(res.status).toBe(201);
      ids.push(res.body.id as string);
    }
    expect(await seen()).toEqual({
      average: 3.7,
      count: 3,
      distribution: [0, 1, 0, 1, 1],
      total: 3,
      stored: [3, 11],
    });

    // The 2 becomes a 1.
    expect((await bed.call(teachers[2]!.auth, "PATCH", `/reviews/${ids[2]}`, { rating: 1 })).status).toBe(
      200,
    );
    expect(await seen()).toMatchObject({ average: 3.3, count: 3, distribution: [1, 0, 0, 1, 1] });

    // The 4 is deleted.
    expect((await bed.call(teachers[1]!.auth, "DELETE", `/reviews/${ids[1]}`)).status).toBe(200);
    expect(await seen()).toMatchObject({ average: 3, count: 2, distribution: [1, 0, 0, 0, 1], total: 2 });

    // An admin hides the 5: it leaves the average and the page; keeping it brings it back.
    expect((await bed.call("admin", "POST", `/admin/reviews/${ids[0]}/hide`)).status).toBe(200);
    expect(await seen()).toEqual({
      average: 1,
      count: 1,
      distribution: [1, 0, 0, 0, 0],
      total: 1,
      stored: [1, 1],
    });
    // Editing the hidden review's rating leaves the average alone.
    expect((await bed.call(teachers[0]!.auth, "PATCH", `/reviews/${ids[0]}`, { rating: 4 })).status).toBe(
      200,
    );
    expect(await seen()).toMatchObject({ average: 1, count: 1, stored: [1, 1] });

    expect((await bed.call("admin", "POST", `/admin/reviews/${ids[0]}/keep`)).status).toBe(200);
    expect(await seen()).toEqual({
      average: 2.5,
      count: 2,
      distribution: [1, 0, 0, 1, 0],
      total: 2,
      stored: [2, 5],
    });

    // The stored count and sum agree with the reviews themselves.
    const shown = await bed.t.db.select().from(reviews).where(eq(reviews.resource_id, resource.id));
    expect(
      shown
        .filter((r) => r.hidden_at === null)
        .map((r) => r.rating)
        .sort(),
    ).toEqual([1, 4]);
  });
});
