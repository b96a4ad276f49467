import { type BulkEmailRequest, type BulkEmailState, bulkEmailProgress } from "@market/domain";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bulkEmails, users } from "../../db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";

export const BULK_EMAIL_JOB = "bulk-email";

/** Who receives a bulk e-mail, in SQL: the domain's receivesBulkEmail (active and subscribed). */
const RECEIVES = sql.raw("not u.is_deactivated and u.unsubscribed_at is null");

/**
 * GET /users/bulk-email: the latest send and its progress (spec 3). Counted from the recipient rows by
 * state (an index-only read of bulk_email_recipients_state_idx), so every instance reports the same.
 */
export async function bulkEmailState(db: Db): Promise<BulkEmailState> {
  const [latest] = await db
    .execute<{
      id: string;
      subject: string;
      body: string;
      created_by: string | null;
      created_at: string | Date;
      finished_at: string | Date | null;
      total_users: number;
    }>(sql`
    select b.id, b.subject, b.body, u.username as created_by, b.created_at, b.finished_at, b.total_users
    from bulk_emails b left join users u on u.id = b.created_by
    order by b.created_at desc, b.id limit 1`)
    .then((r) => r.rows);
  if (!latest) {
    const now = await audience(db);
    return {
      bulkSend: null,
      progress: {
        emailsSent: 0,
        totalUsers: now.totalUsers,
        totalActiveUsers: now.totalActiveUsers,
        totalUsersRemaining: 0,
        unconfirmed: 0,
        failed: 0,
        percent: 0,
      },
      audience: now,
    };
  }
  const byState = await db.execute<{ state: string; n: number }>(sql`
    select state, count(*)::int as n from bulk_email_recipients where bulk_email_id = ${latest.id} group by state`);
  const n = (state: string) => Number(byState.rows.find((r) => r.state === state)?.n ?? 0);
  const recipients = byState.rows.reduce((sum, r) => sum + Number(r.n), 0);
  return {
    bulkSend: {
      id: latest.id,
      subject: latest.subject,
      body: latest.body,
      createdBy: latest.created_by,
      createdAt: new Date(latest.created_at).toISOString(),
      finishedAt: latest.finished_at ? new Date(latest.finished_at).toISOString() : null,
    },
    // Counted only when a new send could start: the page polls every second while one runs.
    audience: latest.finished_at ? await audience(db) : null,
    progress: bulkEmailProgress({
      totalUsers: Number(latest.total_users),
      totalActiveUsers: recipients,
      sent: n("sent"),
      unconfirmed: n("unconfirmed"),
      failed: n("failed"),
    }),
  };
}

/** Every account, and those a send started now would reach. */
async function audience(db: Db) {
  const [counts] = await db
    .execute<{ total: number; active: number }>(sql`
      select count(*)::int as total, (count(*) filter (where ${RECEIVES}))::int as active from users u`)
    .then((r) => r.rows);
  return { totalUsers: Number(counts!.total), totalActiveUsers: Number(counts!.active) };
}

/** Queues the next slice of a send unless one is already queued (a crashed slice's rerun makes no second chain). */
export async function queueBulkSlice(db: Db | Tx, bulkEmailId: string, runAt: Date) {
  await db.execute(sql`
    insert into jobs (name, payload, run_at)
    select ${BULK_EMAIL_JOB}, ${JSON.stringify({ bulkEmailId })}::jsonb, ${runAt.toISOString()}::timestamptz
    where not exists (
      select 1 from jobs where name = ${BULK_EMAIL_JOB} and state = 'queued' and payload ->> 'bulkEmailId' = ${bulkEmailId})`);
}

/**
 * POST /users/bulk-email: records the message and its recipients (every active, subscribed account at
 * this moment) and queues the send, in one transaction. The recipient rows are the send's memory: the
 * job only ever mails a row it moved out of `pending`, so no user gets a second copy, whoever works it.
 * One send at a time: a second while one runs is refused.
 */
export async function startBulkEmail(db: Db, input: BulkEmailRequest, adminId: string) {
  return db.transaction(async (tx) => {
    // Two admins pressing Send at once: the second waits here, then sees the first send running.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bulk_emails'))`);
    const running = await tx.execute(sql`select 1 from bulk_emails where finished_at is null limit 1`);
    if (running.rows.length > 0) {
      throw new AppError("conflict", "A bulk e-mail is still being sent; wait until it has finished");
    }
    const [bulk] = await tx
      .insert(bulkEmails)
      .values({ subject: input.subject, body: input.body, created_by: adminId })
      .returning({ id: bulkEmails.id });
    await tx.execute(sql`
      insert into bulk_email_recipients (bulk_email_id, users_id)
      select ${bulk!.id}, u.id from users u where ${RECEIVES}`);
    const [counts] = await tx
      .execute<{ total: number; recipients: number }>(sql`
        select (select count(*) from users)::int as total,
          (select count(*) from bulk_email_recipients where bulk_email_id = ${bulk!.id})::int as recipients`)
      .then((r) => r.rows);
    const none = Number(counts!.recipients) === 0;
    await tx
      .update(bulkEmails)
      .set({ total_users: Number(counts!.total), ...(none ? { finished_at: new Date() } : {}) })
      .where(eq(bulkEmails.id, bulk!.id));
    if (!none) await queueBulkSlice(tx, bulk!.id, new Date());
    return bulk!.id;
  });
}

/** The unsubscribe link's effect: no more bulk e-mail, from now on and for sends already under way. */
export async function unsubscribe(db: Db, userId: string) {
  const [row] = await db
    .update(users)
    .set({ unsubscribed_at: sql`coalesce(${users.unsubscribed_at}, now())` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!row) throw new AppError("not_found", "This unsubscribe link is not valid");
}
