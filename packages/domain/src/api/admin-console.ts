import { CSS_COLOR, CSS_VAR_NAME } from "../rules/colors.ts";
import { PERMISSION_FLAGS, USER_ROLES } from "../rules/enums.ts";
import { COUNTS } from "../rules/limits.ts";
import { z } from "../zod.ts";
import { sentResponseSchema } from "./auth.ts";
import { defineEndpoints } from "./endpoint.ts";
import { siteImageKeyParamsSchema, siteImageSchema } from "./site.ts";
import { selfUserSchema } from "./users.ts";

/**
 * The admin console's calls (spec 2 Admin routes, 3 Other state, 6 and 7 Users, settings and site content):
 * the exception queues together, users, the settings audit, texts and site-image variations.
 */

const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** GET /admin/exceptions: how many items wait in each queue (spec 3: Admin queues). */
export const exceptionsSummarySchema = z.object({
  advertisements: z.number().int(),
  resources: z.number().int(),
  payouts: z.number().int(),
  totalEligiblePayouts: z.number().int(),
  supportThreads: z.number().int(),
  /** Reviews with open reports (issue 21), as GET /admin/reviews/reported counts them. */
  reviews: z.number().int(),
  /** Refund requests waiting for a decision (issue 22), as GET /admin/refunds counts them. */
  refunds: z.number().int(),
});
export type ExceptionsSummary = z.infer<typeof exceptionsSummarySchema>;

/** A user by id in the admin console's paths. */
export const adminUserIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const ADMIN_USER_FILTERS = ["all", "active", "deactivated", "admins"] as const;

/** GET /admin/users: every word of `q` must appear in the name, username or e-mail (spec 2 Text search). */
export const adminUserSearchQuerySchema = z.object({
  q: z.string().trim().max(100).default(""),
  filter: z.enum(ADMIN_USER_FILTERS).default("all"),
  page,
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const adminUserRowSchema = selfUserSchema
  .pick({
    id: true,
    username: true,
    first_name: true,
    last_name: true,
    email: true,
    role: true,
    is_master_account: true,
    is_deactivated: true,
    email_verified: true,
  })
  .extend({ created_at: z.string(), last_active_at: z.string().nullable() });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

const when = z.string();

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    permissions: selfUserSchema.shape.permissions,
    /** Deactivated by an admin (only an admin may lift it) rather than by the user. */
    deactivated_by_admin: z.boolean(),
    donation_date: z.string().nullable(),
    ref_code: z.string(),
  }),
  counts: z.object({
    resources: z.number().int(),
    ads: z.number().int(),
    sales: z.number().int(),
    salesCents: z.number().int(),
    purchases: z.number().int(),
    tipsReceived: z.number().int(),
    tipsReceivedCents: z.number().int(),
    tipsSent: z.number().int(),
  }),
  resources: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      title: z.string(),
      approval_status: z.string(),
      status: z.string(),
      price: z.number().int(),
      updated_at: when,
    }),
  ),
  ads: z.array(
    z.object({
      id: z.string(),
      ad_type: z.string(),
      title: z.string().nullable(),
      approval_status: z.string(),
      running_status: z.string().nullable(),
      spend_per_day: z.number().int(),
      run_days_total: z.number().int(),
      updated_at: when,
    }),
  ),
  /** Sales of this user's resources, newest first. */
  sales: z.array(
    z.object({
      id: z.string(),
      resourceTitle: z.string(),
      buyerUsername: z.string(),
      amount: z.number().int(),
      isGift: z.boolean(),
      created_at: when,
    }),
  ),
  /** Tips this user received and sent, newest first. */
  tips: z.array(
    z.object({
      id: z.string(),
      direction: z.enum(["received", "sent"]),
      otherUsername: z.string(),
      amount: z.number().int(),
      created_at: when,
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** PATCH /admin/users/{id}: standing, role and permission flags; who may change whom is in rules/admin-users.ts. */
export const adminUserPatchSchema = z
  .object({
    is_deactivated: z.boolean(),
    role: z.enum(USER_ROLES),
    permissions: z.partialRecord(z.enum(PERMISSION_FLAGS), z.boolean()),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "nothing_to_change" });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

/**
 * What the change log records: site settings, colours of the pool and site texts. `key` is the setting's key,
 * the colour's name or the text's key.
 */
export const SITE_CHANGE_AREAS = ["setting", "color", "text"] as const;
export type SiteChangeArea = (typeof SITE_CHANGE_AREAS)[number];

/** GET /admin/site-settings/changes: the change log of settings, colours and texts, newest first. */
export const settingChangesQuerySchema = z.object({
  key: z.string().max(80).optional(),
  area: z.enum(SITE_CHANGE_AREAS).optional(),
  page,
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const settingChangesSchema = z.object({
  changes: z.array(
    z.object({
      id: z.string(),
      area: z.enum(SITE_CHANGE_AREAS),
      key: z.string(),
      /** null: the default (nothing stored before, or a text reset to its default). */
      old_value: z.unknown(),
      new_value: z.unknown(),
      changed_at: when,
      changed_by: z.object({ id: z.string(), username: z.string() }).nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SettingChanges = z.infer<typeof settingChangesSchema>;

/** Text keys are dotted names ("home.title", "flex.7"). */
export const TEXT_KEY = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z0-9-]+){1,4}$/;
export const TEXT_MAX_LENGTH = 2000;
export const FLEX_MESSAGE_KEYS = Array.from({ length: COUNTS.flexMessageSlots }, (_, i) => `flex.${i + 1}`);

export const textKeyParamsSchema = z.object({ key: z.string().max(80).regex(TEXT_KEY) });
/** PUT /texts/{key}: an empty flex message, or "Inactive", hides the slot (spec 5). */
export const textPutSchema = z.object({ value: z.string().max(TEXT_MAX_LENGTH) }).strict();
export const textResponseSchema = z.object({ key: z.string(), value: z.string() });
/** DELETE /texts/{key}: the domain's default, or null when the screen area keeps the default itself. */
export const textResetResponseSchema = z.object({ key: z.string(), value: z.string().nullable() });

/** Colours that go with a site image: CSS variables of the pool and a colour for each. */
export const siteImageColorsSchema = z
  .array(z.object({ css_var_name: z.string().regex(CSS_VAR_NAME), color_hex: z.string().regex(CSS_COLOR) }))
  .max(COUNTS.colorPool);

/** The text fields sent beside the image of POST /admin/site-images/{key}/variations (multipart). */
export const siteImageVariationFieldsSchema = z.object({
  alt: z.string().trim().min(1).max(200),
  colors: siteImageColorsSchema.default([]),
  current: z.boolean().default(true),
});

/** A variation of a site image, by the image's key and the variation's id. */
export const siteImageVariationParamsSchema = siteImageKeyParamsSchema.extend({
  id: z.string().min(1).max(64),
});

/** PATCH /admin/site-images/{key}/variations/{id}. */
export const siteImageVariationPatchSchema = z
  .object({
    alt: z.string().trim().min(1).max(200),
    colors: siteImageColorsSchema,
    current: z.literal(true),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "nothing_to_change" });
export type SiteImageVariationPatch = z.infer<typeof siteImageVariationPatchSchema>;

export const SITE_IMAGE_MAX_BYTES = 5_000_000;

/** The admin console. Every call is for admins only (the routes' `access: "admin"`). */
export const adminConsoleEndpoints = defineEndpoints({
  "GET /admin/exceptions": {
    summary: "How many items wait in each exception queue.",
    response: exceptionsSummarySchema,
  },
  "GET /admin/users": {
    summary: "Searches users by name, username or e-mail.",
    query: adminUserSearchQuerySchema,
    response: adminUserListSchema,
  },
  "GET /admin/users/:id": { params: adminUserIdParamsSchema, response: adminUserDetailSchema },
  "PATCH /admin/users/:id": {
    summary: "Changes a user's standing, role or permission flags.",
    params: adminUserIdParamsSchema,
    body: adminUserPatchSchema,
    response: adminUserDetailSchema,
  },
  "POST /admin/users/:id/verification-email": {
    summary: "Sends a user's verification e-mail again.",
    params: adminUserIdParamsSchema,
    response: sentResponseSchema,
  },
  "GET /admin/site-settings/changes": {
    summary: "The change log of settings, colours and texts, newest first.",
    query: settingChangesQuerySchema,
    response: settingChangesSchema,
  },
  "PUT /texts/:key": { params: textKeyParamsSchema, body: textPutSchema, response: textResponseSchema },
  "DELETE /texts/:key": {
    summary: "Resets a site text to its default.",
    params: textKeyParamsSchema,
    response: textResetResponseSchema,
  },
  "POST /admin/site-images/:key/variations": {
    summary: "Uploads a variation of a site image: the fields alt, colors (JSON) and current, then the file.",
    params: siteImageKeyParamsSchema,
    body: "multipart",
    response: siteImageSchema,
    status: 201,
  },
  "PATCH /admin/site-images/:key/variations/:id": {
    params: siteImageVariationParamsSchema,
    body: siteImageVariationPatchSchema,
    response: siteImageSchema,
  },
  "DELETE /admin/site-images/:key/variations/:id": {
    params: siteImageVariationParamsSchema,
    response: siteImageSchema,
  },
});
