import { PERMISSION_FLAGS, USER_ROLES } from "../rules/enums.ts";
import { COUNTS } from "../rules/limits.ts";
import { PATTERN_LENGTH } from "../rules/security-pattern.ts";
import { checkEmail, checkName, checkPassword, checkUsername } from "../rules/sign-up.ts";
import { z } from "../zod.ts";
import { billingDetailsSchema } from "./billing.ts";
import { defineEndpoints } from "./endpoint.ts";
import {
  followingResponseSchema,
  followResponseSchema,
  offsetQuerySchema,
  pageQuerySchema,
  referralRequestSchema,
  referralResponseSchema,
  resourcePageSchema,
  userSummarySchema,
} from "./resources.ts";

export { type PublicUser, publicUserSchema } from "./public-user.ts";

/** What a user sees of their own account (GET /api/users/self, login response). */
export const selfUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  is_master_account: z.boolean(),
  is_deactivated: z.boolean(),
  donation_date: z.string().nullable(),
  avatar_locator: z.string().nullable(),
  email_verified: z.boolean(),
  recovery_email: z.string().nullable(),
  has_security_pattern: z.boolean(),
  /** False for an administrator made by admin:create until they set one (they signed in by a link). */
  has_password: z.boolean(),
  password_expired: z.boolean(),
  ref_code: z.string(),
  permissions: z.record(z.enum(PERMISSION_FLAGS), z.boolean()),
  /** The organisation details their receipts and statements show (issue 22). */
  billing: z.object({
    organisation: z.string().nullable(),
    address: z.string().nullable(),
    taxId: z.string().nullable(),
  }),
});
export type SelfUser = z.infer<typeof selfUserSchema>;

export const permissionsResponseSchema = z.object({
  permissions: z.record(z.enum(PERMISSION_FLAGS), z.boolean()),
  isAdmin: z.boolean(),
  isDeactivated: z.boolean(),
});

/** Account settings (spec 2: /profile/@{username}/settings). Names and usernames follow the sign-up rules. */
export const updateSelfSchema = z
  .object({
    firstName: z.string().trim().max(100),
    lastName: z.string().trim().max(100),
    username: z.string().trim().max(100),
    avatarId: z.number().int().min(1).max(COUNTS.systemAvatars),
    /** Billing details for receipts: the three parts together; an empty part clears it. */
    billing: billingDetailsSchema,
  })
  .partial()
  .strict()
  .superRefine((v, ctx) => {
    if ((v.firstName === undefined) !== (v.lastName === undefined)) {
      ctx.addIssue({ code: "custom", path: ["lastName"], message: "name_last_required" });
    } else if (v.firstName !== undefined && v.lastName !== undefined) {
      const problem = checkName(v.firstName, v.lastName);
      if (problem) ctx.addIssue({ code: "custom", path: ["firstName"], message: problem });
    }
    if (v.username !== undefined) {
      const problem = checkUsername(v.username);
      if (problem) ctx.addIssue({ code: "custom", path: ["username"], message: problem });
    }
  });

export const changePasswordSchema = z
  .object({
    /** Required by the server whenever the account has a password (has_password). */
    currentPassword: z.string().min(1).max(200).optional(),
    newPassword: z.string().max(200),
  })
  .superRefine((v, ctx) => {
    const problem = checkPassword(v.newPassword);
    if (problem) ctx.addIssue({ code: "custom", path: ["newPassword"], message: problem });
  });

export const recoveryEmailSchema = z
  .object({ recoveryEmail: z.string().trim().max(200).nullable() })
  .superRefine((v, ctx) => {
    const problem = v.recoveryEmail === null ? null : checkEmail(v.recoveryEmail);
    if (problem) ctx.addIssue({ code: "custom", path: ["recoveryEmail"], message: problem });
  });

export const confirmPasswordSchema = z.object({ password: z.string().min(1).max(200) });

/** A security pattern: 4 to 8 of the 14 pattern images, by index (PATTERN_LENGTH). */
export const patternSchema = z
  .array(z.number().int().min(0).max(13))
  .min(PATTERN_LENGTH.min)
  .max(PATTERN_LENGTH.max);

/** Setting the security pattern asks for the password again. */
export const securityPatternRequestSchema = z.object({
  password: z.string().min(1).max(200),
  pattern: patternSchema,
});

/** A user named in a path by id or by @username (a profile's address). */
export const userRefParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const followParamsSchema = z.object({ userId: z.string().trim().min(1).max(64) });

/** Accounts, profiles and following creators. */
export const userEndpoints = defineEndpoints({
  "GET /users/self": {
    summary: "The signed-in user's own account.",
    response: selfUserSchema,
  },
  "GET /users/self/permissions": { response: permissionsResponseSchema },
  "POST /users/self/mark-active": {
    summary: "Records that the user is active now.",
    response: "empty",
    status: 204,
  },
  "PATCH /users/self": { body: updateSelfSchema, response: selfUserSchema },
  "PUT /users/self/password": { body: changePasswordSchema, response: selfUserSchema },
  "PUT /users/self/recovery-email": { body: recoveryEmailSchema, response: selfUserSchema },
  "PUT /users/self/security-pattern": { body: securityPatternRequestSchema, response: selfUserSchema },
  "DELETE /users/self/security-pattern": { body: confirmPasswordSchema, response: selfUserSchema },
  "POST /users/self/deactivate": { body: confirmPasswordSchema, response: selfUserSchema },
  "POST /users/self/reactivate": { response: selfUserSchema },
  "GET /users/:id/summary": {
    summary: "A creator's profile: who they are, how many resources and followers they have.",
    params: userRefParamsSchema,
    response: userSummarySchema,
  },
  "GET /users/:id/resources": {
    summary: "A creator's published resources, a page at a time.",
    params: userRefParamsSchema,
    query: offsetQuerySchema,
    response: resourcePageSchema,
  },
  "PUT /users/following/:userId": { params: followParamsSchema, response: followResponseSchema },
  "DELETE /users/following/:userId": { params: followParamsSchema, response: followResponseSchema },
  "GET /users/self/following": {
    summary: "The creators the user follows, each with their newest resources.",
    query: pageQuerySchema,
    response: followingResponseSchema,
  },
  "PUT /referrals": {
    summary: "A link to a page of this site carrying the user's ref code.",
    body: referralRequestSchema,
    response: referralResponseSchema,
  },
});
