import {
  deriveResourceStatus,
  isResourceEditable,
  type ResourceStatusAction,
  resourceStatusActions,
} from "@market/domain";
import type { Db } from "../../db/client.ts";
import { resources } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { byIdOrName } from "../resources/index.ts";

export type ResourceRow = typeof resources.$inferSelect;

/**
 * Who may change a resource, a file or a preview (spec 6): its creator, holding both the upload and the
 * editing permission, or an admin. Anybody else gets the same 404 as for a resource that does not exist,
 * so a stranger learns nothing about unpublished work.
 */
export async function loadOwnResource(db: Db, viewer: Viewer, idOrName: string): Promise<ResourceRow> {
  const [row] = await db.select().from(resources).where(byIdOrName(idOrName));
  if (!row || !(viewer.isAdmin || row.users_id === viewer.id)) throw notFound("No such resource");
  assertMayPublish(viewer);
  return row;
}

/** "Editing a resource needs upload and editing" (spec 6). */
export function assertMayPublish(viewer: Viewer) {
  if (viewer.isAdmin) return;
  for (const flag of ["upload", "editing"] as const) {
    if (!viewer.permissions[flag]) {
      throw new AppError("missing_permission", `Your account does not have the ${flag} permission`);
    }
  }
}

/** "Editable unless active or in review" (spec 4); admins may correct a live resource. */
export function assertEditable(row: ResourceRow, viewer: Viewer) {
  if (viewer.isAdmin) return;
  const status = deriveResourceStatus(row);
  if (!isResourceEditable(status)) {
    throw new AppError(
      "resource_not_editable",
      status === "active"
        ? "Deactivate the resource before changing it"
        : "Cancel the approval request before changing the resource",
    );
  }
}

/** What a resource in its derived status may do next (submit, cancelRequest, deactivate, reactivate, delete). */
export function assertResourceAction(row: ResourceRow, action: ResourceStatusAction) {
  const status = deriveResourceStatus(row);
  if (!resourceStatusActions(status).includes(action)) {
    throw new AppError("invalid_resource_state", `A resource that is ${status} cannot do ${action}`);
  }
}

/**
 * A resource deletes only the stored files under its own id (see resource-files.service and
 * previews.service): demo and synthetic data share one stored file among many resources.
 */
export const isOwnKey = (resourceId: string) => (key: string) => key.includes(`/${resourceId}/`);
