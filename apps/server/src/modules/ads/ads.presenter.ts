import {
  type Ad,
  type AdType,
  deriveAdStatus,
  isAdDeletable,
  isAdEditable,
  isAdSpendEditable,
  missingAdFields,
} from "@market/domain";
import type { Viewer } from "../../platform/access.ts";
import { type AdRow, adDraft } from "./ads.policy.ts";

export interface AdStats {
  impressions: number;
  clicks: number;
  spend: number;
}

/** An ad as its advertiser or an admin sees it: what they may do to it, and the styling for admins only. */
export function presentAd(
  row: AdRow,
  viewer: Viewer,
  stats: AdStats = { impressions: 0, clicks: 0, spend: 0 },
): Ad {
  const draft = adDraft(row);
  return {
    id: row.id,
    ad_type: row.ad_type as AdType,
    approval_status: row.approval_status,
    running_status: draft.running_status,
    derivedStatus: deriveAdStatus(draft),
    editable: isAdEditable(draft, viewer.isAdmin),
    spendEditable: isAdSpendEditable(draft, viewer.isAdmin),
    missing: missingAdFields(draft),
    title: row.title,
    subtitle: row.subtitle,
    subject: row.subject,
    statement: row.statement,
    description: row.description,
    button: row.button,
    business_name: row.business_name,
    business_image: row.business_image,
    discount_code: row.discount_code,
    code: row.code,
    css_override: viewer.isAdmin ? row.css_override : null,
    click_url: row.click_url,
    image_url: row.image_url,
    image_name: row.image_name,
    image_fit: row.image_fit === "fit" ? "fit" : "fill",
    image_focus_x: row.image_focus_x,
    image_focus_y: row.image_focus_y,
    spend_per_day: row.spend_per_day,
    run_days_total: row.run_days_total,
    gradesArray: row.grades,
    isAdminAd: row.is_admin_ad,
    is_free_user_only: row.is_free_user_only,
    deletable: isAdDeletable({ ...draft, paid: row.payment_id !== null }, viewer.isAdmin),
    review_comment: row.review_comment,
    starts_at: row.starts_at?.toISOString() ?? null,
    ends_at: row.ends_at?.toISOString() ?? null,
    stats,
  };
}
