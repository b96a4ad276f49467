import { RESOURCE_UPLOAD_STATUS } from "./enums.ts";

/**
 * A resource's status as people see it (spec 4 Resource), derived from approval_status, status and
 * requires_approval, and what its creator can do from each. The server refuses an action the list
 * does not offer; the web app shows only the offered buttons.
 */
export const RESOURCE_DERIVED_STATUSES = [
  "incomplete",
  "inReview",
  "rejected",
  "active",
  "deactivated",
  "inactive",
] as const;
export type ResourceDerivedStatus = (typeof RESOURCE_DERIVED_STATUSES)[number];

/**
 * "creating" is incomplete (never submitted); "deactivated" is an approved resource its creator
 * switched off and may switch on again without a new review; anything else approved but not active,
 * or skipped by a reviewer, is "inactive" and has to be submitted again.
 */
export function deriveResourceStatus(r: {
  approval_status: string;
  status: string;
  requires_approval: boolean;
}): ResourceDerivedStatus {
  switch (r.approval_status) {
    case "creating":
      return "incomplete";
    case "awaiting_approval":
      return "inReview";
    case "rejected":
      return "rejected";
    case "approved":
      if (r.status === "active") return "active";
      if (r.status === "inactive" && !r.requires_approval) return "deactivated";
      return "inactive";
    default:
      return "inactive";
  }
}

/** "Editable unless active or in review": a live or queued resource must not change under buyers or reviewers. */
export function isResourceEditable(s: ResourceDerivedStatus): boolean {
  return s !== "active" && s !== "inReview";
}

export const RESOURCE_STATUS_ACTIONS = [
  "submit",
  "cancelRequest",
  "deactivate",
  "reactivate",
  "edit",
  "delete",
  "view",
] as const;
export type ResourceStatusAction = (typeof RESOURCE_STATUS_ACTIONS)[number];

const ACTIONS: Record<ResourceDerivedStatus, readonly ResourceStatusAction[]> = {
  incomplete: ["edit", "submit", "delete"],
  inReview: ["cancelRequest", "view"],
  rejected: ["edit", "submit", "delete"],
  active: ["view", "deactivate"],
  deactivated: ["view", "reactivate", "edit", "delete"],
  inactive: ["edit", "submit", "delete"],
};

/** The actions offered for a status, in the order the status step shows them. */
export function resourceStatusActions(s: ResourceDerivedStatus): ResourceStatusAction[] {
  return [...ACTIONS[s]];
}

export type ResourceUploadStatusCode = (typeof RESOURCE_UPLOAD_STATUS)[keyof typeof RESOURCE_UPLOAD_STATUS];

/**
 * The upload status code an action sets (spec 4): submit 1, cancel 0, reactivate 2, deactivate 5.
 * Other actions leave it as it is: null.
 */
export function uploadStatusAfter(action: ResourceStatusAction): ResourceUploadStatusCode | null {
  switch (action) {
    case "submit":
      return RESOURCE_UPLOAD_STATUS.submitted;
    case "cancelRequest":
      return RESOURCE_UPLOAD_STATUS.idle;
    case "reactivate":
      return RESOURCE_UPLOAD_STATUS.active;
    case "deactivate":
      return RESOURCE_UPLOAD_STATUS.deactivated;
    default:
      return null;
  }
}
