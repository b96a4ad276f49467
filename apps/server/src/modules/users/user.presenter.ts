import type { PublicUser, SelfUser } from "@market/domain";
import { users } from "../../db/schema/index.ts";

type UserRow = typeof users.$inferSelect;

/** What the account's owner sees of it. Never the password or pattern hashes. */
export function presentSelf(row: UserRow, passwordMaxAgeDays: number): SelfUser {
  const passwordAgeMs = Date.now() - row.password_changed_at.getTime();
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role as SelfUser["role"],
    is_master_account: row.is_master_account,
    is_deactivated: row.is_deactivated,
    donation_date: row.donation_date ? row.donation_date.toISOString() : null,
    avatar_locator: row.avatar_locator,
    email_verified: row.email_verified_at !== null,
    recovery_email: row.recovery_email,
    has_security_pattern: row.security_pattern_hash !== null,
    has_password: row.password_hash !== null,
    password_expired: row.password_hash !== null && passwordAgeMs > passwordMaxAgeDays * 86_400_000,
    ref_code: row.ref_code,
    permissions: permissionsOf(row),
    billing: {
      organisation: row.billing_organisation,
      address: row.billing_address,
      taxId: row.billing_tax_id,
    },
  };
}

/** The account's permission flags (spec 3: controls, payments, messages, upload, editing, advertise). */
export function permissionsOf(
  row: Pick<
    UserRow,
    "perm_controls" | "perm_payments" | "perm_messages" | "perm_upload" | "perm_editing" | "perm_advertise"
  >,
): SelfUser["permissions"] {
  return {
    controls: row.perm_controls,
    payments: row.perm_payments,
    messages: row.perm_messages,
    upload: row.perm_upload,
    editing: row.perm_editing,
    advertise: row.perm_advertise,
  };
}

/** The columns presentPublicUser reads, for a select that shows users to anybody. */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  first_name: users.first_name,
  avatar_locator: users.avatar_locator,
};

/** What anybody may see of a user. */
export function presentPublicUser(
  row: Pick<UserRow, "id" | "username" | "first_name" | "avatar_locator">,
): PublicUser {
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    avatar_locator: row.avatar_locator,
  };
}

export function scopesOf(row: Pick<UserRow, "role">): string[] {
  return row.role === "admin" ? ["user", "admin"] : ["user"];
}
