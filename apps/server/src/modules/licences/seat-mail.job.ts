import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Tx } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";
import { seatGivenMail, seatInvitationMail } from "../../mail/templates.ts";
import type { JobDefinition } from "../../platform/jobs.ts";
import type { Mailer } from "../../platform/mail.ts";

export const SEAT_MAIL_JOB = "licence-seat-mail";

/** A seat given to an account (`holderId`) or an address invited (`email`): whom the mail is for. */
const payloadSchema = z.union([
  z.object({ seatId: z.uuid(), holderId: z.uuid() }),
  z.object({ seatId: z.uuid(), email: z.string().min(3) }),
]);
type SeatMailPayload = z.infer<typeof payloadSchema>;

/**
 * Queues a seat's e-mail inside the transaction that gives the seat: an assignment that loses a race rolls
 * back and mails nobody; a committed one is mailed even if the process stops right after answering.
 */
export async function queueSeatMail(tx: Tx, payload: SeatMailPayload) {
  await tx.insert(jobs).values({ name: SEAT_MAIL_JOB, payload: payloadSchema.parse(payload) });
}

/** Where an invitation leads: sign-up with the address filled in, then the licences page. */
export const seatInvitationUrl = (publicUrl: string, email: string) =>
  `${publicUrl}/sign-up?email=${encodeURIComponent(email)}&next=${encodeURIComponent("/profile/licences")}`;

/**
 * Sends the mail, composed from the rows when the job runs, and only while the seat is still the
 * payload's: an invitation withdrawn (or a seat freed) before the worker got to it is not mailed, and an
 * invitation its address already signed up for needs no mail. Run again after a crash it may mail twice,
 * as receipts may.
 */
export function seatMailJob(deps: { mailer: Mailer; config: Config }): JobDefinition<SeatMailPayload> {
  const origin = deps.config.publicUrl;
  return {
    name: SEAT_MAIL_JOB,
    payload: payloadSchema,
    async handle(payload, { db }) {
      const rows = await db.execute<{
        holder_id: string | null;
        invited_email: string | null;
        holder_email: string | null;
        holder_first_name: string | null;
        title: string;
        name: string;
        buyer_username: string;
        buyer_first_name: string;
      }>(sql`
        select ls.holder_id, ls.invited_email, h.email as holder_email, h.first_name as holder_first_name,
               r.title, r.name, b.username as buyer_username, b.first_name as buyer_first_name
        from licence_seats ls join sales s on s.id = ls.sale_id join resources r on r.id = s.resource_id
        join users b on b.id = s.buyer_id left join users h on h.id = ls.holder_id
        where ls.id = ${payload.seatId}`);
      const row = rows.rows[0];
      if (!row) return;
      const facts = {
        buyer: { username: row.buyer_username, firstName: row.buyer_first_name },
        title: row.title,
      };
      if ("holderId" in payload) {
        if (row.holder_id !== payload.holderId || !row.holder_email || !row.holder_first_name) return;
        const link = `${origin}/resources/${encodeURIComponent(row.name)}`;
        await deps.mailer.send(seatGivenMail(row.holder_email, row.holder_first_name, facts, link));
      } else {
        if (row.invited_email !== payload.email) return;
        await deps.mailer.send(
          seatInvitationMail(payload.email, facts, seatInvitationUrl(origin, payload.email)),
        );
      }
    },
  };
}
