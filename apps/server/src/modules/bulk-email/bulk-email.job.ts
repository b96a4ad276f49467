import { setTimeout as delay } from "node:timers/promises";
import { bulkEmailIntervalMs, receivesBulkEmail } from "@market/domain";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { JobDefinition } from "../../platform/jobs.ts";
import type { Mailer } from "../../platform/mail.ts";
import { bulkEmailMail } from "./bulk-email.mail.ts";
import { BULK_EMAIL_JOB, queueBulkSlice } from "./bulk-email.service.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

/** A slice of a send runs this long at most, so a stopping server waits for one mail, not for the send. */
const SLICE_MS = 5_000;
/** After a refusal by the mail server, the send pauses this long before it tries again. */
const RETRY_AFTER_MS = 30_000;
/** A recipient the mail server refused this many times is given up (`failed`). */
const MAX_ATTEMPTS = 3;
/**
 * A row still `sending` this long after its claim was left by a process that died during the SMTP
 * conversation (nodemailer itself gives up on a silent server after 10 minutes).
 */
const STALE_SENDING = "15 minutes";

/**
 * The send, worked in slices by the durable job worker (platform/jobs.ts). Each slice mails the pending
 * recipients one by one at BULK_EMAIL_RATE_PER_MINUTE and, before it ends (its time is up, or the
 * server is stopping), queues the next slice; a restarted server picks that up, so a send resumes
 * where it stopped. Only one slice is queued at a time, which holds the rate across instances.
 *
 * Exactly one copy per user: a recipient row moves pending -> sending in its own committed statement
 * before the SMTP call and -> sent after the server accepted the mail. A graceful stop finishes and
 * records the mail in hand, so a stop and restart sends each user one copy. If a process dies during
 * the SMTP call itself, whether that mail went out is unknown; the row is then marked `unconfirmed`
 * and never sent again: we choose at most once over at least once for that one window, because the
 * issue forbids a second copy (docs/DECISIONS.md). The admin sees the count of unconfirmed mails.
 */
export function bulkEmailJob(deps: {
  mailer: Mailer;
  config: Config;
}): JobDefinition<{ bulkEmailId: string }> {
  const { mailer, config } = deps;
  const origin = config.publicUrl.replace(/\/$/, "");
  return {
    name: BULK_EMAIL_JOB,
    payload: z.object({ bulkEmailId: z.uuid() }),
    // Mail server refusals are handled per recipient; a throw here is a database failure worth retrying.
    maxAttempts: 10,
    async handle({ bulkEmailId }, { db, log, signal }) {
      const interval = bulkEmailIntervalMs(config.bulkEmailRatePerMinute);
      const until = Date.now() + SLICE_MS;
      await db.execute(sql`
        update bulk_email_recipients set state = 'unconfirmed'
        where bulk_email_id = ${bulkEmailId} and state = 'sending' and claimed_at < now() - ${STALE_SENDING}::interval`);
      const [bulk] = await db
        .execute<{ subject: string; body: string }>(sql`
          select subject, body from bulk_emails where id = ${bulkEmailId} and finished_at is null`)
        .then((r) => r.rows);
      if (!bulk) return;

      for (;;) {
        const recipient = await claimNext(db, bulkEmailId);
        if (!recipient) return finishIfDone(db, bulkEmailId);
        if (
          !receivesBulkEmail({
            isDeactivated: recipient.is_deactivated,
            unsubscribedAt: recipient.unsubscribed_at,
          })
        ) {
          // Deactivated or unsubscribed since the send began: no longer a recipient.
          await db.execute(sql`
            delete from bulk_email_recipients where bulk_email_id = ${bulkEmailId} and users_id = ${recipient.users_id}`);
          continue;
        }
        const token = encodeURIComponent(unsubscribeToken(config.jwtSecret, recipient.users_id));
        try {
          await mailer.send(
            bulkEmailMail({
              to: recipient.email,
              subject: bulk.subject,
              body: bulk.body,
              siteOrigin: origin,
              unsubscribePage: `${origin}/unsubscribe?token=${token}`,
              unsubscribeEndpoint: `${origin}/api/users/unsubscribe?token=${token}`,
            }),
          );
        } catch (error) {
          // Refused by the mail server (or unreachable): not delivered, so it may be tried again later.
          log.warn({ err: error, bulkEmailId }, "bulk e-mail refused by the mail server; pausing the send");
          await db.execute(sql`
            update bulk_email_recipients
            set state = case when attempts >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end, claimed_at = null
            where bulk_email_id = ${bulkEmailId} and users_id = ${recipient.users_id}`);
          return queueBulkSlice(db, bulkEmailId, new Date(Date.now() + RETRY_AFTER_MS));
        }
        await db.transaction(async (tx) => {
          await tx.execute(sql`
            update bulk_email_recipients set state = 'sent', sent_at = now()
            where bulk_email_id = ${bulkEmailId} and users_id = ${recipient.users_id}`);
          await tx.execute(
            sql`update bulk_emails set emails_sent = emails_sent + 1 where id = ${bulkEmailId}`,
          );
        });
        if (signal.aborted || Date.now() + interval > until) {
          return queueBulkSlice(db, bulkEmailId, new Date(Date.now() + interval));
        }
        await delay(interval, undefined, { signal }).catch(() => {});
      }
    },
  };
}

/** Moves one pending recipient to `sending` and returns them; null when none is pending. */
async function claimNext(db: Db, bulkEmailId: string) {
  const result = await db.execute<{
    users_id: string;
    email: string;
    is_deactivated: boolean;
    unsubscribed_at: string | Date | null;
  }>(sql`
    update bulk_email_recipients r
    set state = 'sending', claimed_at = now(), attempts = r.attempts + 1
    from users u
    where u.id = r.users_id and r.bulk_email_id = ${bulkEmailId} and r.users_id = (
      select users_id from bulk_email_recipients
      where bulk_email_id = ${bulkEmailId} and state = 'pending'
      order by users_id limit 1
      for update skip locked)
    returning r.users_id, u.email, u.is_deactivated, u.unsubscribed_at`);
  return result.rows[0] ?? null;
}

/** Marks the send finished once no recipient is pending or being sent; else looks again later. */
async function finishIfDone(db: Db, bulkEmailId: string) {
  const result = await db.execute<{ id: string }>(sql`
    update bulk_emails set finished_at = now()
    where id = ${bulkEmailId} and finished_at is null and not exists (
      select 1 from bulk_email_recipients where bulk_email_id = ${bulkEmailId} and state in ('pending', 'sending'))
    returning id`);
  // Rows another process holds mid-send: they are sent, or turn `unconfirmed` once stale.
  if (result.rows.length === 0) await queueBulkSlice(db, bulkEmailId, new Date(Date.now() + 60_000));
}
