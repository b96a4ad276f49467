import {
  deriveResourceStatus,
  isResourceEditable,
  type PublishingListItem,
  type PublishingPreview,
  type PublishingResource,
  resourceStatusActions,
} from "@market/domain";
import { presentPublicUser } from "../users/index.ts";
import type { ResourceRow } from "./publishing.policy.ts";

export interface FileRow {
  id: string;
  name: string;
  size_bytes: number;
  is_premium_file: boolean;
}

export interface PreviewRow {
  id: string;
  order_index: number;
  size_bytes: number;
  storage_key: string;
  generated_name: string | null;
  width: number;
  height: number;
}

export const presentFile = (f: FileRow) => ({
  id: f.id,
  name: f.name,
  size_bytes: Number(f.size_bytes),
  is_premium_file: f.is_premium_file,
  // Stored files have been read whole: the upload draft's status 1, ready (spec 4).
  status: 1 as const,
});

export const presentPreview = (p: PreviewRow): PublishingPreview => ({
  id: p.id,
  order_index: p.order_index,
  size_bytes: p.size_bytes,
  locator: p.storage_key,
  generated_name: p.generated_name,
  width: p.width,
  height: p.height,
});

/** The resource as its creator's wizard sees it. */
export function presentPublishingResource(
  row: ResourceRow,
  extra: {
    creator: { id: string; username: string; first_name: string; avatar_locator: string | null };
    files: FileRow[];
    previews: PreviewRow[];
    step: string;
  },
): PublishingResource {
  const derivedStatus = deriveResourceStatus(row);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    display: row.display,
    subtitle: row.subtitle,
    subject_area: row.subject_area,
    description: row.description,
    grade: row.grade,
    reading_levels: row.reading_levels,
    skillsArray: row.skills,
    standardsArray: row.standards,
    keywordsArray: row.keywords,
    type: row.type,
    price: row.price,
    sale_price: row.sale_price,
    sale_end: row.sale_end,
    seat_price: row.seat_price,
    approval_status: row.approval_status,
    status: row.status,
    upload_status: row.upload_status,
    requires_approval: row.requires_approval,
    derivedStatus,
    editable: isResourceEditable(derivedStatus),
    curator_score: row.curator_score,
    rejection_reason: row.rejection_reason,
    backgroundColor: row.background_color,
    excluded_colors: row.excluded_colors,
    updated_at: new Date(row.updated_at).toISOString(),
    step: extra.step,
    users_model: presentPublicUser(extra.creator),
    resources_files_models: extra.files.map(presentFile),
    resources_previews_models: extra.previews.map(presentPreview),
  };
}

/** What the creator's publishing list reads of each resource. */
export type PublishingListRow = Pick<
  ResourceRow,
  | "id"
  | "name"
  | "title"
  | "price"
  | "approval_status"
  | "status"
  | "upload_status"
  | "requires_approval"
  | "download_count"
  | "updated_at"
> & { cover_locator: string | null };

export function presentPublishingListItem(row: PublishingListRow): PublishingListItem {
  const derivedStatus = deriveResourceStatus(row);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    price: row.price,
    approval_status: row.approval_status,
    status: row.status,
    upload_status: row.upload_status,
    derivedStatus,
    actions: resourceStatusActions(derivedStatus),
    cover_locator: row.cover_locator,
    downloadCount: row.download_count,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
