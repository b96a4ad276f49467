import { z } from "zod";
import { PERMISSION_FLAGS, USER_ROLES } from "../rules/enums.ts";
import { COUNTS } from "../rules/limits.ts";
import { checkEmail, checkName, checkPassword, checkUsername } from "../rules/sign-up.ts";

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
});
export type SelfUser = z.infer<typeof selfUserSchema>;

/** What anybody sees of a user (creator cards, portfolios). */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string(),
  avatar_locator: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

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
