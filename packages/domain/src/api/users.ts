import { z } from "zod";
import { PERMISSION_FLAGS, USER_ROLES } from "../rules/enums.ts";

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
