import { resourceReviewsPath } from "@market/domain";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Tx } from "../../db/client.ts";
import { jobs, resources, reviews, users } from "../../db/schema/index.ts";
import { newReviewMail } from "../../mail/templates.ts";
import type { JobDefinition } from "../../platform/jobs.ts";
import type { Mailer } from "../../platform/mail.ts";

export const REVIEW_MAIL_JOB = "review-mail";
const payloadSchema = z.object({ reviewId: z.uuid() });

/**
 * Queues the creator's e-mail about a new review inside the transaction that saves it: a review the
 * unique key refused (already reviewed) rolls back and mails nobody, and a saved one is mailed even if
 * the process stops right after answering. There is no per-user switch for such notices to consult (the
 * users' only opt-out, unsubscribed_at, is for the admins' bulk e-mail).
 */
export async function queueReviewMail(tx: Tx, reviewId: string) {
  await tx.insert(jobs).values({ name: REVIEW_MAIL_JOB, payload: payloadSchema.parse({ reviewId }) });
}

/**
 * Sends the creator's e-mail of a review, composed from the rows when the job runs; nothing when the
 * review was deleted before it ran (its words are gone). Run again after a crash, it may mail twice,
 * as receipts may: a notice arriving twice is better than one lost.
 */
export function reviewMailJob(deps: { mailer: Mailer; config: Config }): JobDefinition<{ reviewId: string }> {
  return {
    name: REVIEW_MAIL_JOB,
    payload: payloadSchema,
    async handle({ reviewId }, { db }) {
      const creator = alias(users, "creator");
      const [row] = await db
        .select({
          rating: reviews.rating,
          text: reviews.text,
          title: resources.title,
          name: resources.name,
          creatorEmail: creator.email,
          creatorFirstName: creator.first_name,
          reviewerUsername: users.username,
          reviewerFirstName: users.first_name,
        })
        .from(reviews)
        .innerJoin(resources, eq(resources.id, reviews.resource_id))
        .innerJoin(creator, eq(creator.id, resources.users_id))
        .innerJoin(users, eq(users.id, reviews.users_id))
        .where(eq(reviews.id, reviewId));
      if (!row) return;
      await deps.mailer.send(
        newReviewMail(
          row.creatorEmail,
          row.creatorFirstName,
          {
            title: row.title,
            rating: row.rating,
            text: row.text,
            reviewer: { username: row.reviewerUsername, firstName: row.reviewerFirstName },
          },
          `${deps.config.publicUrl}${resourceReviewsPath(row.name)}`,
        ),
      );
    },
  };
}
