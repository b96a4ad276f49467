import {
  type ADMIN_USER_FILTERS,
  type AdminUserDetail,
  type AdminUserList,
  type AdminUserPatch,
  type AdminUserRow,
  CONSOLE_REFUSAL_MESSAGES,
  checkConsoleUserChange,
  searchWords,
} from "@market/domain";
import { and, count, desc, eq, getTableColumns, type SQL, sql, type Table } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { advertisements, resources, sales, tips, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { endAllSessions } from "../../platform/sessions.ts";
import { sendVerificationMail } from "../auth/index.ts";
import { permissionsOf } from "../users/index.ts";

type UserRow = typeof users.$inferSelect;

/** The expression users_search_trgm_idx is built on: the planner uses the index only for this exact text. */
const searchText = sql`lower(${users.username} || ' ' || ${users.first_name} || ' ' || ${users.last_name} || ' ' || ${users.email})`;
const likeEscape = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

const FILTERS: Record<(typeof ADMIN_USER_FILTERS)[number], SQL | undefined> = {
  all: undefined,
  active: eq(users.is_deactivated, false),
  deactivated: eq(users.is_deactivated, true),
  admins: eq(users.role, "admin"),
};

function presentRow(row: UserRow): AdminUserRow {
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role as AdminUserRow["role"],
    is_master_account: row.is_master_account,
    is_deactivated: row.is_deactivated,
    email_verified: row.email_verified_at !== null,
    created_at: row.created_at.toISOString(),
    last_active_at: row.last_active_at ? row.last_active_at.toISOString() : null,
  };
}

/**
 * GET /admin/users: every word of the query is a substring of the name, username or e-mail (the spec's
 * text search), on the trigram index; newest accounts first, one page at a time.
 */
export async function searchUsers(
  db: Db,
  query: { q: string; filter: (typeof ADMIN_USER_FILTERS)[number]; page: number; pageSize: number },
): Promise<AdminUserList> {
  const conditions: SQL[] = searchWords(query.q, false).map(
    (word) => sql`${searchText} like ${`%${likeEscape(word)}%`}`,
  );
  const filter = FILTERS[query.filter];
  if (filter) conditions.push(filter);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.created_at), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(presentRow), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

async function requireUser(db: Db, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound("No such user");
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound("No such user");
  return row;
}

const RECENT = 20;

/** Some of a table's columns, by name, as a select's fields. */
function columnsOf<T extends Table, K extends keyof T["_"]["columns"] & string>(
  table: T,
  names: readonly K[],
) {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T["_"]["columns"], K>;
}

/** What the detail lists of each of the account's resources and ads. */
const RESOURCE_LINE = columnsOf(resources, [
  "id",
  "name",
  "title",
  "approval_status",
  "status",
  "price",
  "updated_at",
]);
const AD_LINE = columnsOf(advertisements, [
  "id",
  "ad_type",
  "title",
  "approval_status",
  "running_status",
  "spend_per_day",
  "run_days_total",
  "updated_at",
]);

/** GET /admin/users/{id}: the account with its resources, ads, sales and tips (the newest of each, and totals). */
export async function getUserDetail(db: Db, id: string): Promise<AdminUserDetail> {
  const row = await requireUser(db, id);
  const buyer = sql`(select username from users b where b.id = ${sales.buyer_id})`;
  const [
    ownResources,
    ownAds,
    soldRows,
    tipRows,
    [resourceCount],
    [adCount],
    [saleTotals],
    [purchaseCount],
    [tipTotals],
    [tipsSent],
  ] = await Promise.all([
    db
      .select(RESOURCE_LINE)
      .from(resources)
      .where(eq(resources.users_id, id))
      .orderBy(desc(resources.updated_at))
      .limit(RECENT),
    db
      .select(AD_LINE)
      .from(advertisements)
      .where(eq(advertisements.users_id, id))
      .orderBy(desc(advertisements.updated_at))
      .limit(RECENT),
    db
      .select({
        id: sales.id,
        resourceTitle: resources.title,
        buyerUsername: sql<string>`${buyer}`,
        amount: sales.amount_cents,
        isGift: sales.is_gift,
        created_at: sales.created_at,
      })
      .from(sales)
      .innerJoin(resources, eq(resources.id, sales.resource_id))
      .where(eq(resources.users_id, id))
      .orderBy(desc(sales.created_at))
      .limit(RECENT),
    db.execute<{
      id: string;
      direction: "received" | "sent";
      other: string;
      amount: number;
      created_at: string;
    }>(sql`
      (select t.id, 'received' as direction, u.username as other, t.amount_cents as amount, t.created_at
         from tips t join users u on u.id = t.tipper_id
        where t.recipient_id = ${id} order by t.created_at desc limit ${RECENT})
      union all
      (select t.id, 'sent' as direction, u.username as other, t.amount_cents as amount, t.created_at
         from tips t join users u on u.id = t.recipient_id
        where t.tipper_id = ${id} order by t.created_at desc limit ${RECENT})
      order by created_at desc limit ${RECENT}`),
    db.select({ n: count() }).from(resources).where(eq(resources.users_id, id)),
    db.select({ n: count() }).from(advertisements).where(eq(advertisements.users_id, id)),
    db
      .select({ n: count(), cents: sql<string>`coalesce(sum(${sales.amount_cents}), 0)` })
      .from(sales)
      .innerJoin(resources, eq(resources.id, sales.resource_id))
      .where(eq(resources.users_id, id)),
    db.select({ n: count() }).from(sales).where(eq(sales.buyer_id, id)),
    db
      .select({ n: count(), cents: sql<string>`coalesce(sum(${tips.amount_cents}), 0)` })
      .from(tips)
      .where(eq(tips.recipient_id, id)),
    db.select({ n: count() }).from(tips).where(eq(tips.tipper_id, id)),
  ]);
  return {
    user: {
      ...presentRow(row),
      permissions: permissionsOf(row),
      deactivated_by_admin:
        row.is_deactivated && row.deactivated_by !== null && row.deactivated_by !== row.id,
      donation_date: row.donation_date ? row.donation_date.toISOString() : null,
      ref_code: row.ref_code,
    },
    counts: {
      resources: resourceCount?.n ?? 0,
      ads: adCount?.n ?? 0,
      sales: saleTotals?.n ?? 0,
      salesCents: Number(saleTotals?.cents ?? 0),
      purchases: purchaseCount?.n ?? 0,
      tipsReceived: tipTotals?.n ?? 0,
      tipsReceivedCents: Number(tipTotals?.cents ?? 0),
      tipsSent: tipsSent?.n ?? 0,
    },
    resources: ownResources.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() })),
    ads: ownAds.map((a) => ({ ...a, updated_at: a.updated_at.toISOString() })),
    sales: soldRows.map((s) => ({ ...s, created_at: s.created_at.toISOString() })),
    tips: tipRows.rows.map((t) => ({
      id: t.id,
      direction: t.direction,
      otherUsername: t.other,
      amount: Number(t.amount),
      created_at: new Date(t.created_at).toISOString(),
    })),
  };
}

const FLAG_COLUMNS = {
  controls: "perm_controls",
  payments: "perm_payments",
  messages: "perm_messages",
  upload: "perm_upload",
  editing: "perm_editing",
  advertise: "perm_advertise",
} as const;

/**
 * PATCH /admin/users/{id}: deactivate or reactivate, grant or revoke admin, set permission flags. The
 * domain's checkConsoleUserChange says who may change whom; the account is read fresh on every request
 * (platform/access.ts), so the change is in force at once on every instance.
 */
export async function changeUser(db: Db, actor: Viewer, id: string, change: AdminUserPatch) {
  const target = await requireUser(db, id);
  const [me] = await db
    .select({ isMaster: users.is_master_account })
    .from(users)
    .where(eq(users.id, actor.id));
  const refusal = checkConsoleUserChange(
    { id: actor.id, isMaster: me?.isMaster ?? false },
    { id: target.id, role: target.role as AdminUserRow["role"], isMaster: target.is_master_account },
    change,
  );
  if (refusal)
    throw new AppError("forbidden", CONSOLE_REFUSAL_MESSAGES[refusal], { fields: { user: refusal } });
  const set: Partial<typeof users.$inferInsert> = { updated_at: new Date() };
  if (change.is_deactivated !== undefined && change.is_deactivated !== target.is_deactivated) {
    set.is_deactivated = change.is_deactivated;
    // Deactivated by an admin: the user cannot lift it themselves (users.service reactivateSelf).
    set.deactivated_by = change.is_deactivated ? actor.id : null;
  }
  if (change.role !== undefined) set.role = change.role;
  for (const [flag, value] of Object.entries(change.permissions ?? {})) {
    if (value !== undefined) set[FLAG_COLUMNS[flag as keyof typeof FLAG_COLUMNS]] = value;
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set(set).where(eq(users.id, id));
    // Deactivation signs the account out everywhere at once (DECISIONS.md "Sessions").
    if (set.is_deactivated === true) {
      await endAllSessions(tx, id, id === actor.id ? { except: actor.sessionId } : {});
    }
  });
  return getUserDetail(db, id);
}

/** POST /admin/users/{id}/verification-email: the auth module's verification mail, again. */
export async function resendVerification(deps: Pick<AppDeps, "db" | "mailer" | "config">, id: string) {
  const target = await requireUser(deps.db, id);
  if (target.email_verified_at) {
    throw new AppError("conflict", "This e-mail address is verified already");
  }
  await sendVerificationMail(deps, target);
  return { sent: true as const };
}
