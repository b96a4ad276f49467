import type { PermissionFlag, UserRole } from "./enums.ts";

/**
 * Who may change whom in the admin console (spec 6 leaves "the exact admin rules" open; docs/DECISIONS.md):
 * - nobody changes their own role, standing or flags from the console, so an admin cannot lock
 *   themselves out or quietly widen their own rights;
 * - the master account is never changed from the console;
 * - granting or revoking admin, and changing another admin, is for the master account only;
 * - any admin manages ordinary users: deactivation, reactivation and permission flags.
 */
export interface ConsoleActor {
  id: string;
  isMaster: boolean;
}

export interface ConsoleTarget {
  id: string;
  role: UserRole;
  isMaster: boolean;
}

export interface ConsoleUserChange {
  is_deactivated?: boolean;
  role?: UserRole;
  permissions?: Partial<Record<PermissionFlag, boolean>>;
}

export type ConsoleRefusal = "own_account" | "master_account" | "master_only";

export const CONSOLE_REFUSAL_MESSAGES: Record<ConsoleRefusal, string> = {
  own_account: "You cannot change your own role, standing or permissions here",
  master_account: "The master account cannot be changed from the console",
  master_only: "Only the master account may grant or revoke admin, or change another admin",
};

export function checkConsoleUserChange(
  actor: ConsoleActor,
  target: ConsoleTarget,
  change: ConsoleUserChange,
): ConsoleRefusal | null {
  if (actor.id === target.id) return "own_account";
  if (target.isMaster) return "master_account";
  const changesRole = change.role !== undefined && change.role !== target.role;
  if ((changesRole || target.role === "admin") && !actor.isMaster) return "master_only";
  return null;
}
