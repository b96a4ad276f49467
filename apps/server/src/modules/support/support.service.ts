import type { SupportThread, SupportThreadSummary } from "@market/domain";
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { supportMessages, supportThreads, users } from "../../db/schema/index.ts";
import { supportAnswerMail, supportRequestMail } from "../../mail/templates.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { notFound } from "../../platform/errors.ts";
import { mailAfterSave } from "../../platform/mail.ts";
import { presentPublicUser, publicUserColumns } from "../users/index.ts";

type ThreadRow = typeof supportThreads.$inferSelect;
type Status = SupportThreadSummary["status"];

/** How many admins a support request is mailed to at most; more would be a mailing list, not a team. */
const SUPPORT_ADMINS_MAILED = 50;
/** The thread's last message as a one-line preview in the lists. */
const PREVIEW_CHARS = 140;

/** Message counts and the last message of each thread, in one query for the whole page. */
async function threadStats(db: Db, threadIds: string[]) {
  if (threadIds.length === 0) return new Map<string, { messageCount: number; lastMessage: string }>();
  const rows = await db.execute<{ thread_id: string; message_count: number; last_body: string }>(sql`
    select distinct on (thread_id) thread_id,
      count(*) over (partition by thread_id)::int as message_count,
      body as last_body
    from support_messages
    where thread_id in (${sql.join(
      threadIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by thread_id, created_at desc, id desc`);
  return new Map(
    rows.rows.map((r) => [
      r.thread_id,
      { messageCount: Number(r.message_count), lastMessage: preview(r.last_body) },
    ]),
  );
}

const preview = (body: string) =>
  body.length > PREVIEW_CHARS ? `${body.slice(0, PREVIEW_CHARS - 1).trimEnd()}…` : body;

function presentSummary(
  row: ThreadRow,
  stats: { messageCount: number; lastMessage: string } | undefined,
): SupportThreadSummary {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status as Status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    messageCount: stats?.messageCount ?? 0,
    lastMessage: stats?.lastMessage ?? "",
  };
}

/** A thread with its messages, oldest first; admins' messages are signed "Support" for the user. */
async function presentThread(db: Db, row: ThreadRow): Promise<SupportThread> {
  const [owner] = await db.select(publicUserColumns).from(users).where(eq(users.id, row.users_id));
  const messages = await db
    .select({
      id: supportMessages.id,
      body: supportMessages.body,
      created_at: supportMessages.created_at,
      author_id: supportMessages.author_id,
      author_first_name: users.first_name,
    })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.author_id))
    .where(eq(supportMessages.thread_id, row.id))
    .orderBy(asc(supportMessages.created_at), asc(supportMessages.id));
  const last = messages.at(-1);
  return {
    ...presentSummary(
      row,
      last ? { messageCount: messages.length, lastMessage: preview(last.body) } : undefined,
    ),
    user: presentPublicUser(owner!),
    messages: messages.map((m) => ({
      id: m.id,
      body: m.body,
      createdAt: m.created_at.toISOString(),
      fromSupport: m.author_id !== row.users_id,
      author: m.author_id === row.users_id ? m.author_first_name : "Support",
    })),
  };
}

/** A user's own thread; another user's thread is "not found", so its existence is not revealed. */
async function loadOwnThread(db: Db, viewer: Viewer, id: string): Promise<ThreadRow> {
  const [row] = await db
    .select()
    .from(supportThreads)
    .where(and(eq(supportThreads.id, id), eq(supportThreads.users_id, viewer.id)));
  if (!row) throw notFound("No such support thread");
  return row;
}

async function loadThread(db: Db, id: string): Promise<ThreadRow> {
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.id, id));
  if (!row) throw notFound("No such support thread");
  return row;
}

/** The addresses of the active admins, who answer support. */
async function supportAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.is_deactivated, false)))
    .orderBy(asc(users.created_at))
    .limit(SUPPORT_ADMINS_MAILED);
  return rows.map((r) => r.email);
}

/** What a support message uses beyond the database: the mailer and the site's address for its links. */
type SupportDeps = Pick<AppDeps, "db" | "mailer" | "config">;

async function mailSupport(
  deps: SupportDeps,
  log: FastifyBaseLogger,
  viewer: Viewer,
  thread: ThreadRow,
  body: string,
) {
  const [author] = await deps.db
    .select({ first_name: users.first_name })
    .from(users)
    .where(eq(users.id, viewer.id));
  const link = `${deps.config.publicUrl}/admin/exceptions/support?thread=${thread.id}`;
  const from = { username: viewer.username, firstName: author?.first_name ?? viewer.username };
  const admins = await supportAdmins(deps.db);
  return mailAfterSave(
    deps.mailer,
    log,
    admins.map((to) => supportRequestMail(to, from, thread.subject, body, link)),
  );
}

/** GET /support/threads: the user's own threads, the most recently active first. */
export async function listOwnThreads(db: Db, viewer: Viewer, page: number, pageSize: number) {
  const mine = eq(supportThreads.users_id, viewer.id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(supportThreads)
      .where(mine)
      .orderBy(desc(supportThreads.updated_at), desc(supportThreads.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(supportThreads).where(mine),
  ]);
  const stats = await threadStats(
    db,
    rows.map((r) => r.id),
  );
  return { supportThreads: rows.map((r) => presentSummary(r, stats.get(r.id))), total: total?.n ?? 0 };
}

/** POST /support/threads: the thread and its first message in one transaction, then the admins' mail. */
export async function openThread(
  deps: SupportDeps,
  log: FastifyBaseLogger,
  viewer: Viewer,
  input: { subject: string; body: string },
) {
  const thread = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportThreads)
      .values({ users_id: viewer.id, subject: input.subject, status: "open" })
      .returning();
    await tx.insert(supportMessages).values({ thread_id: row!.id, author_id: viewer.id, body: input.body });
    return row!;
  });
  const mailed = await mailSupport(deps, log, viewer, thread, input.body);
  return { thread: await presentThread(deps.db, thread), mailed };
}

export async function getOwnThread(db: Db, viewer: Viewer, id: string) {
  return presentThread(db, await loadOwnThread(db, viewer, id));
}

/** The thread's new message and its status in one transaction; returns the updated row. */
async function addMessage(db: Db, thread: ThreadRow, authorId: string, body: string, status: Status) {
  return db.transaction(async (tx) => {
    await tx.insert(supportMessages).values({ thread_id: thread.id, author_id: authorId, body });
    const [row] = await tx
      .update(supportThreads)
      .set({ status, updated_at: new Date() })
      .where(eq(supportThreads.id, thread.id))
      .returning();
    return row!;
  });
}

/** POST /support/threads/{id}/messages: the user answers; the thread waits for support again. */
export async function replyAsUser(
  deps: SupportDeps,
  log: FastifyBaseLogger,
  viewer: Viewer,
  id: string,
  body: string,
) {
  const thread = await loadOwnThread(deps.db, viewer, id);
  const updated = await addMessage(deps.db, thread, viewer.id, body, "open");
  const mailed = await mailSupport(deps, log, viewer, updated, body);
  return { thread: await presentThread(deps.db, updated), mailed };
}

/** GET /admin/support-threads: threads waiting for an answer, the longest waiting first. */
export async function listSupportQueue(db: Db, page: number, pageSize: number) {
  const waiting = eq(supportThreads.status, "open");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        thread: supportThreads,
        user: publicUserColumns,
      })
      .from(supportThreads)
      .innerJoin(users, eq(users.id, supportThreads.users_id))
      .where(waiting)
      .orderBy(asc(supportThreads.updated_at), asc(supportThreads.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(supportThreads).where(waiting),
  ]);
  const stats = await threadStats(
    db,
    rows.map((r) => r.thread.id),
  );
  return {
    supportThreads: rows.map((r) => ({
      ...presentSummary(r.thread, stats.get(r.thread.id)),
      user: presentPublicUser(r.user),
    })),
    total: total?.n ?? 0,
  };
}

export async function getThreadForAdmin(db: Db, id: string) {
  return presentThread(db, await loadThread(db, id));
}

/** POST /admin/support-threads/{id}/messages: support answers and the user is e-mailed the answer. */
export async function answerThread(
  deps: SupportDeps,
  log: FastifyBaseLogger,
  admin: Viewer,
  id: string,
  body: string,
) {
  const thread = await loadThread(deps.db, id);
  const updated = await addMessage(deps.db, thread, admin.id, body, "answered");
  const [owner] = await deps.db
    .select({ email: users.email, first_name: users.first_name })
    .from(users)
    .where(eq(users.id, thread.users_id));
  const link = `${deps.config.publicUrl}/support?thread=${thread.id}`;
  const mailed = await mailAfterSave(deps.mailer, log, [
    supportAnswerMail(owner!.email, owner!.first_name, thread.subject, body, link),
  ]);
  return { thread: await presentThread(deps.db, updated), mailed };
}

/**
 * POST /admin/support-threads/{id}/clear: the thread leaves the queue without an answer (spam, resolved
 * elsewhere). A later message from the user opens it again.
 */
export async function clearThread(db: Db, id: string) {
  const [row] = await db
    .update(supportThreads)
    .set({ status: "closed", updated_at: new Date() })
    .where(and(eq(supportThreads.id, id), ne(supportThreads.status, "closed")))
    .returning();
  return presentThread(db, row ?? (await loadThread(db, id)));
}
