import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Tx } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";
import {
  type RefundMailFacts,
  refundDeclinedMails,
  refundedMails,
  refundRequestedMail,
} from "../../mail/refund-mails.ts";
import type { JobDefinition } from "../../platform/jobs.ts";
import type { Mailer } from "../../platform/mail.ts";
import { salePageUrl } from "../transactions/index.ts";

export const REFUND_MAIL_JOB = "refund-mail";
const REFUND_EVENTS = ["requested", "refunded", "declined"] as const;
type RefundEvent = (typeof REFUND_EVENTS)[number];
const payloadSchema = z.object({ refundId: z.uuid(), event: z.enum(REFUND_EVENTS) });

/**
 * Queues a refund's e-mails inside the transaction that changes it: a request the unique key refused or
 * an approval the gateway refused rolls back and mails nobody; a committed one is mailed even if the
 * process stops right after answering.
 */
export async function queueRefundMail(tx: Tx, refundId: string, event: RefundEvent) {
  await tx.insert(jobs).values({ name: REFUND_MAIL_JOB, payload: payloadSchema.parse({ refundId, event }) });
}

/**
 * Sends them, composed from the rows when the job runs: to the creator when a request arrives; to the
 * buyer and the creator when it is refunded (approved, or by an admin) or declined. Run again after a
 * crash it may mail twice, as receipts may: a notice arriving twice is better than one lost.
 */
export function refundMailJob(deps: {
  mailer: Mailer;
  config: Config;
}): JobDefinition<{ refundId: string; event: RefundEvent }> {
  const origin = deps.config.publicUrl;
  return {
    name: REFUND_MAIL_JOB,
    payload: payloadSchema,
    async handle({ refundId, event }, { db }) {
      const rows = await db.execute<{
        title: string;
        name: string;
        sale_id: string;
        amount_cents: number;
        reason: string;
        decline_note: string | null;
        refund_seats: number | null;
        buyer_email: string;
        buyer_first_name: string;
        buyer_username: string;
        creator_email: string;
        creator_first_name: string;
      }>(sql`
        select r.title, r.name, s.id as sale_id, coalesce(rf.amount_cents, s.amount_cents) as amount_cents,
               rf.reason, rf.decline_note, rf.seats as refund_seats,
               b.email as buyer_email, b.first_name as buyer_first_name, b.username as buyer_username,
               c.email as creator_email, c.first_name as creator_first_name
        from refunds rf join sales s on s.id = rf.sale_id join resources r on r.id = s.resource_id
        join users b on b.id = s.buyer_id join users c on c.id = r.users_id
        where rf.id = ${refundId}`);
      const row = rows.rows[0];
      if (!row) return;
      const facts: RefundMailFacts = {
        title: row.title,
        amountCents: row.amount_cents,
        buyer: { email: row.buyer_email, firstName: row.buyer_first_name, username: row.buyer_username },
        creator: { email: row.creator_email, firstName: row.creator_first_name },
        reason: row.reason,
        declineNote: row.decline_note,
        seatsRefunded: row.refund_seats === null ? null : Number(row.refund_seats),
        purchaseUrl: salePageUrl(origin, row.name, row.sale_id),
        earningsUrl: `${origin}/earnings/activity`,
      };
      const mails =
        event === "requested"
          ? [refundRequestedMail(facts)]
          : event === "refunded"
            ? refundedMails(facts)
            : refundDeclinedMails(facts);
      for (const mail of mails) await deps.mailer.send(mail);
    },
  };
}
