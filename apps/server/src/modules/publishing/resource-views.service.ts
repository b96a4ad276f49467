import type { PublishingResource } from "@market/domain";
import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { resourceFiles, resourcePreviews, resources, uploadDrafts, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { loadOwnResource, type ResourceRow } from "./publishing.policy.ts";
import {
  type PublishingListRow,
  presentPublishingListItem,
  presentPublishingResource,
} from "./publishing.presenter.ts";

/** What the creator's screens read: a resource as the wizard edits it, and the publishing list. */

async function loadExtras(db: Db, row: ResourceRow) {
  const [creator, files, previews, draft] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        first_name: users.first_name,
        avatar_locator: users.avatar_locator,
      })
      .from(users)
      .where(eq(users.id, row.users_id)),
    db
      .select()
      .from(resourceFiles)
      .where(eq(resourceFiles.resource_id, row.id))
      .orderBy(asc(resourceFiles.created_at), asc(resourceFiles.id)),
    db
      .select()
      .from(resourcePreviews)
      .where(eq(resourcePreviews.resource_id, row.id))
      .orderBy(asc(resourcePreviews.order_index), asc(resourcePreviews.created_at)),
    db.select({ step: uploadDrafts.step }).from(uploadDrafts).where(eq(uploadDrafts.resource_id, row.id)),
  ]);
  return { creator: creator[0]!, files, previews, step: draft[0]?.step ?? "pre-check" };
}

/** The answer of every publishing call that changes a resource: the resource as the wizard shows it. */
export async function presentForEditing(db: Db, row: ResourceRow): Promise<PublishingResource> {
  return presentPublishingResource(row, await loadExtras(db, row));
}

/** GET /resources/{id}/edit. */
export async function getForEditing(db: Db, viewer: Viewer, idOrName: string) {
  return presentForEditing(db, await loadOwnResource(db, viewer, idOrName));
}

/** GET /users/self/publishing: the creator's resources, newest change first, with status and actions. */
export async function listPublishing(db: Db, viewer: Viewer, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db.execute<PublishingListRow & Record<string, unknown>>(sql`
      select r.id, r.name, r.title, r.price, r.approval_status, r.status, r.upload_status, r.requires_approval,
             r.download_count, r.updated_at,
             (select p.storage_key from resource_previews p where p.resource_id = r.id
              order by p.order_index limit 1) as cover_locator
      from resources r where r.users_id = ${viewer.id}
      order by r.updated_at desc, r.id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.select({ n: count() }).from(resources).where(eq(resources.users_id, viewer.id)),
  ]);
  return { resources: rows.rows.map(presentPublishingListItem), total: total?.n ?? 0 };
}
