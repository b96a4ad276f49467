import {
  HELP_LIMITS,
  HELP_RESERVED_NAMES,
  type HelpCreate,
  type HelpEntry,
  type HelpEntryType,
  type HelpUpdate,
  isTermsAcceptancePending,
  searchWords,
  slugBase,
} from "@market/domain";
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { helpEntries, helpFeedback, tosAgreements, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { AppError, notFound, validationFailed } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import type { Storage } from "../../platform/storage.ts";

type HelpRow = typeof helpEntries.$inferSelect;
const imageEntry = alias(helpEntries, "image_entry");
const videoEntry = alias(helpEntries, "video_entry");

function presentRelated(row: HelpRow | null) {
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    type: row.type as HelpEntryType,
    short_title: row.short_title,
    order_index: row.order_index,
    image_locator: row.image_locator,
    image_alt_text: row.image_alt_text,
    video_locator: row.video_locator,
  };
}

export function presentHelpEntry(row: HelpRow, image: HelpRow | null, video: HelpRow | null): HelpEntry {
  return {
    id: row.id,
    name: row.name,
    type: row.type as HelpEntryType,
    short_title: row.short_title,
    long_title: row.long_title,
    body: row.body,
    accent_color: row.accent_color,
    order_index: row.order_index,
    image_locator: row.image_locator,
    image_alt_text: row.image_alt_text,
    image_name: row.image_name,
    image_size_bytes: row.image_size_bytes,
    video_locator: row.video_locator,
    video_name: row.video_name,
    video_size_bytes: row.video_size_bytes,
    image_entry: presentRelated(image),
    video_entry: presentRelated(video),
    is_pro_tip: row.is_pro_tip,
    terms_changed_at: row.terms_changed_at?.toISOString() ?? null,
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Spec 4's order in SQL: changed-terms articles, articles, images, videos, each by order_index, then name.
 * The domain's sortHelpEntries states the same rule; help.test.ts proves the two agree.
 */
const HELP_ORDER = [
  sql`case when ${helpEntries.type} = 'article' and ${helpEntries.terms_changed_at} is not null then 0
           when ${helpEntries.type} = 'article' then 1 when ${helpEntries.type} = 'image' then 2 else 3 end`,
  helpEntries.order_index,
  helpEntries.name,
];

async function selectEntries(db: Db, where: SQL | undefined, page?: { limit: number; offset: number }) {
  const query = db
    .select({ entry: helpEntries, image: imageEntry, video: videoEntry })
    .from(helpEntries)
    .leftJoin(imageEntry, eq(imageEntry.id, helpEntries.image_entry_id))
    .leftJoin(videoEntry, eq(videoEntry.id, helpEntries.video_entry_id))
    .where(where)
    .orderBy(...HELP_ORDER);
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map((r) => presentHelpEntry(r.entry, r.image, r.video));
}

/** Spec 2's text search over the help book: every word (stop words aside) in a title or the body. */
function searchCondition(q: string | undefined): SQL[] {
  return searchWords(q ?? "", true).map(
    (word) =>
      sql`strpos(lower(${helpEntries.short_title} || ' ' || ${helpEntries.long_title} || ' ' || ${helpEntries.body}), ${word}) > 0`,
  );
}

/** GET /help/ (every entry) and /help/articles (articles only), in spec 4's order, a page at a time. */
export async function listHelpEntries(
  db: Db,
  query: { q?: string | undefined; page: number },
  onlyArticles: boolean,
) {
  const where = and(...(onlyArticles ? [eq(helpEntries.type, "article")] : []), ...searchCondition(query.q));
  const pageSize = HELP_LIMITS.pageSize;
  const [entries, [count]] = await Promise.all([
    selectEntries(db, where, { limit: pageSize, offset: (query.page - 1) * pageSize }),
    db.select({ n: sql<number>`count(*)::int` }).from(helpEntries).where(where),
  ]);
  return { entries, total: count?.n ?? 0, page: query.page, pageSize };
}

/** One entry by its id or by its name (the web app's URLs use names, spec 2). */
export async function loadHelpRow(db: Db, idOrName: string): Promise<HelpRow> {
  const [row] = await db
    .select()
    .from(helpEntries)
    .where(isUuid(idOrName) ? eq(helpEntries.id, idOrName) : eq(helpEntries.name, idOrName.toLowerCase()));
  if (!row) throw notFound("No such help entry");
  return row;
}

export async function getHelpEntry(db: Db, idOrName: string): Promise<HelpEntry> {
  const row = await loadHelpRow(db, idOrName);
  const [entry] = await selectEntries(db, eq(helpEntries.id, row.id));
  if (!entry) throw notFound("No such help entry");
  return entry;
}

export async function randomProTip(db: Db) {
  // Pro tips are few (tens); random() over the partial index is cheap at that size.
  const result = await db.execute<{ id: string; title: string; body: string }>(sql`
    select id, short_title as title, body from help_entries where is_pro_tip order by random() limit 1`);
  return { proTip: result.rows[0] ?? null };
}

/**
 * An article may show a related image entry and a related video entry (spec 3); each must exist, be of that type
 * and not be the entry itself.
 */
async function checkRelated(
  db: Db,
  selfId: string | null,
  input: Pick<HelpUpdate, "image_entry_id" | "video_entry_id">,
) {
  for (const [field, type] of [
    ["image_entry_id", "image"],
    ["video_entry_id", "video"],
  ] as const) {
    const id = input[field];
    if (!id) continue;
    const [related] = await db
      .select({ type: helpEntries.type })
      .from(helpEntries)
      .where(eq(helpEntries.id, id));
    if (!related || related.type !== type || id === selfId)
      throw validationFailed({ [field]: `not_${type === "image" ? "an" : "a"}_${type}_entry` });
  }
}

function checkName(name: string) {
  if (HELP_RESERVED_NAMES.includes(name))
    throw validationFailed({ name: "reserved" }, `"${name}" is a page of the help book`);
}

async function uniqueHelpName(db: Db, title: string, type: HelpEntryType): Promise<string> {
  // A title of only symbols makes no slug; the type names the entry then.
  const base = /[a-z0-9]/i.test(title) ? slugBase(title) : type;
  const taken = new Set(
    (
      await db.execute<{ name: string }>(
        sql`select name from help_entries where name = ${base} or name like ${`${base}-%`}`,
      )
    ).rows.map((r) => r.name),
  );
  if (!taken.has(base) && !HELP_RESERVED_NAMES.includes(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const nameTaken = () =>
  new AppError("conflict", "Another entry has that name", { fields: { name: "taken" } });

/** POST /help (admin): a new entry; it goes last in its group unless an order_index is given. */
export async function createHelpEntry(db: Db, input: HelpCreate): Promise<HelpEntry> {
  const { type, name, ...fields } = input;
  if (name) checkName(name);
  await checkRelated(db, null, fields);
  if (type !== "article" && (fields.image_entry_id || fields.video_entry_id || fields.is_pro_tip)) {
    throw validationFailed({ type: "article_only" }, "Only articles relate to other entries or are pro tips");
  }
  const [last] = await db
    .select({ max: sql<number | null>`max(${helpEntries.order_index})` })
    .from(helpEntries)
    .where(eq(helpEntries.type, type));
  try {
    const [row] = await db
      .insert(helpEntries)
      .values({
        ...fields,
        type,
        name: name ?? (await uniqueHelpName(db, fields.short_title, type)),
        order_index: fields.order_index ?? (last?.max ?? -1) + 1,
      })
      .returning();
    return getHelpEntry(db, row!.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** What editing an entry uses: the database, and the storage its media are removed from. */
export type HelpEditDeps = Pick<AppDeps, "db" | "storage">;

/** PUT /help/{id} (admin): the given fields; delete_image and delete_video remove the entry's media. */
export async function updateHelpEntry(deps: HelpEditDeps, id: string, input: HelpUpdate): Promise<HelpEntry> {
  const row = await loadHelpRow(deps.db, id);
  const { delete_image, delete_video, ...fields } = input;
  if (fields.name !== undefined) checkName(fields.name);
  await checkRelated(deps.db, row.id, fields);
  if (row.type !== "article" && (fields.image_entry_id || fields.video_entry_id || fields.is_pro_tip)) {
    throw validationFailed({ type: "article_only" }, "Only articles relate to other entries or are pro tips");
  }
  const set: Partial<typeof helpEntries.$inferInsert> = {
    ...fields,
    ...mediaRemoval(delete_image, delete_video),
  };
  try {
    await deps.db
      .update(helpEntries)
      .set({ ...set, updated_at: new Date() })
      .where(eq(helpEntries.id, row.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  await removeStored(deps.storage, [
    ...(delete_image ? [row.image_locator] : []),
    ...(delete_video ? [row.video_locator] : []),
  ]);
  return getHelpEntry(deps.db, row.id);
}

export function mediaRemoval(
  deleteImage?: boolean,
  deleteVideo?: boolean,
): Partial<typeof helpEntries.$inferInsert> {
  return {
    ...(deleteImage ? { image_locator: null, image_name: null, image_size_bytes: null } : {}),
    ...(deleteVideo ? { video_locator: null, video_name: null, video_size_bytes: null } : {}),
  };
}

/** Only files this module stored (under help/) are ever removed. */
export async function removeStored(storage: Storage, keys: (string | null)[]) {
  for (const key of keys) if (key?.startsWith("help/")) await storage.delete(key);
}

/** DELETE /help/{id} (admin): the entry, its media, its acceptances (cascade); relations to it are cleared. */
export async function deleteHelpEntry(deps: HelpEditDeps, id: string) {
  const row = await loadHelpRow(deps.db, id);
  await deps.db.delete(helpEntries).where(eq(helpEntries.id, row.id));
  await removeStored(deps.storage, [row.image_locator, row.video_locator]);
  return { deleted: true as const };
}

/**
 * PUT /help/{id}/terms-changed (admin): marks an article as changed terms of service (every user who has not
 * accepted since must accept, spec 4), or clears the mark. The admin who publishes the change accepts it.
 */
export async function markTermsChanged(db: Db, viewer: Viewer, id: string, changed: boolean) {
  const row = await loadHelpRow(db, id);
  if (row.type !== "article")
    throw validationFailed({ type: "article_only" }, "Only an article can carry terms of service");
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(helpEntries)
      .set({ terms_changed_at: changed ? now : null, updated_at: now })
      .where(eq(helpEntries.id, row.id));
    if (changed) await acceptRows(tx as unknown as Db, viewer.id, [row.id], now);
  });
  return { item: await getHelpEntry(db, row.id) };
}

async function acceptRows(db: Db, userId: string, ids: string[], at: Date) {
  if (ids.length === 0) return;
  await db
    .insert(tosAgreements)
    .values(ids.map((help_entry_id) => ({ users_id: userId, help_entry_id, accepted_at: at })))
    .onConflictDoUpdate({
      target: [tosAgreements.users_id, tosAgreements.help_entry_id],
      set: { accepted_at: at },
    });
}

/** GET /help/tos-changed: changed-terms articles the viewer has not accepted since their latest change. */
export async function pendingTerms(db: Db, viewer: Viewer): Promise<HelpEntry[]> {
  const [user] = await db.select({ created_at: users.created_at }).from(users).where(eq(users.id, viewer.id));
  if (!user) return [];
  const changed = await db
    .select({
      id: helpEntries.id,
      terms_changed_at: helpEntries.terms_changed_at,
      accepted_at: tosAgreements.accepted_at,
    })
    .from(helpEntries)
    .leftJoin(
      tosAgreements,
      and(eq(tosAgreements.help_entry_id, helpEntries.id), eq(tosAgreements.users_id, viewer.id)),
    )
    .where(and(eq(helpEntries.type, "article"), isNotNull(helpEntries.terms_changed_at)));
  const pending = changed
    .filter((c) =>
      isTermsAcceptancePending({
        termsChangedAt: c.terms_changed_at,
        acceptedAt: c.accepted_at,
        userCreatedAt: user.created_at,
      }),
    )
    .map((c) => c.id);
  if (pending.length === 0) return [];
  return selectEntries(db, inArray(helpEntries.id, pending));
}

/**
 * PUT /help/tos-agreement: accepts what is pending. With `entries`, only the versions the user was shown: an
 * article changed again since stays pending rather than being accepted unread.
 */
export async function acceptTerms(
  db: Db,
  viewer: Viewer,
  seen: { id: string; terms_changed_at: string }[] | undefined,
) {
  const pending = await pendingTerms(db, viewer);
  const accepted = seen
    ? pending.filter((p) =>
        seen.some(
          (s) => s.id === p.id && new Date(s.terms_changed_at).getTime() === Date.parse(p.terms_changed_at!),
        ),
      )
    : pending;
  await acceptRows(
    db,
    viewer.id,
    accepted.map((a) => a.id),
    new Date(),
  );
  return { accepted: accepted.length, pending: pending.filter((p) => !accepted.includes(p)) };
}

/** POST /help/feedback: stored for the admins, with the sender when signed in. */
export async function saveFeedback(
  db: Db,
  viewer: Viewer | null,
  input: { feedback: string; help_entry_id?: string | null | undefined },
) {
  if (input.help_entry_id) {
    const [entry] = await db
      .select({ id: helpEntries.id })
      .from(helpEntries)
      .where(eq(helpEntries.id, input.help_entry_id));
    if (!entry) throw validationFailed({ help_entry_id: "not_found" });
  }
  await db.insert(helpFeedback).values({
    feedback: input.feedback,
    help_entry_id: input.help_entry_id ?? null,
    users_id: viewer?.id ?? null,
  });
  return { received: true as const };
}

/** GET /help/feedback (admin): the newest feedback first, with who sent it and about which entry. */
export async function listFeedback(db: Db) {
  const rows = await db
    .select({
      id: helpFeedback.id,
      feedback: helpFeedback.feedback,
      created_at: helpFeedback.created_at,
      username: users.username,
      entry_name: helpEntries.name,
    })
    .from(helpFeedback)
    .leftJoin(users, eq(users.id, helpFeedback.users_id))
    .leftJoin(helpEntries, eq(helpEntries.id, helpFeedback.help_entry_id))
    .orderBy(sql`${helpFeedback.created_at} desc`)
    .limit(200);
  return { feedback: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })) };
}
