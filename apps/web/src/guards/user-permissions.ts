import type { SelfUser } from "@market/domain";

/**
 * Guard 5 of 6 (spec section 6, permission flags and deactivated users). The rules arrive with the account
 * issue; until then every route passes, and the guard already sits in its place in the order.
 */
export interface PermissionInput {
  path: string;
  user: SelfUser | null;
}

export function decidePermissionRedirect(_input: PermissionInput): string | null {
  return null;
}
