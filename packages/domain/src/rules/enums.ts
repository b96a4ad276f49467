/** The enumerations of spec sections 3 and 4, shared by the database CHECKs and the API. */
export const AD_TYPES = ["1", "2", "3", "4", "5"] as const;
export type AdType = (typeof AD_TYPES)[number];

export const AD_APPROVAL_STATUSES = ["creating", "awaiting_approval", "approved", "rejected"] as const;
export const AD_RUNNING_STATUSES = ["running", "stopped", "expired"] as const;

export const RESOURCE_APPROVAL_STATUSES = [
  "creating",
  "awaiting_approval",
  "approved",
  "rejected",
  "skipped",
] as const;
/** Upload status codes (spec 4): 0 idle, 1 submitted, 2 active, 5 deactivated. */
export const RESOURCE_UPLOAD_STATUS = { idle: 0, submitted: 1, active: 2, deactivated: 5 } as const;
export const RESOURCE_STATUSES = ["active", "inactive"] as const;

export const USER_ROLES = ["user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const PERMISSION_FLAGS = [
  "controls",
  "payments",
  "messages",
  "upload",
  "editing",
  "advertise",
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

export const HELP_ENTRY_TYPES = ["article", "image", "video"] as const;
export type HelpEntryType = (typeof HELP_ENTRY_TYPES)[number];

export const DONATION_PLACEMENTS = ["prompt", "footer", "page", "idle", "logout"] as const;

export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
