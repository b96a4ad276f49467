import { type ResourceRatingsResponse, ratingDistribution } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { presentRating } from "../resources/index.ts";

/**
 * GET /earnings/self/ratings: every published resource of the creator (listed now or once: a deactivated
 * one keeps its reviews) with its rating, in one query. The count and average are the resource's own
 * trigger-kept figures, the ones its card shows; the distribution counts its shown reviews by stars,
 * each resource's read through the reviews' (resource_id, ...) indexes.
 */
export async function listOwnResourceRatings(db: Db, userId: string): Promise<ResourceRatingsResponse> {
  const result = await db.execute<{
    id: string;
    name: string;
    title: string;
    rating_count: number;
    rating_sum: number;
    s1: number;
    s2: number;
    s3: number;
    s4: number;
    s5: number;
  }>(sql`
    select r.id, r.name, r.title, r.rating_count, r.rating_sum,
      count(v.id) filter (where v.rating = 1)::int as s1,
      count(v.id) filter (where v.rating = 2)::int as s2,
      count(v.id) filter (where v.rating = 3)::int as s3,
      count(v.id) filter (where v.rating = 4)::int as s4,
      count(v.id) filter (where v.rating = 5)::int as s5
    from resources r
    left join reviews v on v.resource_id = r.id and v.hidden_at is null
    where r.users_id = ${userId} and r.published_at is not null
    group by r.id
    order by r.rating_count desc, r.rating_average desc nulls last, lower(r.title), r.id`);
  return {
    resources: result.rows.map((row) => ({
      id: row.id,
      name: row.name,
      title: row.title,
      rating: {
        ...presentRating(row.rating_count, row.rating_sum),
        distribution: ratingDistribution({
          1: Number(row.s1),
          2: Number(row.s2),
          3: Number(row.s3),
          4: Number(row.s4),
          5: Number(row.s5),
        }),
      },
    })),
  };
}
