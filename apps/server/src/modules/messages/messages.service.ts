import { replaceRestrictedWords } from "@market/domain";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { blocks, messages, users } from "../../db/schema/index.ts";
import { userMessageMail } from "../../mail/templates.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { forbidden, notFound, validationFailed } from "../../platform/errors.ts";
import { mailAfterSave } from "../../platform/mail.ts";
import { getSiteSettings } from "../site/index.ts";
import { presentPublicUser, publicUserColumns } from "../users/index.ts";

/**
 * POST /messages: a message to a creator (spec 2: /profile/@{username}/message). Restricted words are
 * replaced as for ads and resources (spec 5); a sender the creator blocked is refused, as are messages
 * to oneself and to deactivated accounts. Stored first, then e-mailed to the creator.
 */
export async function sendMessage(
  deps: Pick<AppDeps, "db" | "mailer" | "config">,
  log: FastifyBaseLogger,
  viewer: Viewer,
  input: { recipient: string; body: string },
) {
  const { db } = deps;
  const handle = input.recipient.replace(/^@/, "");
  const [recipient] = await db
    .select({ ...publicUserColumns, email: users.email, is_deactivated: users.is_deactivated })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${handle})`);
  if (!recipient || recipient.is_deactivated) throw notFound("No such creator");
  if (recipient.id === viewer.id) {
    throw validationFailed({ recipient: "self" }, "You cannot send a message to yourself");
  }
  const [blocked] = await db
    .select({ blocker_id: blocks.blocker_id })
    .from(blocks)
    .where(and(eq(blocks.blocker_id, recipient.id), eq(blocks.blocked_id, viewer.id)));
  if (blocked) throw forbidden("This creator does not accept messages from you");

  const settings = await getSiteSettings(db);
  const body = replaceRestrictedWords(input.body, settings.restrictedWords);
  const [row] = await db
    .insert(messages)
    .values({ sender_id: viewer.id, recipient_id: recipient.id, body })
    .returning();
  const [sender] = await db
    .select({ first_name: users.first_name })
    .from(users)
    .where(eq(users.id, viewer.id));
  const inbox = `${deps.config.publicUrl}/profile/@${encodeURIComponent(recipient.username)}/messages`;
  const mailed = await mailAfterSave(deps.mailer, log, [
    userMessageMail(
      recipient.email,
      recipient.first_name,
      { username: viewer.username, firstName: sender?.first_name ?? viewer.username },
      body,
      inbox,
    ),
  ]);
  return {
    message: {
      id: row!.id,
      body: row!.body,
      createdAt: row!.created_at.toISOString(),
      recipient: presentPublicUser(recipient),
    },
    mailed,
  };
}

/** GET /messages/inbox: the viewer's received messages, newest first, with the unread count. */
export async function listInbox(db: Db, viewer: Viewer, page: number, pageSize: number) {
  const mine = eq(messages.recipient_id, viewer.id);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: messages.id,
        body: messages.body,
        created_at: messages.created_at,
        read_at: messages.read_at,
        sender: publicUserColumns,
        blocked: sql<boolean>`${blocks.blocked_id} is not null`,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.sender_id))
      .leftJoin(blocks, and(eq(blocks.blocker_id, viewer.id), eq(blocks.blocked_id, messages.sender_id)))
      .where(mine)
      .orderBy(desc(messages.created_at), desc(messages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${messages.read_at} is null)::int`,
      })
      .from(messages)
      .where(mine),
  ]);
  return {
    messages: rows.map((r) => ({
      id: r.id,
      body: r.body,
      createdAt: r.created_at.toISOString(),
      readAt: r.read_at ? r.read_at.toISOString() : null,
      sender: presentPublicUser(r.sender),
      senderBlocked: Boolean(r.blocked),
    })),
    total: totals?.total ?? 0,
    unread: Number(totals?.unread ?? 0),
  };
}

/** PUT /messages/{id}/read: only the recipient may mark a message read; another's is "not found". */
export async function markRead(db: Db, viewer: Viewer, id: string) {
  const [row] = await db
    .update(messages)
    .set({ read_at: sql`coalesce(${messages.read_at}, now())` })
    .where(and(eq(messages.id, id), eq(messages.recipient_id, viewer.id)))
    .returning({ id: messages.id, read_at: messages.read_at });
  if (!row) throw notFound("No such message");
  return { id: row.id, readAt: row.read_at ? row.read_at.toISOString() : null };
}

/** PUT /users/self/blocks/{userId}: the user's messages are refused from now on. Idempotent. */
export async function blockUser(db: Db, viewer: Viewer, userId: string) {
  if (userId === viewer.id) {
    throw validationFailed({ userId: "self" }, "You cannot block yourself");
  }
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!target) throw notFound("No such user");
  await db.insert(blocks).values({ blocker_id: viewer.id, blocked_id: userId }).onConflictDoNothing();
  return { userId, blocked: true };
}

export async function unblockUser(db: Db, viewer: Viewer, userId: string) {
  await db.delete(blocks).where(and(eq(blocks.blocker_id, viewer.id), eq(blocks.blocked_id, userId)));
  return { userId, blocked: false };
}

/** GET /users/self/blocks: whom the viewer blocked, the earliest first (bounded: a person blocks few). */
export async function listBlocks(db: Db, viewer: Viewer) {
  const rows = await db
    .select(publicUserColumns)
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blocked_id))
    .where(eq(blocks.blocker_id, viewer.id))
    .orderBy(asc(blocks.created_at))
    .limit(500);
  return { blocked: rows.map(presentPublicUser) };
}
