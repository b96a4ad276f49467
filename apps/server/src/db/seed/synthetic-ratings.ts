import { REVIEW_USES } from "@market/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/**
 * Ratings and reviews of synthetic resources (issue 21), written by the synthetic load's statement
 * itself: about 30% of resources rated, by 1 to 16 readers, most by one or two (a reader count drawn
 * as 1 + 15u⁴: a median of 2, a mean of 4), each resource with a quality of its own between 3.4 and 4.9
 * and its readers' stars scattered around it, so averages are mostly 3.5 to 5 with a few low ones, as on
 * a real marketplace. Texts are short and repeated; two in five say nothing.
 *
 * The reviews trigger (migration 0020) would update the resource's row once per review: a new version
 * of the row and of every index entry for each, several times the load's cost. The load therefore
 * writes each resource's rating_count and rating_sum from the same generated ratings as its reviews,
 * with the trigger disabled for the load (withoutRatingTrigger). Seed a database no server is writing
 * reviews to at the same time: a review written meanwhile would not count on its resource.
 *
 * The readers have no purchase or download rows: a synthetic catalogue measures the grids, and a reader
 * signing in to review is not part of it.
 */

export const READER_PREFIX = "synth_reader_";
/** More than the most reviews a resource gets, so each of a resource's readers is a different one. */
export const READERS = 100;
export const MOST_REVIEWS = 16;

const REVIEW_TEXTS = [
  "My class loved it.",
  "Worked well as a warm-up; the answer key saved me time.",
  "Good practice, though a few pages were too hard for my group.",
  "Used it for a sub day and it ran itself.",
  "Clear directions and the kids stayed on task the whole period.",
  "Nice idea but I had to adapt it for my students.",
  "Great for small groups. I laminated the cards and reuse them every year.",
  "Exactly what I needed for review before the test.",
  "Too short for a full lesson, fine as homework.",
  "Solid resource, fairly priced.",
];

const textArray = (values: readonly string[]) =>
  sql.raw(`(array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[])`);

/**
 * `with` clauses (after w: g, h, grade, published_at) defining rd (the readers' ids), rv (one row per
 * review: g, i, rating, created_at and its text and context) and rated (g, n, s: a resource's count
 * and sum of stars).
 */
export function ratingsCtes(): SQL {
  return sql`
    rd as (
      select array_agg(id order by username) as ids from users where starts_with(username, ${READER_PREFIX})
    ),
    rq as (
      select g, h, grade, published_at,
        -- 3 in 10 rated; the count skewed small; a quality of 3.4 to 4.9, more of them high.
        case when (h / 47) % 10 < 3 then 1 + floor(${MOST_REVIEWS - 1} * power(((h / 53) % 1000) / 1000.0, 4))::int
          else 0 end as n,
        4.9 - 1.5 * power(((h / 59) % 1000) / 1000.0, 2) as quality
      from w
    ),
    rv as (
      select rq.g, i,
        least(5, greatest(1, round(rq.quality + (((rq.h / 61 + i * 7919) % 1000) / 1000.0 - 0.5) * 2.4)))::smallint
          as rating,
        rq.published_at + (now() - rq.published_at) * (0.1 + 0.9 * ((rq.h / 67 + i * 104729) % 1000) / 1000.0)::float8
          as created_at,
        case when (rq.h / 71 + i) % 5 < 2 then ''
          else ${textArray(REVIEW_TEXTS)}[1 + (rq.h / 73 + i * 3) % ${REVIEW_TEXTS.length}] end as text,
        case when (rq.h / 79 + i) % 5 < 3 then rq.grade end as grade_taught,
        case when (rq.h / 83 + i) % 10 < 7
          then ${textArray(REVIEW_USES)}[1 + (rq.h / 89 + i) % ${REVIEW_USES.length}] end as used_for,
        (rq.h / 97 + i * 31) % 4 as helpful_count
      from rq cross join lateral generate_series(1, rq.n) i
    ),
    rated as (select g, count(*)::int as n, sum(rating)::int as s from rv group by g)`;
}

/**
 * A `with` clause writing rv's reviews of the resources `ins` inserted (ins returns id and name, the name
 * "<prefix><g>-<suffix>"), each by a different reader.
 */
export function reviewsInsert(): SQL {
  return sql`
    reviews_in as (
      insert into reviews (resource_id, users_id, rating, text, grade_taught, used_for, helpful_count,
        created_at, updated_at)
      select ins.id, rd.ids[1 + (rv.g * 7 + rv.i) % array_length(rd.ids, 1)], rv.rating, rv.text, rv.grade_taught,
        rv.used_for, rv.helpful_count, rv.created_at, rv.created_at
      from ins join rv on rv.g = split_part(ins.name, '-', 2)::int cross join rd
    )`;
}

/** Runs the load with the reviews trigger off (see above), and turns it on again whatever happens. */
export async function withoutRatingTrigger<T>(db: Db, load: () => Promise<T>): Promise<T> {
  await db.execute(sql`alter table reviews disable trigger reviews_rating_trigger`);
  try {
    return await load();
  } finally {
    await db.execute(sql`alter table reviews enable trigger reviews_rating_trigger`);
  }
}
