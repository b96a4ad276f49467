import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { downloads, resources, reviews, sales } from "../../db/schema/index.ts";
import { LISTED } from "../resources/index.ts";

/**
 * How recent a download or purchase must be for the prompt to ask about it: a gentle reminder after
 * use, not a standing list of everything a teacher ever took.
 */
export const REVIEW_PROMPT_DAYS = 30;

/** The resource a review prompt names. */
export interface ReviewPrompt {
  id: string;
  name: string;
  title: string;
}

/**
 * The resource `userId` should be asked to review, or null: of what they downloaded, bought or were
 * given (a claimed gift) in the last REVIEW_PROMPT_DAYS days, the most recent that is listed, not their
 * own and not yet reviewed by them. Each source is read on the user's own index (downloads_user_idx,
 * sales_buyer_idx, sales_recipient_idx), then the candidates newest first until one qualifies.
 */
export async function reviewPromptFor(db: Db, userId: string): Promise<ReviewPrompt | null> {
  const since = sql`now() - make_interval(days => ${REVIEW_PROMPT_DAYS})`;
  const result = await db.execute<ReviewPrompt & Record<string, unknown>>(sql`
    select r.id, r.name, r.title
    from (
      select d.resource_id, d.created_at as used_at from ${downloads} d
        where d.users_id = ${userId} and d.created_at > ${since}
      union all
      select s.resource_id, s.created_at from ${sales} s
        where s.buyer_id = ${userId} and not s.is_gift and s.created_at > ${since}
      union all
      select s.resource_id, s.claimed_at from ${sales} s
        where s.recipient_id = ${userId} and s.claimed_at > ${since}
    ) used
    join ${resources} r on r.id = used.resource_id
    where ${LISTED} and r.users_id <> ${userId}
      and not exists (select 1 from ${reviews} v where v.resource_id = r.id and v.users_id = ${userId})
    order by used.used_at desc, r.id
    limit 1`);
  const row = result.rows[0];
  return row ? { id: row.id, name: row.name, title: row.title } : null;
}
